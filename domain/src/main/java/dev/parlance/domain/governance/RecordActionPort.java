package dev.parlance.domain.governance;

/** Keeps what stewards and admins did to sources in the audit trail, beside the statements. */
@FunctionalInterface
public interface RecordActionPort {
  void record(ActionTaken action);
}
