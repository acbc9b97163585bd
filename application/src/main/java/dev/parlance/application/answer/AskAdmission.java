package dev.parlance.application.answer;

import java.time.Duration;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.concurrent.atomic.AtomicLong;

/**
 * How many questions are answered at once: at most {@code perUser} for one user (from arrival to
 * answer, waiting included) and {@code total} worked on for everyone (0: no limit), so that one
 * user cannot take the server's memory and time from the others. A question over a limit is refused
 * at once ({@link TooManyAsksException}) with when to try again: about the time a question has
 * lately taken. Kept in this process.
 */
public final class AskAdmission {

  /**
   * @param perUser questions one user may have answered at once
   * @param total questions answered at once for everyone
   */
  public record Limits(int perUser, int total) {
    public Limits {
      if (perUser < 0 || total < 0) {
        throw new IllegalArgumentException("limits on asks at once cannot be negative (0: none)");
      }
    }

    public static Limits none() {
      return new Limits(0, 0);
    }
  }

  /** A question admitted; closing it lets the next one in. */
  public interface Ticket extends AutoCloseable {
    @Override
    void close();
  }

  private final Limits limits;
  private final AtomicInteger running = new AtomicInteger();
  private final Map<String, AtomicInteger> byUser = new ConcurrentHashMap<>();
  // A moving average of how long an admitted question took (ms), for Retry-After.
  private final AtomicLong averageMillis = new AtomicLong(5_000);

  public AskAdmission(Limits limits) {
    this.limits = limits;
  }

  public Limits limits() {
    return limits;
  }

  /**
   * Admits one question of {@code user}, or refuses it: a place of the user's and one of
   * everyone's.
   *
   * @throws TooManyAsksException when the user, or everyone, has as many questions running as
   *     allowed
   */
  public Ticket enter(String user) {
    Ticket mine = enterUser(user);
    try {
      Ticket all = enterEveryone();
      return () -> {
        try {
          all.close();
        } finally {
          mine.close();
        }
      };
    } catch (TooManyAsksException e) {
      mine.close();
      throw e;
    }
  }

  /**
   * Takes one of the user's places, from when the question arrives until its answer is sent (its
   * wait in a queue included), so that a user's questions beyond their share are refused at once
   * and never wait behind others'.
   *
   * @throws TooManyAsksException when the user has as many questions being answered as allowed
   */
  public Ticket enterUser(String user) {
    // Counted and checked atomically per user (compute holds the user's entry).
    int now =
        byUser
            .compute(
                user,
                (u, c) -> {
                  AtomicInteger n = c == null ? new AtomicInteger() : c;
                  n.incrementAndGet();
                  return n;
                })
            .get();
    if (limits.perUser() > 0 && now > limits.perUser()) {
      release(user);
      throw new TooManyAsksException(
          "you already have "
              + limits.perUser()
              + (limits.perUser() == 1 ? " question" : " questions")
              + " being answered; ask again when "
              + (limits.perUser() == 1 ? "it has" : "one has")
              + " finished",
          false,
          retryAfter());
    }
    return once(() -> release(user));
  }

  /**
   * Takes one of everyone's places while the question is worked on.
   *
   * @throws TooManyAsksException when as many questions as allowed are worked on
   */
  public Ticket enterEveryone() {
    int all = running.incrementAndGet();
    if (limits.total() > 0 && all > limits.total()) {
      running.decrementAndGet();
      throw new TooManyAsksException(
          "the server is answering as many questions as it may at once ("
              + limits.total()
              + "); ask again in a moment",
          true,
          retryAfter());
    }
    long start = System.nanoTime();
    return once(
        () -> {
          running.decrementAndGet();
          long took = (System.nanoTime() - start) / 1_000_000;
          averageMillis.updateAndGet(avg -> (avg * 7 + took) / 8);
        });
  }

  // A ticket whose release runs once however often it is closed.
  private static Ticket once(Runnable release) {
    java.util.concurrent.atomic.AtomicBoolean closed =
        new java.util.concurrent.atomic.AtomicBoolean();
    return () -> {
      if (closed.compareAndSet(false, true)) {
        release.run();
      }
    };
  }

  /** Questions being answered now, for everyone. */
  public int running() {
    return running.get();
  }

  /** Questions of {@code user} being answered now. */
  public int running(String user) {
    AtomicInteger mine = byUser.get(user);
    return mine == null ? 0 : mine.get();
  }

  // An idle user is forgotten.
  private void release(String user) {
    byUser.computeIfPresent(user, (u, n) -> n.decrementAndGet() == 0 ? null : n);
  }

  private Duration retryAfter() {
    return Duration.ofMillis(Math.max(1_000, Math.min(60_000, averageMillis.get())));
  }
}
