package dev.parlance.domain.evaluation;

import java.util.Objects;
import java.util.Optional;

/**
 * A question an organisation has verified, with the SQL that answers it: its own benchmark.
 *
 * @param source the data source the SQL runs on
 * @param difficulty a label the organisation chose, if any
 * @param baseSql the same answer written over the source's base tables, when the SQL reads curated
 *     views: what a run on the base tables alone measures its schema recall against
 */
public record VerifiedQuestion(
    String question,
    String sql,
    String source,
    Optional<String> difficulty,
    Optional<String> baseSql) {
  public VerifiedQuestion {
    Objects.requireNonNull(question, "question");
    Objects.requireNonNull(sql, "sql");
    Objects.requireNonNull(source, "source");
    difficulty = Objects.requireNonNullElse(difficulty, Optional.empty());
    baseSql = Objects.requireNonNullElse(baseSql, Optional.empty());
  }

  public VerifiedQuestion(String question, String sql, String source, Optional<String> difficulty) {
    this(question, sql, source, difficulty, Optional.empty());
  }
}
