package dev.parlance.application.policy;

import dev.parlance.application.retrieval.UnknownSourceException;
import dev.parlance.domain.catalog.ReadCatalogPort;
import dev.parlance.domain.catalog.SchemaCatalog;
import dev.parlance.domain.governance.GovernancePoliciesPort;
import dev.parlance.domain.governance.GovernancePolicy;
import dev.parlance.domain.governance.PolicyLint;
import dev.parlance.domain.governance.SampleColumnsPort;
import dev.parlance.domain.source.DataSource;
import dev.parlance.domain.source.DataSourcesPort;
import dev.parlance.domain.source.Dialect;
import java.util.ArrayList;
import java.util.List;

/**
 * Lints a source's current policy against its live catalog (foreign keys) and a sample of its rows
 * (content that masked columns share with others), and says when the source's engine cannot enforce
 * the policy at all.
 */
public final class LintPolicyService implements LintPolicyUseCase {

  /** Rows sampled per masked or hidden column. */
  public static final int SAMPLE_ROWS = 500;

  private final DataSourcesPort sources;
  private final GovernancePoliciesPort policies;
  private final ReadCatalogPort catalogs;
  private final SampleColumnsPort samples;

  public LintPolicyService(
      DataSourcesPort sources,
      GovernancePoliciesPort policies,
      ReadCatalogPort catalogs,
      SampleColumnsPort samples) {
    this.sources = sources;
    this.policies = policies;
    this.catalogs = catalogs;
    this.samples = samples;
  }

  @Override
  public Report lint(
      String name, java.util.Optional<dev.parlance.domain.source.Credentials> sampleAs) {
    DataSource source = sources.find(name).orElseThrow(() -> new UnknownSourceException(name));
    GovernancePolicy policy =
        policies.current(source.name()).orElseGet(() -> GovernancePolicy.defaults(source.name()));
    SchemaCatalog catalog = catalogs.read(source);
    List<PolicyLint.Finding> findings =
        new ArrayList<>(
            PolicyLint.lint(
                policy,
                catalog,
                (table, columns) ->
                    samples.sample(
                        sampleAs
                            .map(c -> DataSource.of(source.name(), source.jdbcUrl(), c))
                            .orElse(source),
                        table,
                        columns,
                        SAMPLE_ROWS)));
    if (source.dialect() == Dialect.H2
        && (!policy.rowFilters().isEmpty() || !policy.columnRules().isEmpty())) {
      findings.add(
          0,
          new PolicyLint.Finding(
              PolicyLint.Kind.ENGINE,
              "",
              "",
              "",
              "source "
                  + source.name()
                  + " is an H2 database, which cannot enforce row filters or column rules: users"
                  + " they bind are refused every statement; use SQLite or PostgreSQL"));
    }
    return new Report(source.name(), policy.version(), findings);
  }
}
