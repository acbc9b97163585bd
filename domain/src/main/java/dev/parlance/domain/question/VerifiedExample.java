package dev.parlance.domain.question;

import java.util.Objects;

/** A question a steward verified, with the SQL that answers it: a few-shot example for prompts. */
public record VerifiedExample(String question, String sql) {
  public VerifiedExample {
    Objects.requireNonNull(question, "question");
    Objects.requireNonNull(sql, "sql");
    if (question.isBlank() || sql.isBlank()) {
      throw new IllegalArgumentException("a verified example needs a question and its SQL");
    }
  }
}
