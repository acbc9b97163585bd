package dev.parlance.adapters.llm.chat;

import java.time.Duration;
import java.util.Objects;
import java.util.concurrent.ThreadLocalRandom;

/**
 * How often and how patiently a call is retried after a rate limit (429) or a vendor error (5xx):
 * exponential backoff with jitter, or exactly the vendor's {@code Retry-After} when it sends one
 * and it is no longer than {@code maxRetryAfter}. Timeouts are not retried: the fallback vendor is
 * the better bet.
 */
public record RetryPolicy(
    int maxRetries,
    Duration initialBackoff,
    double multiplier,
    Duration maxBackoff,
    Duration maxRetryAfter,
    Pause pause) {

  /** Waits; tests pass one that records instead of sleeping. */
  @FunctionalInterface
  public interface Pause {
    void pause(Duration duration) throws InterruptedException;
  }

  public RetryPolicy {
    Objects.requireNonNull(initialBackoff, "initialBackoff");
    Objects.requireNonNull(maxBackoff, "maxBackoff");
    Objects.requireNonNull(maxRetryAfter, "maxRetryAfter");
    Objects.requireNonNull(pause, "pause");
    if (maxRetries < 0 || maxRetries > 10) {
      throw new IllegalArgumentException("maxRetries must be within [0, 10], got " + maxRetries);
    }
    if (multiplier < 1) {
      throw new IllegalArgumentException("multiplier must be at least 1, got " + multiplier);
    }
  }

  /** 3 retries after about 1, 2 and 4 s; a Retry-After of up to 60 s is honoured. */
  public static RetryPolicy defaults() {
    return new RetryPolicy(
        3,
        Duration.ofSeconds(1),
        2.0,
        Duration.ofSeconds(30),
        Duration.ofSeconds(60),
        d -> Thread.sleep(d.toMillis()));
  }

  public static RetryPolicy none() {
    return defaults().withMaxRetries(0);
  }

  public RetryPolicy withMaxRetries(int value) {
    return new RetryPolicy(value, initialBackoff, multiplier, maxBackoff, maxRetryAfter, pause);
  }

  public RetryPolicy withBackoff(Duration initial, Duration max) {
    return new RetryPolicy(maxRetries, initial, multiplier, max, maxRetryAfter, pause);
  }

  public RetryPolicy withPause(Pause value) {
    return new RetryPolicy(
        maxRetries, initialBackoff, multiplier, maxBackoff, maxRetryAfter, value);
  }

  /** The wait before retry number {@code retry} (1-based): half fixed, half random. */
  Duration backoff(int retry) {
    double millis = initialBackoff.toMillis() * Math.pow(multiplier, retry - 1);
    long capped = (long) Math.min(millis, maxBackoff.toMillis());
    long half = capped / 2;
    return Duration.ofMillis(
        half + (half > 0 ? ThreadLocalRandom.current().nextLong(half + 1) : 0));
  }
}
