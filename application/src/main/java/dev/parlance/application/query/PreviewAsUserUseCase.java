package dev.parlance.application.query;

import dev.parlance.domain.governance.QueryOutcome;
import dev.parlance.domain.governance.UserIdentity;

/**
 * "Preview as user": an admin runs a statement as another identity (name, roles, attributes) to see
 * what that user would get under the source's policy: the rewritten result, or the refusal and its
 * reason. The same governed execution as {@code parlance sql --as --roles --attr}.
 */
public interface PreviewAsUserUseCase {

  /**
   * @throws dev.parlance.application.access.AccessDeniedException when {@code admin} is no admin
   * @throws dev.parlance.application.retrieval.UnknownSourceException for an unknown source
   * @throws IllegalArgumentException when the statement is empty or too long
   */
  QueryOutcome preview(UserIdentity admin, String source, UserIdentity as, String sql);

  /**
   * The identity a real user of the realm signs in with: their realm roles and their policy
   * attributes (several values joined with commas), as the portal reads them from their token.
   *
   * @throws dev.parlance.domain.identity.UnknownUserException when the realm has no such user
   * @throws UnsupportedOperationException when no realm is reachable from here
   */
  default UserIdentity realUser(UserIdentity admin, String username) {
    throw new UnsupportedOperationException("no realm to read users from");
  }
}
