package dev.parlance.application.answer;

import dev.parlance.domain.answer.AnswerRecord;
import dev.parlance.domain.answer.Verdict;
import dev.parlance.domain.curation.Suggestion;
import dev.parlance.domain.governance.UserIdentity;
import java.util.Objects;

/**
 * A user says one of their answers was right or wrong, with a comment; it becomes a suggestion for
 * the source's stewards: a right answer's question and SQL as a proposed verified question, a wrong
 * one as a report to look into. The verdict may be on one of the readings the answer showed beside
 * its own SQL (choosing a reading says it is right): the reading's SQL is then the one proposed.
 */
public interface GiveFeedbackUseCase {

  /**
   * @throws UnknownAnswerException when the answer is not in the user's history
   * @throws IllegalArgumentException when the answer showed no reading of the command's number
   */
  FeedbackGiven give(Command command);

  /**
   * @param reading 0 for the answer's own SQL, else the number (from 1) of the reading judged
   */
  record Command(UserIdentity user, long answer, Verdict verdict, String comment, int reading) {
    public Command {
      Objects.requireNonNull(user, "user");
      Objects.requireNonNull(verdict, "verdict");
      comment = comment == null ? "" : comment.strip();
    }

    /** A verdict on the answer's own SQL. */
    public Command(UserIdentity user, long answer, Verdict verdict, String comment) {
      this(user, answer, verdict, comment, 0);
    }
  }

  record FeedbackGiven(AnswerRecord answer, Suggestion suggestion) {}
}
