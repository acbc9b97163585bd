package dev.parlance.domain.evaluation;

import java.time.Duration;
import java.util.Objects;

/**
 * How one benchmark query may run.
 *
 * @param timeout the query is cancelled when this much time has passed
 * @param textDecoding how TEXT values become strings
 */
public record ExecutionLimits(Duration timeout, TextDecoding textDecoding) {
  public ExecutionLimits {
    Objects.requireNonNull(timeout, "timeout");
    Objects.requireNonNull(textDecoding, "textDecoding");
    if (timeout.isNegative()) {
      throw new IllegalArgumentException("timeout must not be negative");
    }
  }
}
