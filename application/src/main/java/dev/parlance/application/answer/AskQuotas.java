package dev.parlance.application.answer;

import dev.parlance.domain.answer.AnswerHistoryPort;
import dev.parlance.domain.answer.Spend;
import java.math.BigDecimal;
import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.time.LocalDate;
import java.time.ZoneOffset;
import java.util.ArrayDeque;
import java.util.Deque;
import java.util.Map;
import java.util.Objects;
import java.util.concurrent.ConcurrentHashMap;

/**
 * What one user may ask: at most so many questions a minute (a sliding window per user, kept in
 * this process), and within a daily budget of tokens and money per user and per source (summed from
 * the answer history, so every instance sees the same day). A limit of 0 means none. Days are UTC
 * days.
 */
public final class AskQuotas {

  private static final Duration WINDOW = Duration.ofMinutes(1);

  /**
   * @param asksPerMinute questions one user may start per minute
   * @param userDailyTokens tokens one user's answers may use per day
   * @param userDailyUsd money one user's answers may cost per day
   * @param sourceDailyTokens tokens all answers about one source may use per day
   * @param sourceDailyUsd money all answers about one source may cost per day
   */
  public record Limits(
      int asksPerMinute,
      long userDailyTokens,
      BigDecimal userDailyUsd,
      long sourceDailyTokens,
      BigDecimal sourceDailyUsd) {
    public Limits {
      userDailyUsd = Objects.requireNonNullElse(userDailyUsd, BigDecimal.ZERO);
      sourceDailyUsd = Objects.requireNonNullElse(sourceDailyUsd, BigDecimal.ZERO);
      if (asksPerMinute < 0
          || userDailyTokens < 0
          || sourceDailyTokens < 0
          || userDailyUsd.signum() < 0
          || sourceDailyUsd.signum() < 0) {
        throw new IllegalArgumentException("ask limits cannot be negative (0 means none)");
      }
    }

    public static Limits none() {
      return new Limits(0, 0, BigDecimal.ZERO, 0, BigDecimal.ZERO);
    }
  }

  private final Limits limits;
  private final AnswerHistoryPort history;
  private final Clock clock;
  private final Map<String, Deque<Instant>> recent = new ConcurrentHashMap<>();

  public AskQuotas(Limits limits, AnswerHistoryPort history, Clock clock) {
    this.limits = limits;
    this.history = history;
    this.clock = clock;
  }

  public Limits limits() {
    return limits;
  }

  /**
   * Lets the user's question through, counting it against their rate, or refuses it.
   *
   * @throws QuotaExceededException when a rate or a budget is spent, with when to ask again
   */
  public void admit(String user, String source) {
    Instant now = clock.instant();
    Instant midnight =
        LocalDate.ofInstant(now, ZoneOffset.UTC).atStartOfDay(ZoneOffset.UTC).toInstant();
    Duration untilTomorrow = Duration.between(now, midnight.plus(Duration.ofDays(1)));
    if (limits.userDailyTokens() > 0 || limits.userDailyUsd().signum() > 0) {
      Spend spent = history.spentByUser(user, midnight);
      spent(spent, limits.userDailyTokens(), limits.userDailyUsd(), "your", untilTomorrow);
    }
    if (limits.sourceDailyTokens() > 0 || limits.sourceDailyUsd().signum() > 0) {
      Spend spent = history.spentOnSource(source, midnight);
      spent(
          spent,
          limits.sourceDailyTokens(),
          limits.sourceDailyUsd(),
          "source " + source + "'s",
          untilTomorrow);
    }
    if (limits.asksPerMinute() > 0) {
      rate(user, now);
    }
  }

  /**
   * Reads what {@link #admit} reads for a question about {@code source} (today's spending of a user
   * and of the source), counting nothing: a starting server runs the store's queries once, so that
   * its first question does not pay for them.
   */
  public void prepare(String user, String source) {
    Instant midnight =
        LocalDate.ofInstant(clock.instant(), ZoneOffset.UTC)
            .atStartOfDay(ZoneOffset.UTC)
            .toInstant();
    if (limits.userDailyTokens() > 0 || limits.userDailyUsd().signum() > 0) {
      history.spentByUser(user, midnight);
    }
    if (limits.sourceDailyTokens() > 0 || limits.sourceDailyUsd().signum() > 0) {
      history.spentOnSource(source, midnight);
    }
  }

  private static void spent(
      Spend spent, long tokens, BigDecimal usd, String whose, Duration untilTomorrow) {
    if (tokens > 0 && spent.tokens() >= tokens) {
      throw new QuotaExceededException(
          whose + " daily budget of " + tokens + " tokens is spent; it renews at 00:00 UTC",
          untilTomorrow);
    }
    if (usd.signum() > 0 && spent.usd().compareTo(usd) >= 0) {
      throw new QuotaExceededException(
          whose
              + " daily budget of US$"
              + usd.toPlainString()
              + " is spent; it renews at 00:00 UTC",
          untilTomorrow);
    }
  }

  private void rate(String user, Instant now) {
    Deque<Instant> asked = recent.computeIfAbsent(user, u -> new ArrayDeque<>());
    synchronized (asked) {
      while (!asked.isEmpty() && !asked.peekFirst().isAfter(now.minus(WINDOW))) {
        asked.pollFirst();
      }
      if (asked.size() >= limits.asksPerMinute()) {
        Duration wait = Duration.between(now, asked.peekFirst().plus(WINDOW));
        throw new QuotaExceededException(
            "at most "
                + limits.asksPerMinute()
                + " questions a minute; ask again in "
                + Math.max(1, (wait.toMillis() + 999) / 1000)
                + " s",
            wait);
      }
      asked.addLast(now);
    }
  }
}
