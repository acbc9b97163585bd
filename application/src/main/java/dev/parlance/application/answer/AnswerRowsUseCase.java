package dev.parlance.application.answer;

import dev.parlance.domain.governance.QueryOutcome;
import dev.parlance.domain.governance.UserIdentity;

/**
 * The rows of an answer of the user's history, for a download. The history keeps the SQL, never
 * rows: the SQL runs again, governed as the user asking now, so a download never holds a row they
 * may not see (an admin opening someone's answer gets the rows the admin may see).
 */
@FunctionalInterface
public interface AnswerRowsUseCase {

  /**
   * @return the governed outcome: the rows, or why the policy refused or the database failed
   * @throws UnknownAnswerException when there is no answer of that number the user may see
   * @throws dev.parlance.application.access.AccessDeniedException when the user may no longer use
   *     the answer's source
   * @throws IllegalArgumentException when the answer has no SQL (it ended without one)
   */
  QueryOutcome rows(UserIdentity user, long answer);
}
