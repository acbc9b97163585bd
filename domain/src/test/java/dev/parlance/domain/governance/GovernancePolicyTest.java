package dev.parlance.domain.governance;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.time.Duration;
import java.util.Set;
import org.junit.jupiter.api.Test;

class GovernancePolicyTest {

  @Test
  void should_close_a_never_published_policys_source_to_analysts_only() {
    GovernancePolicy unpublished = GovernancePolicy.defaults("crew");
    GovernancePolicy published = unpublished.published(1, "ada", java.time.Instant.EPOCH);

    assertThat(unpublished.closedTo(UserIdentity.of("ana", "analyst"))).isTrue();
    assertThat(unpublished.closedTo(UserIdentity.of("rita", "analyst", "regional"))).isTrue();
    assertThat(unpublished.closedTo(UserIdentity.of("sam", "analyst", "steward"))).isFalse();
    assertThat(unpublished.closedTo(UserIdentity.of("ada", "admin"))).isFalse();
    // Parlance's own checks (validation, indexing) run as an identity without roles.
    assertThat(unpublished.closedTo(UserIdentity.of("parlance"))).isFalse();
    assertThat(published.closedTo(UserIdentity.of("ana", "analyst"))).isFalse();
  }

  private static GovernancePolicy plant() {
    return GovernancePolicy.defaults("plant")
        .withRowFilter(new RowFilter("regional", "TB_IN", "IN_RG_CD = :user.region"))
        .withRowFilter(new RowFilter("*", "TB_IN", "IN_ST <> 4"))
        .withRowFilter(new RowFilter("auditor", "TB_MO", "MO_ST = 5"))
        .withColumnRule(ColumnRule.mask("contractor", "TB_EMP", "EMP_NM"))
        .withColumnRule(ColumnRule.hide("auditor", "TB_EMP", "emp_nm"))
        .withColumnRule(ColumnRule.hide("*", "TB_CT", "CT_DOC"));
  }

  @Test
  void should_allow_every_table_but_no_view_when_the_policy_names_none() {
    GovernancePolicy p = GovernancePolicy.defaults("plant");
    assertThat(p.allowsRelation("public", "tb_mo", false)).isTrue();
    assertThat(p.allowsRelation("public", "v_mo", true)).isFalse();
  }

  @Test
  void should_allow_only_named_tables_and_views_when_the_policy_names_them() {
    GovernancePolicy p =
        GovernancePolicy.defaults("plant").withAllowedTables(Set.of("TB_MO", "public.V_MO"));
    assertThat(p.allowsRelation("public", "tb_mo", false)).isTrue();
    assertThat(p.allowsRelation(null, "TB_MO", false)).isTrue();
    assertThat(p.allowsRelation("public", "v_mo", true)).isTrue();
    assertThat(p.allowsRelation("public", "tb_eq", false)).isFalse();
  }

  @Test
  void should_refuse_other_schemas_when_schemas_are_listed() {
    GovernancePolicy p = GovernancePolicy.defaults("plant").withAllowedSchemas(Set.of("Public"));
    assertThat(p.allowsRelation("public", "tb_mo", false)).isTrue();
    assertThat(p.allowsRelation("staging", "tb_mo", false)).isFalse();
    assertThat(p.allowsRelation(null, "tb_mo", false)).isFalse();
  }

  @Test
  void should_apply_every_filter_when_the_user_acts_as_several_roles() {
    UserIdentity both = UserIdentity.of("ana", "Regional", "auditor");
    assertThat(plant().rowFiltersFor(both, null, "tb_in"))
        .extracting(RowFilter::predicate)
        .containsExactly("IN_RG_CD = :user.region", "IN_ST <> 4");
    assertThat(plant().rowFiltersFor(UserIdentity.of("bob"), null, "TB_IN"))
        .extracting(RowFilter::predicate)
        .containsExactly("IN_ST <> 4");
    assertThat(plant().rowFiltersFor(both, "public", "tb_mo")).hasSize(1);
  }

  @Test
  void should_hide_rather_than_mask_when_two_roles_disagree() {
    UserIdentity both = UserIdentity.of("ana", "contractor", "auditor");
    assertThat(plant().columnRulesFor(both, null, "TB_EMP").get("emp_nm").treatment())
        .isEqualTo(ColumnTreatment.HIDE);
    assertThat(
            plant()
                .columnRulesFor(UserIdentity.of("c", "contractor"), null, "TB_EMP")
                .get("emp_nm")
                .treatment())
        .isEqualTo(ColumnTreatment.MASK);
    assertThat(plant().restricts(UserIdentity.of("anyone"), null, "TB_CT")).isTrue();
    assertThat(plant().restricts(UserIdentity.of("anyone"), null, "TB_RG")).isFalse();
  }

