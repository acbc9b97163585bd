package dev.parlance.application.answer;

import java.time.Duration;
import java.util.Objects;

/** A user asked more, or spent more, than the installation allows; ask again after a while. */
public final class QuotaExceededException extends RuntimeException {

  private static final long serialVersionUID = 1L;

  private final transient Duration retryAfter;

  public QuotaExceededException(String reason, Duration retryAfter) {
    super(reason);
    this.retryAfter = Objects.requireNonNull(retryAfter, "retryAfter");
  }

  /** When asking again may succeed (at least one second). */
  public Duration retryAfter() {
    return retryAfter.compareTo(Duration.ofSeconds(1)) < 0 ? Duration.ofSeconds(1) : retryAfter;
  }
}
