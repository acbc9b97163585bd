package dev.parlance.deploy.wiring;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.parlance.application.ask.AskSettings;
import dev.parlance.application.ask.RbSqlSettings;
import dev.parlance.application.ask.StrategyName;
import io.smallrye.config.EnvConfigSource;
import io.smallrye.config.SmallRyeConfigBuilder;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

/**
 * {@code parlance.ask.strategy}, {@code .select} and {@code .rb-sql.*} as the environment sets
 * them.
 */
class AskSettingsFromConfigTest {

  private static AskSettings ask(Map<String, String> env) {
    return new ParlanceSettings(
            new SmallRyeConfigBuilder()
                .withSources(new EnvConfigSource(new HashMap<>(env), 300))
                .build())
        .askDefaults();
  }

  @Test
  void should_vote_across_the_named_strategies_when_select_is_vote() {
    AskSettings s =
        ask(
            Map.of(
                "PARLANCE_ASK_STRATEGY", "direct, c3,din,ta-sql,rb-sql",
                "PARLANCE_ASK_SELECT", "vote"));

    assertThat(s.voteAcross())
        .containsExactly(
            StrategyName.DIRECT,
            StrategyName.C3,
            StrategyName.DIN,
            StrategyName.TA_SQL,
            StrategyName.RB_SQL);
    assertThat(s.strategy()).isEqualTo(StrategyName.DIRECT);
  }

  @Test
  void should_keep_one_strategy_and_rb_sqls_defaults_when_nothing_is_set() {
    AskSettings s = ask(Map.of());

    assertThat(s.voteAcross()).isEmpty();
    assertThat(s.strategy()).isEqualTo(StrategyName.DIRECT);
    assertThat(s.rbSql()).isEqualTo(RbSqlSettings.defaults());
    assertThat(List.of(s.rbSql().theta(), s.rbSql().mu(), s.rbSql().muCoarse()))
        .containsExactly(45.0, 40.0, 30.0);
  }

  @Test
  void should_read_rb_sqls_thresholds_and_shots() {
    RbSqlSettings rb =
        ask(Map.of(
                "PARLANCE_ASK_STRATEGY", "rb-sql",
                "PARLANCE_ASK_RB_SQL_THETA", "50",
                "PARLANCE_ASK_RB_SQL_MU", "42.5",
                "PARLANCE_ASK_RB_SQL_MU_COARSE", "20",
                "PARLANCE_ASK_RB_SQL_SHOTS", "3"))
            .rbSql();

    assertThat(rb).isEqualTo(new RbSqlSettings(50, 42.5, 20, 3, 0.5));
  }

  @Test
  void should_refuse_several_strategies_without_a_vote_and_a_vote_of_one() {
    assertThatThrownBy(() -> ask(Map.of("PARLANCE_ASK_STRATEGY", "direct,c3")))
        .isInstanceOf(IllegalArgumentException.class)
        .hasMessageContaining("parlance.ask.select=vote");
    assertThatThrownBy(
            () -> ask(Map.of("PARLANCE_ASK_STRATEGY", "direct", "PARLANCE_ASK_SELECT", "vote")))
        .hasMessageContaining("at least two strategies");
    assertThatThrownBy(() -> ask(Map.of("PARLANCE_ASK_SELECT", "best")))
        .hasMessageContaining("none or vote");
  }
}
