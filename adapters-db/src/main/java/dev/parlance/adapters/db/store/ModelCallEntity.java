package dev.parlance.adapters.db.store;

import jakarta.persistence.Column;
import jakarta.persistence.Entity;
import jakarta.persistence.GeneratedValue;
import jakarta.persistence.GenerationType;
import jakarta.persistence.Id;
import jakarta.persistence.Table;
import java.math.BigDecimal;
import java.time.Instant;

/** One language-model request in the ledger of model calls. */
@Entity
@Table(name = "model_call")
class ModelCallEntity {
  @Id
  @GeneratedValue(strategy = GenerationType.IDENTITY)
  Long id;

  @Column(name = "called_at", nullable = false)
  Instant calledAt;

  @Column(name = "purpose", nullable = false)
  String purpose;

  @Column(name = "source_name", nullable = false)
  String sourceName;

  @Column(name = "profile", nullable = false)
  String profile;

  @Column(name = "calls", nullable = false)
  int calls;

  @Column(name = "prompt_tokens", nullable = false)
  long promptTokens;

  @Column(name = "completion_tokens", nullable = false)
  long completionTokens;

  @Column(name = "usd", nullable = false, precision = 19, scale = 8)
  BigDecimal usd;

  @Column(name = "unpriced_calls", nullable = false)
  int unpricedCalls;
}
