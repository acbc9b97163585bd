package dev.parlance.adapters.db.store;

import jakarta.persistence.Column;
import jakarta.persistence.Entity;
import jakarta.persistence.GeneratedValue;
import jakarta.persistence.GenerationType;
import jakarta.persistence.Id;
import jakarta.persistence.Table;
import java.time.Instant;

/** An assistant's suggestion; its proposal is a curation file fragment. */
@Entity
@Table(name = "curation_suggestion")
class SuggestionEntity {
  @Id
  @GeneratedValue(strategy = GenerationType.IDENTITY)
  Long id;

  @Column(name = "source_name", nullable = false)
  String sourceName;

  @Column(name = "kind", nullable = false)
  String kind;

  @Column(name = "target", nullable = false)
  String target;

  @Column(name = "summary", nullable = false)
  String summary;

  @Column(name = "proposal", nullable = false, length = 200_000)
  String proposal;

  @Column(name = "status", nullable = false)
  String status;

  @Column(name = "decided_by", nullable = false)
  String decidedBy;

  @Column(name = "created_at", nullable = false)
  Instant createdAt;
}
