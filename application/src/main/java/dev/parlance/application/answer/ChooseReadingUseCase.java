package dev.parlance.application.answer;

import dev.parlance.domain.answer.AnswerRecord;
import dev.parlance.domain.governance.QueryOutcome;
import dev.parlance.domain.governance.UserIdentity;

/**
 * A user chooses one of the readings an answer showed beside its own (when Parlance was unsure):
 * the reading's SQL runs again, governed as the user, and its rows become the answer they see.
 * Nothing is kept between requests: the answer's number and the reading's number say it all.
 */
public interface ChooseReadingUseCase {

  /**
   * @param reading the reading's number as the answer showed it, from 1
   * @throws UnknownAnswerException when there is no answer of that number the user may see
   * @throws IllegalArgumentException when the answer showed no reading of that number
   * @throws dev.parlance.application.access.AccessDeniedException when the user may no longer use
   *     the answer's source
   */
  ChosenReading choose(UserIdentity user, long answer, int reading);

  /**
   * The chosen reading of an answer and what its SQL gave now.
   *
   * @param outcome the rows, or the refusal or failure that running it met
   */
  record ChosenReading(AnswerRecord answer, int reading, String sql, QueryOutcome outcome) {}
}
