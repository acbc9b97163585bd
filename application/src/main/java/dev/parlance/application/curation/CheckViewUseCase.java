package dev.parlance.application.curation;

import dev.parlance.domain.governance.UserIdentity;

/**
 * A steward tries a view's SQL before saving it: the view as edited, inside the source's working
 * copy, run through governance as the steward. Saves nothing. Throws {@link
 * dev.parlance.application.access.AccessDeniedException} for a source the user does not steward.
 */
@FunctionalInterface
public interface CheckViewUseCase {
  ViewTrial check(UserIdentity user, String source, CurateItemsUseCase.ViewDefinition view);
}
