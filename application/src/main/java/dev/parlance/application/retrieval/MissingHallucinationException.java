package dev.parlance.application.retrieval;

/** The paper's mode was asked for without a hallucinated schema and no model to make one. */
public final class MissingHallucinationException extends RuntimeException {
  public MissingHallucinationException(String question) {
    super(
        "paper mode needs a hallucinated schema for \""
            + question
            + "\": configure an LLM or give cached hallucinations");
  }
}
