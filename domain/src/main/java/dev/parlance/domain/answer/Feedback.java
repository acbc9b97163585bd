package dev.parlance.domain.answer;

import java.time.Instant;
import java.util.Objects;

/**
 * A user's feedback on one of their answers: right or wrong, with an optional comment.
 *
 * @param suggestion the number of the suggestion it became for the source's stewards
 */
public record Feedback(Verdict verdict, String comment, Instant at, long suggestion) {

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
  }
}
