package dev.parlance.web.governance;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.parlance.domain.governance.ColumnRule;
import dev.parlance.domain.governance.GovernancePolicy;
import dev.parlance.domain.governance.RowFilter;
import java.time.Duration;
import java.time.Instant;
import java.util.List;
import java.util.Map;
import java.util.OptionalDouble;
import java.util.Set;
import org.junit.jupiter.api.Test;

class PolicyJsonTest {

  private static final GovernancePolicy PUBLISHED =
      new GovernancePolicy(
          "demo",
          3,
          Set.of("main"),
          Set.of("TB_IN", "TB_RG"),
          250,
          Duration.ofSeconds(12),
          Map.of("steward", Duration.ofMinutes(2)),
          OptionalDouble.of(5000),
          List.of(new RowFilter("regional", "TB_IN", "IN_RG_CD = :region", true)),
          List.of(ColumnRule.mask("analyst", "TB_IN", "IN_NM"), ColumnRule.hide("*", "TB_RG", "X")),
          "steward",
          Instant.parse("2026-01-02T03:04:05Z"));

  @Test
  void should_give_back_the_same_rules_when_a_read_policy_is_sent_again() {
    GovernancePolicy draft = PolicyJson.of(PUBLISHED).draft("demo");

    assertThat(draft.version()).isZero();
    assertThat(draft)
        .usingRecursiveComparison()
        .ignoringFields("version", "editedBy", "editedAt")
        .isEqualTo(PUBLISHED);
  }

  @Test
  void should_take_the_defaults_of_a_new_policy_when_limits_are_left_out() {
    GovernancePolicy draft =
        new PolicyJson(null, null, null, null, null, null, null, null, null, null, null, null)
            .draft("demo");

    assertThat(draft.rowCap()).isEqualTo(GovernancePolicy.DEFAULT_ROW_CAP);
    assertThat(draft.timeout()).isEqualTo(GovernancePolicy.DEFAULT_TIMEOUT);
    assertThat(draft.roleTimeouts()).isEmpty();
    assertThat(draft.rowFilters()).isEmpty();
  }

  @Test
  void should_show_role_timeouts_in_milliseconds_and_leave_them_out_when_there_are_none() {
    assertThat(PolicyJson.of(PUBLISHED).roleTimeoutsMs())
        .containsExactly(Map.entry("steward", 120_000L));
    assertThat(PolicyJson.of(GovernancePolicy.defaults("demo")).roleTimeoutsMs()).isNull();
    PolicyJson zero =
        new PolicyJson(
            null,
            null,
            null,
            null,
            null,
            null,
            null,
            null,
            Map.of("analyst", 0L),
            null,
            null,
            null);
    assertThatThrownBy(() -> zero.draft("demo"))
        .isInstanceOf(IllegalArgumentException.class)
        .hasMessageContaining("statement timeout of role analyst");
  }

  @Test
  void should_refuse_with_a_400_naming_the_field_when_the_policy_is_wrong() {
    assertThatThrownBy(() -> PolicyJson.of(PUBLISHED).draft("other"))
        .isInstanceOf(IllegalArgumentException.class)
        .hasMessageContaining("source");
    assertThatThrownBy(
            () ->
                new PolicyJson(null, null, null, null, null, null, 0, null, null, null, null, null)
                    .draft("demo"))
        .isInstanceOf(IllegalArgumentException.class)
        .hasMessageContaining("row cap");
    assertThatThrownBy(
            () ->
                new PolicyJson(
                        null,
                        null,
                        null,
                        null,
                        null,
                        null,
                        null,
                        null,
                        null,
                        null,
                        null,
                        List.of(new PolicyJson.Rule("*", "TB_IN", "IN_NM", "blur", null)))
                    .draft("demo"))
        .isInstanceOf(IllegalArgumentException.class)
        .hasMessageContaining("mask or hide");
  }
}
