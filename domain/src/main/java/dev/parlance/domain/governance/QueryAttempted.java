package dev.parlance.domain.governance;

import java.time.Instant;
import java.util.Objects;
import java.util.Optional;
import java.util.Set;

/**
 * The audit record of one statement, allowed or not: who asked what of which source, what ran, how
 * it ended, how many rows in how long. It never holds result values or the database's messages
 * (which may quote them): a failure is recorded by its kind only.
 *
 * @param outcome RAN, REFUSED or FAILED
 * @param detail the refusal's class and reason, or the failure's class and {@link
 *     QueryOutcome.Failed#errorKind() kind}; empty when it ran
 * @param policyVersion the policy version that governed it (0 for the built-in default)
 */
public record QueryAttempted(
    Instant at,
    String user,
    Set<String> roles,
    String source,
    String sqlAsked,
    Optional<String> sqlRun,
    Outcome outcome,
    String detail,
    long rows,
    boolean truncated,
    long elapsedMs,
    int policyVersion) {

  public enum Outcome {
    RAN,
    REFUSED,
    FAILED
  }

  public QueryAttempted {
    Objects.requireNonNull(at, "at");
    Objects.requireNonNull(user, "user");
    roles = Set.copyOf(Objects.requireNonNullElse(roles, Set.of()));
    Objects.requireNonNull(source, "source");
    sqlAsked = Objects.requireNonNullElse(sqlAsked, "");
    sqlRun = Objects.requireNonNullElse(sqlRun, Optional.empty());
    Objects.requireNonNull(outcome, "outcome");
    detail = Objects.requireNonNullElse(detail, "");
  }

  /** The audit record of {@code result}, asked by {@code user} of {@code source}. */
  public static QueryAttempted of(
      Instant at, UserIdentity user, String source, QueryOutcome result, int policyVersion) {
    return switch (result) {
      case QueryOutcome.Ran ran ->
          new QueryAttempted(
              at,
              user.name(),
              user.roles(),
              source,
              ran.sqlAsked(),
              ran.sqlRun(),
              Outcome.RAN,
              "",
              ran.result().rowCount(),
              ran.result().truncated(),
              ran.elapsedMs(),
              policyVersion);
      case QueryOutcome.Refused refused ->
          new QueryAttempted(
              at,
              user.name(),
              user.roles(),
              source,
              refused.sqlAsked(),
              refused.sqlRun(),
              Outcome.REFUSED,
              refused.refusal().kind() + ": " + refused.refusal().reason(),
              0,
              false,
              refused.elapsedMs(),
              policyVersion);
      case QueryOutcome.Failed failed ->
          new QueryAttempted(
              at,
              user.name(),
              user.roles(),
              source,
              failed.sqlAsked(),
              failed.sqlRun(),
              Outcome.FAILED,
              failed.kind() + ": " + failed.errorKind(),
              0,
              false,
              failed.elapsedMs(),
              policyVersion);
    };
  }
}
