package dev.parlance.domain.question;

import dev.parlance.domain.sql.SqlComments;
import java.util.Objects;

/**
 * A question a steward verified, with the SQL that answers it: a few-shot example for prompts, its
 * SQL without comments ({@link SqlComments}).
 */
public record VerifiedExample(String question, String sql) {
  public VerifiedExample {
    Objects.requireNonNull(question, "question");
    Objects.requireNonNull(sql, "sql");
    sql = SqlComments.strip(sql);
    if (question.isBlank() || sql.isBlank()) {
      throw new IllegalArgumentException("a verified example needs a question and its SQL");
    }
  }
}
