package dev.parlance.domain.governance;

/**
 * Reads the audit trail back filtered by user, source, time, outcome and action, a page at a time.
 */
@FunctionalInterface
public interface SearchAuditPort {
  AuditPage search(AuditQuery query);
}
