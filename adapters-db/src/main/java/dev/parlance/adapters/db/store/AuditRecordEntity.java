package dev.parlance.adapters.db.store;

import jakarta.persistence.Column;
import jakarta.persistence.Entity;
import jakarta.persistence.GeneratedValue;
import jakarta.persistence.GenerationType;
import jakarta.persistence.Id;
import jakarta.persistence.Table;
import java.time.Instant;

/** One line of the audit trail: a statement attempt, or an action on a source. */
@Entity
@Table(name = "audit_record")
class AuditRecordEntity {
  @Id
  @GeneratedValue(strategy = GenerationType.IDENTITY)
  Long id;

  @Column(name = "occurred_at", nullable = false)
  Instant occurredAt;

  @Column(name = "user_name", nullable = false)
  String userName;

  @Column(name = "roles", nullable = false)
  String roles;

  @Column(name = "source_name", nullable = false)
  String sourceName;

  @Column(name = "sql_asked", nullable = false)
  String sqlAsked;

  @Column(name = "sql_run")
  String sqlRun;

  @Column(name = "outcome", nullable = false)
  String outcome;

  @Column(name = "detail", nullable = false)
  String detail;

  @Column(name = "row_count", nullable = false)
  long rowCount;

  @Column(name = "truncated", nullable = false)
  boolean truncated;

  @Column(name = "elapsed_ms", nullable = false)
  long elapsedMs;

  @Column(name = "policy_version", nullable = false)
  int policyVersion;

  @Column(name = "action", nullable = false)
  String action = "query";
}
