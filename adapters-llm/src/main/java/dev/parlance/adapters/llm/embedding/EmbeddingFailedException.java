package dev.parlance.adapters.llm.embedding;

/** The embedding model could not embed a text; the model's own message is kept. */
public final class EmbeddingFailedException extends RuntimeException {
  EmbeddingFailedException(String model, Throwable cause) {
    super("embedding with " + model + " failed: " + cause.getMessage(), cause);
  }
}
