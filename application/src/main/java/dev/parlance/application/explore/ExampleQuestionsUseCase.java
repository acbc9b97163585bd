package dev.parlance.application.explore;

import dev.parlance.domain.governance.UserIdentity;
import java.util.List;

/**
 * Example questions for a source: the stewards' approved verified questions of its published
 * curation, newest first, the question only (what to ask, not the SQL behind it).
 */
@FunctionalInterface
public interface ExampleQuestionsUseCase {

  /** How many examples a user is offered at most. */
  int MOST = 6;

  /**
   * @throws dev.parlance.application.access.AccessDeniedException when the user may not use the
   *     source
   * @throws dev.parlance.application.retrieval.UnknownSourceException for an unknown source
   */
  List<ExampleQuestion> examples(UserIdentity user, String source);

  /**
   * @param id the verified question's id
   */
  record ExampleQuestion(String id, String question) {}
}
