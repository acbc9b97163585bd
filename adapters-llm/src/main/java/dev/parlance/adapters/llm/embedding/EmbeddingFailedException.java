package dev.parlance.adapters.llm.embedding;

import dev.parlance.domain.failure.ComponentUnavailableException;

/** The embedding model could not embed a text; the model's own message is kept. */
public final class EmbeddingFailedException extends ComponentUnavailableException {
  EmbeddingFailedException(String model, Throwable cause) {
    super(
        Component.EMBEDDING_MODEL,
        "embedding with " + model + " failed: " + cause.getMessage(),
        cause);
  }
}
