package dev.parlance.deploy.cli;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Map;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** Stewards publish policy versions from JSON; the next statement runs under the new version. */
class PolicyAndAuditCommandTest {

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
  void should_govern_with_the_next_version_when_a_steward_publishes_an_edited_policy()
      throws Exception {
    CliRun show = CliRun.of(components, "policy", "show", "demo");
    assertThat(show.exitCode()).isZero();
    assertThat(show.out()).contains("\"version\" : 1").contains("\"row_filters\"");

    String edited =
        show.out()
            .replace("\"row_cap\" : 1000", "\"row_cap\" : 3")
            .replace("\"allowed_tables\" : [ ]", "\"allowed_tables\" : [ \"TB_MO\" ]");
    Path file = home.resolve("policy.json");
    Files.writeString(file, edited);
    CliRun set =
        CliRun.of(components, "policy", "set", "demo", "--file", file.toString(), "--by", "stella");
    assertThat(set.exitCode()).as(set.err()).isZero();
    assertThat(set.out()).contains("published version 2 of demo");

    CliRun capped = CliRun.of(components, "sql", "--source", "demo", "SELECT MO_ID FROM TB_MO");
    assertThat(capped.exitCode()).isZero();
    assertThat(capped.err()).contains("3 rows, cut at 3 rows (the row cap)");
    CliRun outside = CliRun.of(components, "sql", "--source", "demo", "SELECT * FROM TB_EQ");
    assertThat(outside.exitCode()).isEqualTo(ParlanceCli.REFUSED);
    assertThat(outside.err()).contains("version 2");

    CliRun history = CliRun.of(components, "policy", "history", "demo");
    assertThat(history.out()).contains("stella").contains("parlance");

    CliRun audit = CliRun.of(components, "audit", "--source", "demo", "--limit", "2");
    assertThat(audit.exitCode()).isZero();
    assertThat(audit.out()).contains("refused").contains("SELECT * FROM TB_EQ").contains("ran");
  }

  @Test
  void should_refuse_with_one_line_when_the_policy_file_is_malformed() throws Exception {
    Path bad = home.resolve("bad.json");
    Files.writeString(bad, "{\"column_rules\": [{\"role\": \"x\", \"table\": \"T\"}]}");
    CliRun set = CliRun.of(components, "policy", "set", "demo", "--file", bad.toString());
    assertThat(set.exitCode()).isEqualTo(ParlanceCli.REFUSED);
    assertThat(set.err()).contains("'column'");
    assertThat(set.oneErrorLine()).isTrue();
    Files.writeString(bad, "not json");
    assertThat(CliRun.of(components, "policy", "set", "demo", "--file", bad.toString()).err())
        .contains("not JSON");
  }
}
