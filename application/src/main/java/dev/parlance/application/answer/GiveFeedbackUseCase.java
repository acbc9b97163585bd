package dev.parlance.application.answer;

import dev.parlance.domain.answer.AnswerRecord;
import dev.parlance.domain.answer.Verdict;
import dev.parlance.domain.curation.Suggestion;
import dev.parlance.domain.governance.UserIdentity;
import java.util.Objects;

/**
 * A user says one of their answers was right or wrong, with a comment; it becomes a suggestion for
 * the source's stewards: a right answer's question and SQL as a proposed verified question, a wrong
 * one as a report to look into.
 */
public interface GiveFeedbackUseCase {

  /**
   * @throws UnknownAnswerException when the answer is not in the user's history
   */
  FeedbackGiven give(Command command);

  record Command(UserIdentity user, long answer, Verdict verdict, String comment) {
    public Command {
      Objects.requireNonNull(user, "user");
      Objects.requireNonNull(verdict, "verdict");
      comment = comment == null ? "" : comment.strip();
    }
  }

  record FeedbackGiven(AnswerRecord answer, Suggestion suggestion) {}
}
