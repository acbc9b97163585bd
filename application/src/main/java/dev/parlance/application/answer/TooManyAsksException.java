package dev.parlance.application.answer;

import java.time.Duration;
import java.util.Objects;

/**
 * A question refused because too many are being answered at once: the user's own ({@code everyone}
 * false: the REST API's 429) or everyone's ({@code everyone} true: 503); ask again after {@link
 * #retryAfter()}.
 */
public final class TooManyAsksException extends RuntimeException {

  private static final long serialVersionUID = 1L;

  private final boolean everyone;
  private final transient Duration retryAfter;

  public TooManyAsksException(String reason, boolean everyone, Duration retryAfter) {
    super(reason);
    this.everyone = everyone;
    this.retryAfter = Objects.requireNonNull(retryAfter, "retryAfter");
  }

  /** Whether the server's limit for everyone, not the user's own, refused the question. */
  public boolean everyone() {
    return everyone;
  }

  /** When asking again may succeed (at least one second). */
  public Duration retryAfter() {
    return retryAfter.compareTo(Duration.ofSeconds(1)) < 0 ? Duration.ofSeconds(1) : retryAfter;
  }
}
