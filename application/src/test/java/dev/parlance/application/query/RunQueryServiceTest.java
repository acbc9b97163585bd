package dev.parlance.application.query;

import static org.assertj.core.api.Assertions.assertThat;

import dev.parlance.domain.governance.FailureKind;
import dev.parlance.domain.governance.GovernancePoliciesPort;
import dev.parlance.domain.governance.GovernancePolicy;
import dev.parlance.domain.governance.QueryAttempted;
import dev.parlance.domain.governance.QueryOutcome;
import dev.parlance.domain.governance.RefusalKind;
import dev.parlance.domain.governance.UserIdentity;
import dev.parlance.domain.source.Credentials;
import dev.parlance.domain.source.DataSource;
import dev.parlance.domain.source.DataSourcesPort;
import java.time.Clock;
import java.time.Instant;
import java.time.ZoneOffset;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.TreeMap;
import org.junit.jupiter.api.Test;

class RunQueryServiceTest {

  private static final Clock CLOCK =
      Clock.fixed(Instant.parse("2026-05-01T08:00:00Z"), ZoneOffset.UTC);
  private static final DataSource PLANT =
      DataSource.of("plant", "jdbc:sqlite:/tmp/plant.sqlite", Credentials.none());
  private static final UserIdentity ANA = UserIdentity.of("ana", "regional");

  /** Sources in a map. */
  private static final class Sources implements DataSourcesPort {
    final Map<String, DataSource> byName = new TreeMap<>();

    @Override
    public Optional<DataSource> find(String name) {
      return Optional.ofNullable(byName.get(name));
    }

    @Override
    public List<DataSource> all() {
      return List.copyOf(byName.values());
    }

    @Override
    public void save(DataSource source) {
      byName.put(source.name(), source);
    }

    @Override
    public boolean remove(String name) {
      return byName.remove(name) != null;
    }
  }

  /** One published policy, or none. */
  private record Policies(Optional<GovernancePolicy> policy) implements GovernancePoliciesPort {
    @Override
    public Optional<GovernancePolicy> current(String source) {
      return policy.filter(p -> p.source().equals(source));
    }

    @Override
    public List<GovernancePolicy> history(String source) {
      return policy.stream().toList();
    }

    @Override
    public GovernancePolicy publish(GovernancePolicy draft, String steward) {
      throw new UnsupportedOperationException();
    }
  }

  private final Sources sources = new Sources();
  private final List<QueryAttempted> audit = new ArrayList<>();
  private final List<GovernancePolicy> policiesSeen = new ArrayList<>();

  private RunQueryService service(Optional<GovernancePolicy> policy) {
    return new RunQueryService(
        sources,
        new Policies(policy),
        (source, p, user, sql) -> {
          policiesSeen.add(p);
          return QueryOutcome.Refused.of(RefusalKind.DATA_CHANGE, "no", sql);
        },
        audit::add,
        CLOCK);
  }

  @Test
  void should_fail_and_audit_when_the_source_is_unknown() {
    QueryOutcome outcome =
        service(Optional.empty()).run(new RunQueryUseCase.Command("nowhere", ANA, "SELECT 1"));

    assertThat(outcome).isInstanceOf(QueryOutcome.Failed.class);
    assertThat(((QueryOutcome.Failed) outcome).kind()).isEqualTo(FailureKind.UNAVAILABLE);
    assertThat(((QueryOutcome.Failed) outcome).message()).contains("no source named 'nowhere'");
    assertThat(audit)
        .singleElement()
        .satisfies(
            a -> {
              assertThat(a.source()).isEqualTo("nowhere");
              assertThat(a.outcome()).isEqualTo(QueryAttempted.Outcome.FAILED);
              assertThat(a.at()).isEqualTo(CLOCK.instant());
            });
  }

  @Test
  void should_govern_with_it_and_audit_its_version_when_a_policy_is_published() {
    sources.save(PLANT);
    GovernancePolicy v7 =
        GovernancePolicy.defaults("plant").withRowCap(5).published(7, "steward", Instant.EPOCH);

    service(Optional.of(v7)).run(new RunQueryUseCase.Command("plant", ANA, "DELETE FROM t"));

    assertThat(policiesSeen).containsExactly(v7);
    assertThat(audit)
        .singleElement()
        .satisfies(
            a -> {
              assertThat(a.policyVersion()).isEqualTo(7);
              assertThat(a.outcome()).isEqualTo(QueryAttempted.Outcome.REFUSED);
              assertThat(a.user()).isEqualTo("ana");
              assertThat(a.sqlAsked()).isEqualTo("DELETE FROM t");
            });
  }

  @Test
  void should_govern_with_the_default_policy_when_none_is_published() {
    sources.save(PLANT);

    service(Optional.empty()).run(new RunQueryUseCase.Command("plant", ANA, "SELECT 1"));

    assertThat(policiesSeen).containsExactly(GovernancePolicy.defaults("plant"));
    assertThat(audit.get(0).policyVersion()).isZero();
  }

  @Test
  void should_audit_the_attempt_even_when_the_executor_breaks() {
    sources.save(PLANT);
    RunQueryService broken =
        new RunQueryService(
            sources,
            new Policies(Optional.empty()),
            (source, p, user, sql) -> {
              throw new IllegalStateException("driver exploded");
            },
            audit::add,
            CLOCK);

    org.assertj.core.api.Assertions.assertThatThrownBy(
            () -> broken.run(new RunQueryUseCase.Command("plant", ANA, "SELECT 1")))
        .hasMessage("driver exploded");
    assertThat(audit)
        .singleElement()
        .satisfies(
            a -> {
              assertThat(a.outcome()).isEqualTo(QueryAttempted.Outcome.FAILED);
              assertThat(a.detail())
                  .isEqualTo("UNAVAILABLE: execution failed (IllegalStateException)")
                  .doesNotContain("driver exploded");
            });
  }
}
