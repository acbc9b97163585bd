package dev.parlance.domain.answer;

import java.time.Instant;
import java.util.Objects;

/**
 * A user's feedback on one of their answers: right or wrong, with an optional comment, on the
 * answer's own SQL or on one of the readings it showed beside it (choosing a reading says it is the
 * right one).
 *
 * @param suggestion the number of the suggestion it became for the source's stewards
 * @param reading 0 for the answer's own SQL, else the number (from 1) of the reading judged
 */
public record Feedback(Verdict verdict, String comment, Instant at, long suggestion, int reading) {

  /** Feedback on the answer's own SQL. */
  public Feedback(Verdict verdict, String comment, Instant at, long suggestion) {
    this(verdict, comment, at, suggestion, 0);
  }

  /** Longest comment kept: a paragraph, not a document. */
  public static final int MAX_COMMENT = 2000;

  public Feedback {
    Objects.requireNonNull(verdict, "verdict");
    comment = comment == null ? "" : comment.strip();
    if (comment.length() > MAX_COMMENT) {
      throw new IllegalArgumentException(
          "the comment is longer than " + MAX_COMMENT + " characters");
    }
    Objects.requireNonNull(at, "at");
    if (reading < 0) {
      throw new IllegalArgumentException("a reading is numbered from 1, not " + reading);
    }
  }

  /** Whether this says that reading {@code number} (0: the answer's own SQL) is right. */
  public boolean saysRight(int number) {
    return verdict == Verdict.RIGHT && reading == number;
  }
}
