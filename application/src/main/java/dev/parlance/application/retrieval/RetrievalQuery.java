package dev.parlance.application.retrieval;

import dev.parlance.domain.retrieval.HallucinatedSchema;
import dev.parlance.domain.retrieval.RetrievalMode;
import java.util.Objects;
import java.util.Optional;

/**
 * A request for the schema elements a question needs.
 *
 * @param hallucination a hallucinated schema already at hand (e.g. cached); when empty, modes that
 *     need one ask the hallucination port, if there is one
 * @param budget how many columns to return at most (CRUSH4SQL's B)
 */
public record RetrievalQuery(
    String source,
    String question,
    Optional<HallucinatedSchema> hallucination,
    RetrievalMode mode,
    int budget) {

  public RetrievalQuery {
    Objects.requireNonNull(source, "source");
    if (question == null || question.isBlank()) {
      throw new IllegalArgumentException("the question is empty");
    }
    hallucination = Objects.requireNonNullElse(hallucination, Optional.empty());
    Objects.requireNonNull(mode, "mode");
    if (budget < 1) {
      throw new IllegalArgumentException("the budget must be at least 1, was " + budget);
    }
  }

  public static RetrievalQuery of(String source, String question, RetrievalMode mode, int budget) {
    return new RetrievalQuery(source, question, Optional.empty(), mode, budget);
  }
}
