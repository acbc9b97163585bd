package dev.parlance.application.retrieval;

import dev.parlance.application.access.SourceAccess;
import dev.parlance.domain.retrieval.RetrievalMode;

/** Schema search for a user who may use the source. */
public final class FindColumnsService implements FindColumnsUseCase {

  private final SourceSchemaUseCase schema;

  public FindColumnsService(SourceSchemaUseCase schema) {
    this.schema = schema;
  }

  @Override
  public SchemaSelection find(
      dev.parlance.domain.governance.UserIdentity user,
      String source,
      String question,
      int budget) {
    SourceAccess.requireUse(user, source);
    if (question == null || question.isBlank()) {
      throw new IllegalArgumentException("q: the question is empty");
    }
    if (question.length() > 2000) {
      throw new IllegalArgumentException("q: longer than 2000 characters");
    }
    if (budget < 1 || budget > MAX_BUDGET) {
      throw new IllegalArgumentException(
          "budget: must be between 1 and " + MAX_BUDGET + ", got " + budget);
    }
    return schema
        .search(source, question.strip(), RetrievalMode.DEFAULT, budget, Progress.silent())
        .selection();
  }
}
