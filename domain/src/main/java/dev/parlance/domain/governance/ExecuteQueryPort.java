package dev.parlance.domain.governance;

import dev.parlance.domain.source.DataSource;

/**
 * Runs one statement for a user under a source's policy: parse, allowlist, rewrite (views, row
 * filters, masks, row cap), run read-only with the policy's timeout. Never throws for a bad
 * statement or an unreachable database: those are outcomes.
 */
@FunctionalInterface
public interface ExecuteQueryPort {
  QueryOutcome execute(DataSource source, GovernancePolicy policy, UserIdentity user, String sql);
}
