package dev.parlance.adapters.db.store;

import jakarta.persistence.CollectionTable;
import jakarta.persistence.Column;
import jakarta.persistence.ElementCollection;
import jakarta.persistence.Entity;
import jakarta.persistence.FetchType;
import jakarta.persistence.GeneratedValue;
import jakarta.persistence.GenerationType;
import jakarta.persistence.Id;
import jakarta.persistence.JoinColumn;
import jakarta.persistence.OrderColumn;
import jakarta.persistence.Table;
import java.math.BigDecimal;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;

/** One answer a user was given, with their feedback once they give it. */
@Entity
@Table(name = "answer_record")
class AnswerRecordEntity {
  @Id
  @GeneratedValue(strategy = GenerationType.IDENTITY)
  Long id;

  @Column(name = "asked_at", nullable = false)
  Instant askedAt;

  @Column(name = "user_name", nullable = false)
  String userName;

  @Column(name = "source_name", nullable = false)
  String sourceName;

  @Column(name = "question", nullable = false)
  String question;

  @Column(name = "status", nullable = false)
  String status;

  @Column(name = "sql_text")
  String sqlText;

  @Column(name = "confidence", nullable = false)
  double confidence;

  @Column(name = "row_count", nullable = false)
  int rowCount;

  @Column(name = "prompt_tokens", nullable = false)
  long promptTokens;

  @Column(name = "completion_tokens", nullable = false)
  long completionTokens;

  @Column(name = "cost_usd", nullable = false, precision = 18, scale = 8)
  BigDecimal costUsd;

  @Column(name = "cost_known", nullable = false)
  boolean costKnown;

  @Column(name = "wall_ms", nullable = false)
  long wallMs;

  @Column(name = "feedback_verdict")
  String feedbackVerdict;

  @Column(name = "feedback_comment")
  String feedbackComment;

  @Column(name = "feedback_at")
  Instant feedbackAt;

  @Column(name = "feedback_suggestion")
  Long feedbackSuggestion;

  @Column(name = "feedback_reading")
  Integer feedbackReading;

  @Column(name = "follows_up")
  Long followsUp;

  @Column(name = "standalone_question")
  String standaloneQuestion;

  @ElementCollection(fetch = FetchType.EAGER)
  @CollectionTable(name = "answer_reading", joinColumns = @JoinColumn(name = "answer_id"))
  @OrderColumn(name = "position")
  @Column(name = "sql_text", nullable = false)
  List<String> readings = new ArrayList<>();
}
