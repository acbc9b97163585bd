package dev.parlance.domain.governance;

import static org.assertj.core.api.Assertions.assertThat;

import java.time.Duration;
import java.util.List;
import java.util.Set;
import org.junit.jupiter.api.Test;

/** What every store of governance policies must do: numbered versions, history, the current one. */
public abstract class GovernancePoliciesPortContract {

  protected abstract GovernancePoliciesPort port();

  @Test
  void should_number_policy_versions_when_stewards_publish_them() {
    String source = "versions-" + System.nanoTime() % 100000;
    GovernancePolicy draft =
        GovernancePolicy.defaults(source)
            .withRowCap(50)
            .withTimeout(Duration.ofSeconds(3))
            .withRoleTimeout("steward", Duration.ofSeconds(40))
            .withRoleTimeout("night-shift", Duration.ofMillis(7500))
            .withCostCeiling(1e6)
            .withAllowedTables(Set.of("TB_MO", "public.tb_eq"))
            .withAllowedSchemas(Set.of("public"))
            .withRowFilter(new RowFilter("regional", "TB_IN", "IN_RG_CD = :user.region"))
            .withRowFilter(
                new RowFilter("contractor", "TB_EMP", "EMP_CT_ID = :user.contractor")
                    .followingForeignKeys())
            .withColumnRule(ColumnRule.mask("contractor", "TB_EMP", "EMP_NM"))
            .withColumnRule(ColumnRule.hide("*", "TB_EMP", "EMP_PH"));

    GovernancePolicy first = port().publish(draft, "steward-a");
    GovernancePolicy second = port().publish(draft.withRowCap(10), "steward-b");

    assertThat(first.version()).isEqualTo(1);
    assertThat(second.version()).isEqualTo(2);
    assertThat(port().current(source)).contains(second);
    List<GovernancePolicy> history = port().history(source);
    assertThat(history).extracting(GovernancePolicy::version).containsExactly(1, 2);
    GovernancePolicy kept = history.get(0);
    assertThat(kept.rowFilters()).isEqualTo(draft.rowFilters());
    assertThat(kept.columnRules()).isEqualTo(draft.columnRules());
    assertThat(kept.allowedTables()).isEqualTo(draft.allowedTables());
    assertThat(kept.costCeiling()).isEqualTo(draft.costCeiling());
    assertThat(kept.roleTimeouts()).isEqualTo(draft.roleTimeouts());
    assertThat(port().publish(draft.withoutRoleTimeout("steward"), "steward-c").roleTimeouts())
        .containsOnlyKeys("night-shift");
    assertThat(port().current(source).orElseThrow().roleTimeouts()).containsOnlyKeys("night-shift");
    assertThat(kept.editedBy()).isEqualTo("steward-a");
    assertThat(port().current("no-such-" + source)).isEmpty();
  }
}
