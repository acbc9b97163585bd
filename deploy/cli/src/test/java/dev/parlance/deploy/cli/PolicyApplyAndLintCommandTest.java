package dev.parlance.deploy.cli;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Map;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.MethodOrderer;
import org.junit.jupiter.api.Order;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestMethodOrder;
import org.junit.jupiter.api.io.TempDir;

/** {@code policy apply} and {@code policy lint}: thin commands over their use cases. */
@TestMethodOrder(MethodOrderer.OrderAnnotation.class)
class PolicyApplyAndLintCommandTest {

  @TempDir static Path home;
  static ParlanceContainer components;

  @BeforeAll
  static void start() {
    components = CliRun.container(home, Map.of());
  }

  @AfterAll
  static void close() {
    components.close();
  }

  @Test
  @Order(1)
  void should_pass_lint_when_the_demo_policy_follows_foreign_keys_and_masks_e_mails() {
    CliRun lint = CliRun.of(components, "policy", "lint", "--source", "demo");
    assertThat(lint.exitCode()).as(lint.out() + lint.err()).isZero();
    assertThat(lint.out()).contains("policy version 1 of demo passes lint");
  }

  @Test
  @Order(2)
  void should_say_there_is_nothing_to_provision_when_the_source_is_sqlite() {
    CliRun apply = CliRun.of(components, "policy", "apply", "--source", "demo");
    assertThat(apply.exitCode()).as(apply.err()).isZero();
    assertThat(apply.out()).contains("nothing to provision on SQLite");
    CliRun unknown = CliRun.of(components, "policy", "apply", "--source", "nowhere");
    assertThat(unknown.exitCode()).isEqualTo(ParlanceCli.FAILED);
    assertThat(unknown.err()).contains("no source named 'nowhere'");
    assertThat(unknown.oneErrorLine()).isTrue();
  }

  @Test
  @Order(3)
  void should_list_the_unfiltered_paths_and_the_carrier_when_a_policy_stops_at_its_tables()
      throws Exception {
    String policy =
        """
        {"row_filters": [{"role": "regional", "table": "TB_IN", "predicate": "IN_RG_CD = :user.region"}],
         "column_rules": [{"role": "contractor", "table": "TB_EMP", "column": "EMP_NM", "treatment": "mask"}]}
        """;
    Path file = home.resolve("narrow.json");
    Files.writeString(file, policy);
    CliRun set =
        CliRun.of(components, "policy", "set", "demo", "--file", file.toString(), "--by", "stella");
    assertThat(set.exitCode()).as(set.err()).isZero();
    CliRun lint = CliRun.of(components, "policy", "lint", "--source", "demo");
    assertThat(lint.exitCode()).isEqualTo(ParlanceCli.REFUSED);
    assertThat(lint.out())
        .contains("policy version 2 of demo:")
        .contains("unfiltered path: role regional reads every row of TB_SY")
        .contains("content carrier: role contractor sees TB_EMP.EMP_EMAIL in clear");
  }
}
