package dev.parlance.application.query;

import dev.parlance.domain.governance.QueryOutcome;
import dev.parlance.domain.governance.UserIdentity;

/**
 * "Preview as user": an admin runs a statement as another identity (name, roles, attributes) to see
 * what that user would get under the source's policy: the rewritten result, or the refusal and its
 * reason. The same governed execution as {@code parlance sql --as --roles --attr}.
 */
@FunctionalInterface
public interface PreviewAsUserUseCase {

  /**
   * @throws dev.parlance.application.access.AccessDeniedException when {@code admin} is no admin
   * @throws dev.parlance.application.retrieval.UnknownSourceException for an unknown source
   * @throws IllegalArgumentException when the statement is empty or too long
   */
  QueryOutcome preview(UserIdentity admin, String source, UserIdentity as, String sql);
}
