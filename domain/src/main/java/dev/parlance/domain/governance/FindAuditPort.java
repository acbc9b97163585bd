package dev.parlance.domain.governance;

import java.util.List;

/** Reads the audit trail back, newest first. */
@FunctionalInterface
public interface FindAuditPort {
  List<QueryAttempted> latest(String source, int limit);
}
