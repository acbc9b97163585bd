package dev.parlance.application.answer;

import dev.parlance.domain.answer.AnswerRecord;
import dev.parlance.domain.governance.QueryOutcome;
import dev.parlance.domain.governance.UserIdentity;
import java.util.Optional;

/**
 * An answer as a document with an address ({@code /portal/answers/{id}}): the stored question, its
 * SQL and readings, and its rows run again now, governed as whoever opens it. The history keeps no
 * rows, so nobody sees a row their policy does not allow today. The one who asked (and an admin)
 * opens it by its number; anyone else only through a link its owner shared, and only when they may
 * use its source: they see the question, the SQL and their own rows, never who asked.
 */
public interface OpenAnswerUseCase {

  /**
   * @param shared whether the caller came through a link the answer's owner shared (the entry point
   *     checks the link)
   * @throws UnknownAnswerException when there is no answer of that number the caller may open
   * @throws dev.parlance.application.access.AccessDeniedException when the caller may not use the
   *     answer's source
   */
  OpenedAnswer open(UserIdentity user, long id, boolean shared);

  /**
   * The same, with the rows of one of the readings the answer showed beside its own (the one the
   * caller chose) instead of the answer's.
   *
   * @param reading the reading's number as the answer showed it, from 1
   * @throws IllegalArgumentException when the answer showed no reading of that number
   */
  OpenedAnswer openReading(UserIdentity user, long id, boolean shared, int reading);

  /**
   * @param own whether the caller asked it (feedback and follow-ups are theirs to give)
   * @param sql the SQL whose rows these are: the answer's, or the chosen reading's
   * @param rows that SQL run now as the caller; empty when the answer has no SQL
   */
  record OpenedAnswer(
      AnswerRecord answer, boolean own, Optional<String> sql, Optional<QueryOutcome> rows) {}
}
