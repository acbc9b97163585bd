package dev.parlance.application.answer;

import dev.parlance.application.access.SourceAccess;
import dev.parlance.application.query.RunQueryUseCase;
import dev.parlance.domain.answer.AnswerRecord;
import dev.parlance.domain.governance.UserIdentity;

/** Runs the chosen reading of an answer the user may see, under the user's own governance. */
public final class ChooseReadingService implements ChooseReadingUseCase {

  private final AnswerHistoryUseCase history;
  private final RunQueryUseCase queries;

  public ChooseReadingService(AnswerHistoryUseCase history, RunQueryUseCase queries) {
    this.history = history;
    this.queries = queries;
  }

  @Override
  public ChosenReading choose(UserIdentity user, long answer, int reading) {
    AnswerRecord record = history.answer(user, answer);
    SourceAccess.requireUse(user, record.source());
    if (reading < 1 || reading > record.readings().size()) {
      throw new IllegalArgumentException(
          "reading: answer "
              + answer
              + (record.readings().isEmpty()
                  ? " showed no other readings"
                  : " showed readings 1 to " + record.readings().size())
              + ", not "
              + reading);
    }
    String sql = record.readings().get(reading - 1);
    return new ChosenReading(
        record, reading, sql, queries.run(new RunQueryUseCase.Command(record.source(), user, sql)));
  }
}
