package dev.parlance.domain.completion;

import java.util.Objects;

/** One message of a conversation sent to a language model. */
public record PromptMessage(Role role, String text) {

  /** Who speaks: instructions, the user, or the model's own earlier turn (few-shot, correction). */
  public enum Role {
    SYSTEM,
    USER,
    ASSISTANT
  }

  public PromptMessage {
    Objects.requireNonNull(role, "role");
    Objects.requireNonNull(text, "text");
    if (text.isBlank()) {
      throw new IllegalArgumentException("a " + role + " message needs text");
    }
  }

  public static PromptMessage system(String text) {
    return new PromptMessage(Role.SYSTEM, text);
  }

  public static PromptMessage user(String text) {
    return new PromptMessage(Role.USER, text);
  }

  public static PromptMessage assistant(String text) {
    return new PromptMessage(Role.ASSISTANT, text);
  }
}
