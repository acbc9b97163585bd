package dev.parlance.application.retrieval;

import dev.parlance.domain.governance.UserIdentity;

/**
 * A signed-in user searches a source's schema in their own words: the columns a question needs, in
 * the source's curated vocabulary.
 */
@FunctionalInterface
public interface FindColumnsUseCase {

  /** Most columns one search returns. */
  int MAX_BUDGET = 100;

  /**
   * @throws dev.parlance.application.access.AccessDeniedException when the user may not use the
   *     source
   * @throws UnknownSourceException for an unknown source
   */
  SchemaSelection find(UserIdentity user, String source, String question, int budget);
}
