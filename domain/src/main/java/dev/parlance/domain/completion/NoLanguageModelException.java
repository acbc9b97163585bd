package dev.parlance.domain.completion;

import java.util.Objects;

/**
 * A use case needs a language model and none is configured: the user's to fix. Carries what needed
 * it and how a model is configured (the settings, not an entry point's commands).
 */
public final class NoLanguageModelException extends RuntimeException {

  private final String what;
  private final String howToConfigure;

  public NoLanguageModelException(String what, String howToConfigure) {
    super(what + " needs a language model and none is configured");
    this.what = Objects.requireNonNull(what, "what");
    this.howToConfigure = Objects.requireNonNull(howToConfigure, "howToConfigure");
  }

  public String what() {
    return what;
  }

  /** The settings that configure a model, several lines. */
  public String howToConfigure() {
    return howToConfigure;
  }
}
