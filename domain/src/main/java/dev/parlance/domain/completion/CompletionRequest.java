package dev.parlance.domain.completion;

import java.util.ArrayList;
import java.util.List;

/**
 * A conversation to complete, and how: temperature, a cap on the answer's tokens, and how many
 * independent samples to draw (each sample is one call, so each has its own usage and cost).
 */
public record CompletionRequest(
    List<PromptMessage> messages, double temperature, int maxTokens, int samples) {

  public static final int DEFAULT_MAX_TOKENS = 1024;
  public static final int MAX_SAMPLES = 64;

  public CompletionRequest {
    messages = List.copyOf(messages);
    if (messages.stream().noneMatch(m -> m.role() == PromptMessage.Role.USER)) {
      throw new IllegalArgumentException("a completion request needs at least one user message");
    }
    if (!(temperature >= 0 && temperature <= 2)) {
      throw new IllegalArgumentException("temperature must be within [0, 2], got " + temperature);
    }
    if (maxTokens < 1) {
      throw new IllegalArgumentException("maxTokens must be positive, got " + maxTokens);
    }
    if (samples < 1 || samples > MAX_SAMPLES) {
      throw new IllegalArgumentException(
          "samples must be within [1, " + MAX_SAMPLES + "], got " + samples);
    }
  }

  /** One deterministic answer (temperature 0) to a user message. */
  public static CompletionRequest of(String user) {
    return new CompletionRequest(List.of(PromptMessage.user(user)), 0, DEFAULT_MAX_TOKENS, 1);
  }

  /** One deterministic answer (temperature 0) to a system and a user message. */
  public static CompletionRequest of(String system, String user) {
    return new CompletionRequest(
        List.of(PromptMessage.system(system), PromptMessage.user(user)), 0, DEFAULT_MAX_TOKENS, 1);
  }

  public CompletionRequest withTemperature(double value) {
    return new CompletionRequest(messages, value, maxTokens, samples);
  }

  public CompletionRequest withMaxTokens(int value) {
    return new CompletionRequest(messages, temperature, value, samples);
  }

  public CompletionRequest withSamples(int value) {
    return new CompletionRequest(messages, temperature, maxTokens, value);
  }

  /** The conversation followed by one more message, e.g. a correction round's feedback. */
  public CompletionRequest followedBy(PromptMessage... more) {
    List<PromptMessage> all = new ArrayList<>(messages);
    all.addAll(List.of(more));
    return new CompletionRequest(all, temperature, maxTokens, samples);
  }
}
