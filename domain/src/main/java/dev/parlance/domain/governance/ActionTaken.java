package dev.parlance.domain.governance;

import java.time.Instant;
import java.util.Objects;
import java.util.Set;
import java.util.regex.Pattern;

/**
 * The audit record of something a steward or admin did to a source rather than a statement run on
 * it: a curation published or rolled back, a policy published, a source added or removed.
 *
 * @param action a short lower-case name, e.g. {@code curation-publish}
 * @param detail what changed, e.g. the new version number
 */
public record ActionTaken(
    Instant at, String user, Set<String> roles, String source, String action, String detail) {

  private static final Pattern ACTION = Pattern.compile("[a-z][a-z-]{0,38}");

  public ActionTaken {
    Objects.requireNonNull(at, "at");
    Objects.requireNonNull(user, "user");
    roles = Set.copyOf(Objects.requireNonNullElse(roles, Set.of()));
    Objects.requireNonNull(source, "source");
    if (action == null || !ACTION.matcher(action).matches()) {
      throw new IllegalArgumentException("an action is a short lower-case name, got " + action);
    }
    detail = Objects.requireNonNullElse(detail, "");
  }

  public static ActionTaken by(
      Instant at, UserIdentity user, String source, String action, String detail) {
    return new ActionTaken(at, user.name(), user.roles(), source, action, detail);
  }
}
