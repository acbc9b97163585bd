package dev.parlance.domain.evaluation;

import java.util.Objects;
import java.util.Optional;

/**
 * A benchmark question with its gold query.
 *
 * @param id the dataset's id (BIRD's {@code question_id}, Spider's position in {@code dev.json})
 * @param database the id of the database it is asked of
 * @param evidence BIRD's external knowledge, when the dataset has it
 * @param difficulty the question's difficulty: BIRD's given label, Spider's computed hardness
 */
public record EvaluationQuestion(
    String id,
    String database,
    String question,
    Optional<String> evidence,
    String goldSql,
    Optional<String> difficulty) {

  public EvaluationQuestion {
    Objects.requireNonNull(id, "id");
    Objects.requireNonNull(database, "database");
    Objects.requireNonNull(question, "question");
    evidence = Objects.requireNonNullElse(evidence, Optional.empty());
    Objects.requireNonNull(goldSql, "goldSql");
    difficulty = Objects.requireNonNullElse(difficulty, Optional.empty());
  }
}
