package dev.parlance.domain.completion;

/** A use case needs a language model and none is configured: the user's to fix. */
public final class NoLanguageModelException extends RuntimeException {
  public NoLanguageModelException(String what) {
    super(what + " needs a language model and none is configured (see 'parlance llm check')");
  }
}
