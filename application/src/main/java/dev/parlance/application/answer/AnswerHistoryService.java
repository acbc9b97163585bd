package dev.parlance.application.answer;

import dev.parlance.application.access.SourceAccess;
import dev.parlance.domain.answer.AnswerHistoryPort;
import dev.parlance.domain.answer.AnswerRecord;
import dev.parlance.domain.governance.UserIdentity;

/** Reads the answer history, each user their own. */
public final class AnswerHistoryService implements AnswerHistoryUseCase {

  public static final int MAX_PAGE_SIZE = 100;

  private final AnswerHistoryPort history;

  public AnswerHistoryService(AnswerHistoryPort history) {
    this.history = history;
  }

  @Override
  public HistoryPage history(UserIdentity user, int page, int size) {
    if (page < 0) {
      throw new IllegalArgumentException("page must be 0 or more, got " + page);
    }
    if (size < 1 || size > MAX_PAGE_SIZE) {
      throw new IllegalArgumentException(
          "size must be between 1 and " + MAX_PAGE_SIZE + ", got " + size);
    }
    return new HistoryPage(
        history.byUser(user.name(), page * size, size),
        history.countByUser(user.name()),
        page,
        size);
  }

  @Override
  public AnswerRecord answer(UserIdentity user, long id) {
    return history
        .find(id)
        .filter(a -> a.user().equals(user.name()) || SourceAccess.isAdmin(user))
        .orElseThrow(() -> new UnknownAnswerException(id));
  }
}
