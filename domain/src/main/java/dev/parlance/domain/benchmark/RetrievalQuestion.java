package dev.parlance.domain.benchmark;

import dev.parlance.domain.retrieval.HallucinatedSchema;
import java.util.Objects;
import java.util.Optional;
import java.util.Set;

/**
 * A benchmark question with the columns its gold SQL uses.
 *
 * @param goldColumns gold column ids ({@code table.column}, case-insensitive); empty for datasets
 *     without gold, which measure speed only
 * @param hallucination the question's cached hallucinated schema, when the dataset has one
 */
public record RetrievalQuestion(
    String id,
    String question,
    Set<String> goldColumns,
    Optional<HallucinatedSchema> hallucination) {

  public RetrievalQuestion {
    Objects.requireNonNull(id, "id");
    Objects.requireNonNull(question, "question");
    goldColumns = Set.copyOf(goldColumns);
    hallucination = Objects.requireNonNullElse(hallucination, Optional.empty());
  }
}
