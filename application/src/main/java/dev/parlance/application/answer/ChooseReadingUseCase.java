package dev.parlance.application.answer;

import dev.parlance.domain.answer.AnswerRecord;
import dev.parlance.domain.curation.Suggestion;
import dev.parlance.domain.governance.QueryOutcome;
import dev.parlance.domain.governance.UserIdentity;
import java.util.Optional;

/**
 * A user chooses one of the readings an answer showed beside its own (when Parlance was unsure):
 * the reading's SQL runs again, governed as the user, and its rows become the answer they see.
 * Nothing is kept between requests: the answer's number and the reading's number say it all. The
 * choice is the user's verdict: the reading is right, and its SQL is proposed to the source's
 * stewards as a verified question (as feedback "right" proposes the answer's own SQL).
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
   * @param proposed the suggestion the choice became for the stewards; empty when the reading did
   *     not run, the answer is someone else's (an admin's look), or this reading was chosen before
   */
  record ChosenReading(
      AnswerRecord answer,
      int reading,
      String sql,
      QueryOutcome outcome,
      Optional<Suggestion> proposed) {}
}
