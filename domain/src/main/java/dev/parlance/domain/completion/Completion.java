package dev.parlance.domain.completion;

import java.time.Duration;
import java.util.Objects;

/**
 * One answer of one call: the model's text exactly as sent (prose, fences and all), what it cost,
 * who answered, and how long it took including retries.
 */
public record Completion(
    String text,
    TokenUsage usage,
    Cost cost,
    String vendor,
    String model,
    Duration latency,
    int attempts,
    Ending ending) {

  /** Why the model stopped writing. */
  public enum Ending {
    /** It finished its answer. */
    FINISHED,
    /** It hit the token cap: the answer is cut off. */
    TRUNCATED,
    /** Anything else the vendor reported. */
    OTHER
  }

  public Completion {
    Objects.requireNonNull(text, "text");
    Objects.requireNonNull(usage, "usage");
    Objects.requireNonNull(cost, "cost");
    Objects.requireNonNull(vendor, "vendor");
    Objects.requireNonNull(model, "model");
    Objects.requireNonNull(latency, "latency");
    Objects.requireNonNull(ending, "ending");
    if (attempts < 1) {
      throw new IllegalArgumentException("a completion takes at least one attempt");
    }
  }

  public boolean truncated() {
    return ending == Ending.TRUNCATED;
  }
}
