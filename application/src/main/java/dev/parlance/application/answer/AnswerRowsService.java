package dev.parlance.application.answer;

import dev.parlance.application.access.SourceAccess;
import dev.parlance.application.query.RunQueryUseCase;
import dev.parlance.domain.answer.AnswerRecord;
import dev.parlance.domain.governance.QueryOutcome;
import dev.parlance.domain.governance.UserIdentity;

/** Finds the answer in the user's history and runs its SQL through governed, audited execution. */
public final class AnswerRowsService implements AnswerRowsUseCase {

  private final AnswerHistoryUseCase history;
  private final RunQueryUseCase queries;

  public AnswerRowsService(AnswerHistoryUseCase history, RunQueryUseCase queries) {
    this.history = history;
    this.queries = queries;
  }

  @Override
  public QueryOutcome rows(UserIdentity user, long answer) {
    AnswerRecord found = history.answer(user, answer);
    SourceAccess.requireUse(user, found.source());
    String sql =
        found
            .sql()
            .orElseThrow(
                () ->
                    new IllegalArgumentException(
                        "answer " + answer + " has no SQL, so it has no rows to download"));
    return queries.run(new RunQueryUseCase.Command(found.source(), user, sql));
  }
}
