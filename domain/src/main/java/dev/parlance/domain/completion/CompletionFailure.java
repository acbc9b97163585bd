package dev.parlance.domain.completion;

import java.time.Duration;
import java.util.Objects;

/**
 * A call that gave no usable answer, with the vendor's own message (one line). Tokens a vendor
 * billed before failing (e.g. a refusal) are kept so the cost adds up.
 */
public record CompletionFailure(
    FailureKind kind,
    String vendor,
    String model,
    String message,
    TokenUsage usage,
    Cost cost,
    Duration latency,
    int attempts) {

  public CompletionFailure {
    Objects.requireNonNull(kind, "kind");
    Objects.requireNonNull(vendor, "vendor");
    Objects.requireNonNull(model, "model");
    Objects.requireNonNull(message, "message");
    Objects.requireNonNull(usage, "usage");
    Objects.requireNonNull(cost, "cost");
    Objects.requireNonNull(latency, "latency");
    message = message.replaceAll("\\s+", " ").strip();
  }

  /** A failure before any token was billed. */
  public static CompletionFailure of(
      FailureKind kind,
      String vendor,
      String model,
      String message,
      Duration latency,
      int attempts) {
    return new CompletionFailure(
        kind, vendor, model, message, TokenUsage.NONE, Cost.ZERO, latency, attempts);
  }

  /** E.g. {@code openai gpt-4o-mini: RATE_LIMITED after 4 attempts: Rate limit reached ...}. */
  public String describe() {
    return vendor
        + " "
        + model
        + ": "
        + kind
        + (attempts > 1 ? " after " + attempts + " attempts" : "")
        + ": "
        + message;
  }
}
