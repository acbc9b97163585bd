package dev.parlance.adapters.db.store;

import static org.assertj.core.api.Assertions.assertThat;

import dev.parlance.domain.governance.ColumnRule;
import dev.parlance.domain.governance.GovernancePolicy;
import dev.parlance.domain.governance.QueryAttempted;
import dev.parlance.domain.governance.QueryOutcome;
import dev.parlance.domain.governance.RefusalKind;
import dev.parlance.domain.governance.RowFilter;
import dev.parlance.domain.governance.UserIdentity;
import dev.parlance.domain.source.Credentials;
import dev.parlance.domain.source.DataSource;
import java.time.Duration;
import java.time.Instant;
import java.util.List;
import java.util.Optional;
import java.util.Set;
import org.junit.jupiter.api.Test;

/** What the metadata store keeps, on any database it runs on (H2 here, PostgreSQL in the IT). */
abstract class MetadataStoreContract {

  /** A store on an empty database, the same one for every test of the class. */
  protected abstract MetadataStore store();

  @Test
  void should_keep_credentials_as_references_when_a_source_is_saved() {
    DataSource plant =
        DataSource.of(
            "plant-" + System.nanoTime() % 100000,
            "jdbc:postgresql://db.example:5432/plant",
            new Credentials.FromEnvironment("PLANT_USER", "PLANT_PASSWORD"));
    store().dataSources().save(plant);

    assertThat(store().dataSources().find(plant.name())).contains(plant);
    assertThat(store().dataSources().all()).contains(plant);
  }

  @Test
  void should_replace_a_source_when_saved_again_and_forget_it_when_removed() {
    String name = "files-" + System.nanoTime() % 100000;
    store().dataSources().save(DataSource.of(name, "jdbc:h2:mem:a", Credentials.none()));
    DataSource moved = DataSource.of(name, "jdbc:h2:mem:b", new Credentials.FromFile("/etc/p"));
    store().dataSources().save(moved);

    assertThat(store().dataSources().find(name)).contains(moved);
    assertThat(store().dataSources().remove(name)).isTrue();
    assertThat(store().dataSources().remove(name)).isFalse();
    assertThat(store().dataSources().find(name)).isEmpty();
  }

  @Test
  void should_number_policy_versions_when_stewards_publish_them() {
    String source = "versions-" + System.nanoTime() % 100000;
    GovernancePolicy draft =
        GovernancePolicy.defaults(source)
            .withRowCap(50)
            .withTimeout(Duration.ofSeconds(3))
            .withCostCeiling(1e6)
            .withAllowedTables(Set.of("TB_MO", "public.tb_eq"))
            .withAllowedSchemas(Set.of("public"))
            .withRowFilter(new RowFilter("regional", "TB_IN", "IN_RG_CD = :user.region"))
            .withColumnRule(ColumnRule.mask("contractor", "TB_EMP", "EMP_NM"))
            .withColumnRule(ColumnRule.hide("*", "TB_EMP", "EMP_PH"));

    GovernancePolicy first = store().policies().publish(draft, "steward-a");
    GovernancePolicy second = store().policies().publish(draft.withRowCap(10), "steward-b");

    assertThat(first.version()).isEqualTo(1);
    assertThat(second.version()).isEqualTo(2);
    assertThat(store().policies().current(source)).contains(second);
    List<GovernancePolicy> history = store().policies().history(source);
    assertThat(history).extracting(GovernancePolicy::version).containsExactly(1, 2);
    GovernancePolicy kept = history.get(0);
    assertThat(kept.rowFilters()).isEqualTo(draft.rowFilters());
    assertThat(kept.columnRules()).isEqualTo(draft.columnRules());
    assertThat(kept.allowedTables()).isEqualTo(draft.allowedTables());
    assertThat(kept.costCeiling()).isEqualTo(draft.costCeiling());
    assertThat(kept.editedBy()).isEqualTo("steward-a");
    assertThat(store().policies().current("no-such-" + source)).isEmpty();
  }

  @Test
  void should_keep_every_attempt_when_statements_are_audited() {
    String source = "audited-" + System.nanoTime() % 100000;
    UserIdentity ana = UserIdentity.of("ana", "regional");
    store()
        .audit()
        .record(
            QueryAttempted.of(
                Instant.parse("2026-01-01T10:00:00Z"),
                ana,
                source,
                QueryOutcome.Refused.of(RefusalKind.DATA_CHANGE, "no DELETE", "DELETE FROM t"),
                3));
    store()
        .audit()
        .record(
            new QueryAttempted(
                Instant.parse("2026-01-01T10:00:01Z"),
                "bob",
                Set.of(),
                source,
                "SELECT 1",
                Optional.of("SELECT 1 LIMIT 1001"),
                QueryAttempted.Outcome.RAN,
                "",
                1,
                false,
                4,
                3));

    List<QueryAttempted> latest = store().auditTrail().latest(source, 10);
    assertThat(latest).hasSize(2);
    assertThat(latest.get(0).user()).isEqualTo("bob");
    assertThat(latest.get(0).sqlRun()).contains("SELECT 1 LIMIT 1001");
    assertThat(latest.get(1).outcome()).isEqualTo(QueryAttempted.Outcome.REFUSED);
    assertThat(latest.get(1).detail()).startsWith("DATA_CHANGE");
    assertThat(latest.get(1).roles()).containsExactly("regional");
    assertThat(latest.get(1).sqlAsked()).isEqualTo("DELETE FROM t");
  }
}
