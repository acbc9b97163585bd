package dev.parlance.domain.governance;

/** Keeps the audit trail of every statement attempt. */
@FunctionalInterface
public interface RecordAuditPort {
  void record(QueryAttempted attempt);
}
