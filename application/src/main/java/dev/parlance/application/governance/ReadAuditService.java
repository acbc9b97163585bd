package dev.parlance.application.governance;

import dev.parlance.domain.governance.FindAuditPort;
import dev.parlance.domain.governance.QueryAttempted;
import java.util.List;

/** Reads the audit trail back; it holds statements and decisions, never result values. */
public final class ReadAuditService implements ReadAuditUseCase {

  private final FindAuditPort audit;

  public ReadAuditService(FindAuditPort audit) {
    this.audit = audit;
  }

  @Override
  public List<QueryAttempted> latest(String source, int limit) {
    return audit.latest(source, Math.max(1, limit));
  }
}
