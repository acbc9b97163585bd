package dev.parlance.application.query;

import dev.parlance.domain.governance.ExecuteQueryPort;
import dev.parlance.domain.governance.FailureKind;
import dev.parlance.domain.governance.GovernancePoliciesPort;
import dev.parlance.domain.governance.GovernancePolicy;
import dev.parlance.domain.governance.QueryAttempted;
import dev.parlance.domain.governance.QueryOutcome;
import dev.parlance.domain.governance.RecordAuditPort;
import dev.parlance.domain.source.DataSource;
import dev.parlance.domain.source.DataSourcesPort;
import java.time.Clock;
import java.util.Optional;

/**
 * Looks up the source and its current policy, has the statement executed under it, and records the
 * attempt whatever its outcome, including attempts on sources that do not exist.
 */
public final class RunQueryService implements RunQueryUseCase {

  private final DataSourcesPort sources;
  private final GovernancePoliciesPort policies;
  private final ExecuteQueryPort executor;
  private final RecordAuditPort audit;
  private final Clock clock;

  public RunQueryService(
      DataSourcesPort sources,
      GovernancePoliciesPort policies,
      ExecuteQueryPort executor,
      RecordAuditPort audit,
      Clock clock) {
    this.sources = sources;
    this.policies = policies;
    this.executor = executor;
    this.audit = audit;
    this.clock = clock;
  }

  @Override
  public QueryOutcome run(Command command) {
    Optional<DataSource> source = sources.find(command.source());
    if (source.isEmpty()) {
      QueryOutcome unknown =
          new QueryOutcome.Failed(
              FailureKind.UNAVAILABLE,
              "no source named '" + command.source() + "'",
              command.sql(),
              Optional.empty(),
              0);
      audit.record(
          QueryAttempted.of(clock.instant(), command.user(), command.source(), unknown, 0));
      return unknown;
    }
    GovernancePolicy policy =
        policies
            .current(command.source())
            .orElseGet(() -> GovernancePolicy.defaults(command.source()));
    QueryOutcome outcome;
    try {
      outcome = executor.execute(source.get(), policy, command.user(), command.sql());
    } catch (RuntimeException e) {
      // Even an attempt that broke the executor is on record before the error goes on.
      // the exception's message may quote anything: the audit keeps its kind only
      QueryOutcome broken =
          new QueryOutcome.Failed(
              FailureKind.UNAVAILABLE,
              "execution failed: " + e.getMessage(),
              command.sql(),
              Optional.empty(),
              0,
              "execution failed (" + e.getClass().getSimpleName() + ")");
      audit.record(
          QueryAttempted.of(
              clock.instant(), command.user(), command.source(), broken, policy.version()));
      throw e;
    }
    audit.record(
        QueryAttempted.of(
            clock.instant(), command.user(), command.source(), outcome, policy.version()));
    return outcome;
  }
}
