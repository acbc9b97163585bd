package dev.parlance.application.answer;

import dev.parlance.application.access.SourceAccess;
import dev.parlance.application.query.RunQueryUseCase;
import dev.parlance.domain.answer.AnswerHistoryPort;
import dev.parlance.domain.answer.AnswerRecord;
import dev.parlance.domain.governance.QueryOutcome;
import dev.parlance.domain.governance.UserIdentity;
import java.util.Optional;

/** Finds the answer, checks who may open it, and runs its SQL governed as the caller. */
public final class OpenAnswerService implements OpenAnswerUseCase {

  private final AnswerHistoryPort history;
  private final RunQueryUseCase queries;

  public OpenAnswerService(AnswerHistoryPort history, RunQueryUseCase queries) {
    this.history = history;
    this.queries = queries;
  }

  @Override
  public OpenedAnswer open(UserIdentity user, long id, boolean shared) {
    AnswerRecord found = find(user, id, shared);
    return opened(user, found, found.sql());
  }

  @Override
  public OpenedAnswer openReading(UserIdentity user, long id, boolean shared, int reading) {
    AnswerRecord found = find(user, id, shared);
    return opened(user, found, Optional.of(found.readingSql(reading)));
  }

  private AnswerRecord find(UserIdentity user, long id, boolean shared) {
    AnswerRecord found = history.find(id).orElseThrow(() -> new UnknownAnswerException(id));
    boolean own = found.user().equals(user.name());
    if (!own && !shared && !SourceAccess.isAdmin(user)) {
      throw new UnknownAnswerException(id);
    }
    SourceAccess.requireUse(user, found.source());
    return found;
  }

  private OpenedAnswer opened(UserIdentity user, AnswerRecord found, Optional<String> sql) {
    Optional<QueryOutcome> rows =
        sql.map(s -> queries.run(new RunQueryUseCase.Command(found.source(), user, s)));
    return new OpenedAnswer(found, found.user().equals(user.name()), sql, rows);
  }
}
