package dev.parlance.domain.evaluation;

import java.util.Objects;
import java.util.Optional;

/**
 * A question an organisation has verified, with the SQL that answers it: its own benchmark.
 *
 * @param source the data source the SQL runs on
 * @param difficulty a label the organisation chose, if any
 */
public record VerifiedQuestion(
    String question, String sql, String source, Optional<String> difficulty) {
  public VerifiedQuestion {
    Objects.requireNonNull(question, "question");
    Objects.requireNonNull(sql, "sql");
    Objects.requireNonNull(source, "source");
    difficulty = Objects.requireNonNullElse(difficulty, Optional.empty());
  }
}
