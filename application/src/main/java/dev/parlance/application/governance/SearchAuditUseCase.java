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

  /**
   * The question behind each statement of {@code entries} that ran for a user's question: the
   * question of the answer by the same user about the same source, asked at most a few minutes
   * before, whose SQL (or one of whose readings) is the statement. Entries of statements no
   * question asked (a steward's SQL, a candidate the answer did not keep) have none.
   *
   * @return the question by the entry's id
   */
  default java.util.Map<Long, String> questions(
      UserIdentity user, java.util.List<AuditEntry> entries) {
    return java.util.Map.of();
  }
}
