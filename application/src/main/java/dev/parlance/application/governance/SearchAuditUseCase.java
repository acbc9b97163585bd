package dev.parlance.application.governance;

import dev.parlance.domain.governance.AuditEntry;
import dev.parlance.domain.governance.AuditPage;
import dev.parlance.domain.governance.AuditQuery;
import dev.parlance.domain.governance.UserIdentity;
import java.util.function.Consumer;

/**
 * The audit trail for signed-in users: admins read all of it; a steward reads the trail of a source
 * they steward (and must name it).
 */
public interface SearchAuditUseCase {

  /**
   * @throws dev.parlance.application.access.AccessDeniedException when the user may not read it
   */
  AuditPage search(UserIdentity user, AuditQuery query);

  /**
   * Every entry that matches {@code query} (its page and size ignored), newest first, each once
   * even while new entries arrive: what a CSV export holds.
   *
   * @throws dev.parlance.application.access.AccessDeniedException when the user may not read it
   */
  void export(UserIdentity user, AuditQuery query, Consumer<AuditEntry> each);
}
