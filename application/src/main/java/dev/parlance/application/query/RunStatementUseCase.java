package dev.parlance.application.query;

import dev.parlance.domain.governance.QueryOutcome;
import dev.parlance.domain.governance.UserIdentity;

/**
 * A steward or admin runs their own statement on a source they steward, governed and audited like
 * every statement (analysts ask questions instead).
 */
@FunctionalInterface
public interface RunStatementUseCase {

  /**
   * @throws dev.parlance.application.access.AccessDeniedException when the user does not steward
   *     the source
   * @throws dev.parlance.application.retrieval.UnknownSourceException for an unknown source
   * @throws IllegalArgumentException when the statement is empty or too long
   */
  QueryOutcome run(UserIdentity user, String source, String sql);
}
