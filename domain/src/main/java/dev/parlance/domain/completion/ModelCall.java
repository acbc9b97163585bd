package dev.parlance.domain.completion;

import java.time.Instant;
import java.util.Objects;

/**
 * One request to a language model as Parlance's ledger keeps it: when, for what, about which source
 * (empty when none), which profile, how many vendor calls it made (samples, failures and retries
 * that reached the vendor) and what they cost.
 */
public record ModelCall(
    Instant at,
    ModelPurpose purpose,
    String source,
    String profile,
    int calls,
    TokenUsage usage,
    Cost cost) {

  public ModelCall {
    Objects.requireNonNull(at, "at");
    Objects.requireNonNull(purpose, "purpose");
    source = source == null ? "" : source;
    profile = profile == null ? "" : profile;
    Objects.requireNonNull(usage, "usage");
    Objects.requireNonNull(cost, "cost");
    if (calls < 0) {
      throw new IllegalArgumentException("calls cannot be negative");
    }
  }
}
