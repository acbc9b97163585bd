package dev.parlance.application.policy;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.parlance.application.retrieval.UnknownSourceException;
import dev.parlance.domain.catalog.Column;
import dev.parlance.domain.catalog.ForeignKey;
import dev.parlance.domain.catalog.SchemaCatalog;
import dev.parlance.domain.catalog.Table;
import dev.parlance.domain.governance.GovernancePoliciesPort;
import dev.parlance.domain.governance.GovernancePolicy;
import dev.parlance.domain.governance.PolicyLint;
import dev.parlance.domain.governance.ProvisionPolicyPort;
import dev.parlance.domain.governance.Provisioning;
import dev.parlance.domain.governance.RowFilter;
import dev.parlance.domain.source.Credentials;
import dev.parlance.domain.source.DataSource;
import dev.parlance.domain.source.DataSourcesPort;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import org.junit.jupiter.api.Test;

/** Policy apply and lint on fake ports. */
class PolicyUseCasesTest {

  static final DataSource PG =
      DataSource.of("plant", "jdbc:postgresql://db/plant", Credentials.none());
  static final DataSource H2 = DataSource.of("dev", "jdbc:h2:mem:dev", Credentials.none());
  static final GovernancePolicy POLICY =
      GovernancePolicy.defaults("plant")
          .withRowFilter(new RowFilter("regional", "TB_IN", "IN_RG_CD = :user.region"))
          .published(3, "stella", java.time.Instant.EPOCH);

  static DataSourcesPort sources() {
    return new DataSourcesPort() {
      @Override
      public void save(DataSource source) {}

      @Override
      public Optional<DataSource> find(String name) {
        return List.of(PG, H2).stream().filter(s -> s.name().equals(name)).findFirst();
      }

      @Override
      public List<DataSource> all() {
        return List.of(PG, H2);
      }

      @Override
      public boolean remove(String name) {
        return false;
      }
    };
  }

  static GovernancePoliciesPort policies() {
    return new GovernancePoliciesPort() {
      @Override
      public GovernancePolicy publish(GovernancePolicy draft, String steward) {
        return draft;
      }

      @Override
      public Optional<GovernancePolicy> current(String source) {
        return source.equals("plant") ? Optional.of(POLICY) : Optional.empty();
      }

      @Override
      public List<GovernancePolicy> history(String source) {
        return List.of();
      }
    };
  }

  static SchemaCatalog catalog(String source) {
    return new SchemaCatalog(
        source,
        List.of(
            new Table(
                "TB_IN",
                null,
                "",
                List.of(Column.of("IN_ID", "INTEGER"), Column.of("IN_RG_CD", "TEXT")),
                List.of("IN_ID"),
                List.of()),
            new Table(
                "TB_SY",
                null,
                "",
                List.of(Column.of("SY_ID", "INTEGER"), Column.of("SY_IN_ID", "INTEGER")),
                List.of("SY_ID"),
                List.of(ForeignKey.of("SY_IN_ID", "TB_IN", "IN_ID")))));
  }

  @Test
  void should_provision_the_current_policy_with_the_administrators_reference() {
    List<Object[]> calls = new ArrayList<>();
    ProvisionPolicyPort port =
        (source, policy, admin) -> {
          calls.add(new Object[] {source, policy, admin});
          return new Provisioning("done", List.of("step"));
        };
    Credentials admin = new Credentials.FromEnvironment("PG_ADMIN_USER", "PG_ADMIN_PASSWORD");
    Provisioning p =
        new ApplyPolicyService(sources(), policies(), port)
            .apply(new ApplyPolicyUseCase.Command("plant", admin));
    assertThat(p.summary()).isEqualTo("done");
    assertThat(calls).hasSize(1);
    assertThat(calls.get(0)[1]).isEqualTo(POLICY);
    assertThat(calls.get(0)[2]).isEqualTo(admin);
    assertThatThrownBy(
            () ->
                new ApplyPolicyService(sources(), policies(), port)
                    .apply(new ApplyPolicyUseCase.Command("nope", admin)))
        .isInstanceOf(UnknownSourceException.class);
  }

  @Test
  void should_report_the_unfiltered_path_and_the_engine_when_linting() {
    LintPolicyUseCase lint =
        new LintPolicyService(
            sources(), policies(), source -> catalog(source.name()), (s, t, c, n) -> List.of());
    LintPolicyUseCase.Report report = lint.lint("plant");
    assertThat(report.policyVersion()).isEqualTo(3);
    assertThat(report.passes()).isFalse();
    assertThat(report.findings())
        .extracting(PolicyLint.Finding::kind, PolicyLint.Finding::table)
        .containsExactly(
            org.assertj.core.groups.Tuple.tuple(PolicyLint.Kind.UNFILTERED_PATH, "TB_SY"));
    assertThat(lint.lint("dev").passes()).isTrue();
  }
}
