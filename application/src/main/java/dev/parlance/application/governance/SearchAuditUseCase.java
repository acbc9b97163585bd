package dev.parlance.application.governance;

import dev.parlance.domain.governance.AuditPage;
import dev.parlance.domain.governance.AuditQuery;
import dev.parlance.domain.governance.UserIdentity;

/**
 * The audit trail for signed-in users: admins read all of it; a steward reads the trail of a source
 * they steward (and must name it).
 */
@FunctionalInterface
public interface SearchAuditUseCase {

  /**
   * @throws dev.parlance.application.access.AccessDeniedException when the user may not read it
   */
  AuditPage search(UserIdentity user, AuditQuery query);
}
