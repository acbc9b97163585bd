package dev.parlance.domain.governance;

import java.time.Instant;
import java.util.Locale;
import java.util.Objects;
import java.util.Optional;
import java.util.Set;

/**
 * Which part of the audit trail to read: every filter is optional and they all apply; pages are
 * numbered from 0, newest entries first.
 *
 * @param from entries at or after this instant
 * @param to entries before this instant
 * @param outcome {@code ran}, {@code refused}, {@code failed} or {@code done}
 */
public record AuditQuery(
    Optional<String> user,
    Optional<String> source,
    Optional<Instant> from,
    Optional<Instant> to,
    Optional<String> outcome,
    Optional<String> action,
    int page,
    int size) {

  public static final int MAX_SIZE = 500;
  public static final Set<String> OUTCOMES = Set.of("ran", "refused", "failed", "done");

  public AuditQuery {
    user = blankless(user);
    source = blankless(source);
    from = Objects.requireNonNullElse(from, Optional.empty());
    to = Objects.requireNonNullElse(to, Optional.empty());
    outcome = blankless(outcome).map(o -> o.toLowerCase(Locale.ROOT));
    action = blankless(action).map(a -> a.toLowerCase(Locale.ROOT));
    if (outcome.isPresent() && !OUTCOMES.contains(outcome.get())) {
      throw new IllegalArgumentException(
          "outcome must be ran, refused, failed or done, got '" + outcome.get() + "'");
    }
    if (from.isPresent() && to.isPresent() && !from.get().isBefore(to.get())) {
      throw new IllegalArgumentException("the time range is empty: 'from' must be before 'to'");
    }
    if (page < 0) {
      throw new IllegalArgumentException("page must be 0 or more, got " + page);
    }
    if (size < 1 || size > MAX_SIZE) {
      throw new IllegalArgumentException(
          "size must be between 1 and " + MAX_SIZE + ", got " + size);
    }
  }

  /** The newest {@code size} entries, unfiltered. */
  public static AuditQuery newest(int size) {
    return new AuditQuery(
        Optional.empty(),
        Optional.empty(),
        Optional.empty(),
        Optional.empty(),
        Optional.empty(),
        Optional.empty(),
        0,
        size);
  }

  public AuditQuery forSource(String name) {
    return new AuditQuery(user, Optional.of(name), from, to, outcome, action, page, size);
  }

  private static Optional<String> blankless(Optional<String> value) {
    return Objects.requireNonNullElse(value, Optional.<String>empty())
        .map(String::strip)
        .filter(v -> !v.isEmpty());
  }
}