  @Test
  void should_refuse_when_caps_or_timeouts_are_out_of_bounds() {
    GovernancePolicy p = GovernancePolicy.defaults("plant");
    assertThatThrownBy(() -> p.withRowCap(0)).isInstanceOf(IllegalArgumentException.class);
    assertThatThrownBy(() -> p.withRowCap(GovernancePolicy.MAX_ROW_CAP + 1))
        .isInstanceOf(IllegalArgumentException.class);
    assertThatThrownBy(() -> p.withTimeout(Duration.ZERO))
        .isInstanceOf(IllegalArgumentException.class);
    assertThatThrownBy(() -> p.withTimeout(Duration.ofHours(2)))
        .isInstanceOf(IllegalArgumentException.class);
    assertThatThrownBy(() -> p.withCostCeiling(-1)).isInstanceOf(IllegalArgumentException.class);
  }

  @Test
  void should_record_version_steward_and_time_when_published() {
    GovernancePolicy published =
        plant().published(3, "steward", java.time.Instant.parse("2026-01-01T00:00:00Z"));
    assertThat(published.version()).isEqualTo(3);
    assertThat(published.editedBy()).isEqualTo("steward");
    assertThat(published.rowFilters()).isEqualTo(plant().rowFilters());
  }

  @Test
  void should_remove_a_row_filter_or_column_rule_by_its_number_and_name_a_wrong_one() {
    GovernancePolicy policy =
        GovernancePolicy.defaults("demo")
            .withRowFilter(new RowFilter("a", "t", "x = 1", false))
            .withRowFilter(new RowFilter("b", "t", "x = 2", false))
            .withColumnRule(ColumnRule.mask("a", "t", "c"))
            .withColumnRule(ColumnRule.hide("b", "t", "d"));

    assertThat(policy.withoutRowFilter(1).rowFilters())
        .extracting(RowFilter::predicate)
        .containsExactly("x = 2");
    assertThat(policy.withoutColumnRule(2).columnRules())
        .containsExactly(ColumnRule.mask("a", "t", "c"));
    assertThatThrownBy(() -> policy.withoutColumnRule(3))
        .isInstanceOf(IllegalArgumentException.class)
        .hasMessage("there is no column rule 3 (the policy has 2)");
    assertThatThrownBy(() -> policy.withoutRowFilter(0))
        .isInstanceOf(IllegalArgumentException.class);
  }

  @Test
  void should_give_a_user_the_largest_timeout_of_their_roles_else_the_policys() {
    GovernancePolicy policy =
        GovernancePolicy.defaults("demo")
            .withTimeout(Duration.ofSeconds(5))
            .withRoleTimeout("Steward", Duration.ofSeconds(60))
            .withRoleTimeout("analyst", Duration.ofSeconds(2))
            .withRoleTimeout("auditor", Duration.ofSeconds(20));

    assertThat(policy.roleTimeouts())
        .containsOnlyKeys("analyst", "auditor", "steward")
        .containsEntry("steward", Duration.ofSeconds(60));
    assertThat(policy.timeoutFor(UserIdentity.of("ana", "analyst")))
        .isEqualTo(Duration.ofSeconds(2));
    assertThat(policy.timeoutFor(UserIdentity.of("sam", "analyst", "steward")))
        .isEqualTo(Duration.ofSeconds(60));
    assertThat(policy.timeoutFor(UserIdentity.of("al", "auditor", "analyst")))
        .isEqualTo(Duration.ofSeconds(20));
    assertThat(policy.timeoutFor(UserIdentity.of("guest", "viewer")))
        .isEqualTo(Duration.ofSeconds(5));
    assertThat(policy.withoutRoleTimeout("Analyst").roleTimeouts())
        .containsOnlyKeys("auditor", "steward");
    assertThat(policy.sameRules(policy.withRoleTimeout("analyst", Duration.ofSeconds(3))))
        .isFalse();
    assertThat(policy.published(2, "steward", java.time.Instant.now()).roleTimeouts())
        .isEqualTo(policy.roleTimeouts());
  }

  @Test
  void should_refuse_a_role_timeout_out_of_bounds_or_for_everyone() {
    GovernancePolicy policy = GovernancePolicy.defaults("demo");

    assertThatThrownBy(() -> policy.withRoleTimeout("analyst", Duration.ZERO))
        .hasMessage("statement timeout of role analyst must be between 1 ms and 1 h");
    assertThatThrownBy(() -> policy.withRoleTimeout("analyst", Duration.ofHours(2)))
        .hasMessageContaining("between 1 ms and 1 h");
    assertThatThrownBy(() -> policy.withRoleTimeout("*", Duration.ofSeconds(1)))
        .hasMessageContaining("the policy's timeout");
    assertThatThrownBy(() -> policy.withRoleTimeout(" ", Duration.ofSeconds(1)))
        .hasMessageContaining("role must not be blank");
    assertThatThrownBy(() -> policy.withoutRoleTimeout("analyst"))
        .hasMessage("role analyst has no timeout of its own");
    assertThat(policy.roleTimeouts()).isEmpty();
  }
}
