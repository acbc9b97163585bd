package dev.parlance.domain.governance;

import java.time.Instant;
import java.util.Objects;
import java.util.Optional;
import java.util.Set;

/**
 * One line of the audit trail as it is read back: a statement attempt ({@code action} {@code
 * query}, outcome ran, refused or failed) or an action on a source (outcome done).
 *
 * @param id the trail's own number, increasing with time
 */
public record AuditEntry(
    long id,
    Instant at,
    String user,
    Set<String> roles,
    String source,
    String action,
    String outcome,
    String detail,
    String sqlAsked,
    Optional<String> sqlRun,
    long rows,
    boolean truncated,
    long elapsedMs,
    int policyVersion) {

  /** The action of a statement attempt. */
  public static final String QUERY = "query";

  /** The outcome of an action that is not a statement. */
  public static final String DONE = "done";

  public AuditEntry {
    Objects.requireNonNull(at, "at");
    Objects.requireNonNull(user, "user");
    roles = Set.copyOf(Objects.requireNonNullElse(roles, Set.of()));
    Objects.requireNonNull(source, "source");
    Objects.requireNonNull(action, "action");
    Objects.requireNonNull(outcome, "outcome");
    detail = Objects.requireNonNullElse(detail, "");
    sqlAsked = Objects.requireNonNullElse(sqlAsked, "");
    sqlRun = Objects.requireNonNullElse(sqlRun, Optional.empty());
  }
}
