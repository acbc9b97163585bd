package dev.parlance.application.answer;

import dev.parlance.application.access.SourceAccess;
import dev.parlance.application.query.RunQueryUseCase;
import dev.parlance.domain.answer.AnswerRecord;
import dev.parlance.domain.answer.Verdict;
import dev.parlance.domain.curation.Suggestion;
import dev.parlance.domain.governance.QueryOutcome;
import dev.parlance.domain.governance.UserIdentity;
import java.util.Optional;

/**
 * Runs the chosen reading of an answer the user may see, under the user's own governance; when it
 * ran and the answer is the user's own, the choice is recorded as their verdict (the reading is
 * right), which proposes the reading's SQL to the stewards, once per answer and reading.
 */
public final class ChooseReadingService implements ChooseReadingUseCase {

  private final AnswerHistoryUseCase history;
  private final RunQueryUseCase queries;
  private final GiveFeedbackUseCase feedback;

  public ChooseReadingService(
      AnswerHistoryUseCase history, RunQueryUseCase queries, GiveFeedbackUseCase feedback) {
    this.history = history;
    this.queries = queries;
    this.feedback = feedback;
  }

  @Override
  public ChosenReading choose(UserIdentity user, long answer, int reading) {
    AnswerRecord record = history.answer(user, answer);
    SourceAccess.requireUse(user, record.source());
    String sql = record.readingSql(reading);
    QueryOutcome outcome = queries.run(new RunQueryUseCase.Command(record.source(), user, sql));
    return new ChosenReading(
        record, reading, sql, outcome, recorded(user, record, reading, outcome));
  }

  // An admin looking at someone else's answer chooses for themselves only; a reading that did not
  // run is no verdict; choosing the same reading again (a reload) proposes nothing new.
  private Optional<Suggestion> recorded(
      UserIdentity user, AnswerRecord record, int reading, QueryOutcome outcome) {
    boolean owner = record.user().equals(user.name());
    boolean again = record.feedback().map(f -> f.saysRight(reading)).orElse(false);
    if (!owner || again || !(outcome instanceof QueryOutcome.Ran)) {
      return Optional.empty();
    }
    return Optional.of(
        feedback
            .give(
                new GiveFeedbackUseCase.Command(
                    user, record.id(), Verdict.RIGHT, "chose reading " + reading, reading))
            .suggestion());
  }
}
