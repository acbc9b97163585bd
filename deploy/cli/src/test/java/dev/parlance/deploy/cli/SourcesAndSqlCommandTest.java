package dev.parlance.deploy.cli;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import dev.parlance.application.governance.ReadAuditUseCase;
import java.net.ServerSocket;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The sources, sql and bench governance commands on a fresh PARLANCE_HOME: the demo exists from the
 * first start, and bad input gives one clear line and the contract's exit code.
 */
class SourcesAndSqlCommandTest {

  @TempDir static Path home;
  static ParlanceContainer components;

  @BeforeAll
  static void firstStart() {
    components = CliRun.container(home, Map.of("PLANT_USER", "reader"));
  }

  @AfterAll
  static void close() {
    components.close();
  }

  private static CliRun run(String... args) {
    return CliRun.of(components, args);
  }

  @Test
  void should_list_the_demo_source_when_started_for_the_first_time() {
    CliRun list = run("sources", "list");
    assertThat(list.exitCode()).isZero();
    assertThat(list.out()).contains("demo").contains("sqlite").contains("demo-plant.sqlite");
    assertThat(home.resolve("databases").resolve("demo-plant.sqlite")).isRegularFile();
    CliRun show = run("sources", "show", "demo");
    assertThat(show.exitCode()).isZero();
    assertThat(show.out())
        .contains("policy       version 1")
        .contains("row filter   role regional");
  }

  @Test
  void should_keep_credentials_by_reference_when_a_source_is_added_shown_and_removed() {
    CliRun add =
        run(
            "sources",
            "add",
            "plant",
            "--url",
            "jdbc:postgresql://db.example/plant",
            "--user-env",
            "PLANT_USER",
            "--password-env",
            "PLANT_PASSWORD",
            "--no-check");
    assertThat(add.exitCode()).as(add.err()).isZero();
    assertThat(add.out()).contains("added source plant (not checked)");
    assertThat(run("sources", "show", "plant").out())
        .contains("environment $PLANT_USER / $PLANT_PASSWORD")
        .contains("built-in default");
    assertThat(run("sources", "remove", "plant").exitCode()).isZero();
    CliRun again = run("sources", "remove", "plant");
    assertThat(again.exitCode()).isEqualTo(ParlanceCli.FAILED);
    assertThat(again.oneErrorLine()).as(again.err()).isTrue();
  }

  @Test
  void should_exit_2_when_a_source_url_carries_a_password() {
    CliRun add =
        run("sources", "add", "leaky", "--url", "jdbc:postgresql://db/plant?password=hunter2");
    assertThat(add.exitCode()).isEqualTo(ParlanceCli.REFUSED);
    assertThat(add.err()).contains("never stores secrets").doesNotContain("hunter2");
    assertThat(add.oneErrorLine()).isTrue();
    assertThat(run("sources", "list").out()).doesNotContain("leaky");
  }

  @Test
  void should_exit_2_naming_the_parameter_when_a_source_url_carries_code() throws Exception {
    Path secret = home.resolve("secret.txt");
    Files.writeString(secret, "a-line-only-the-server-holds\n");
    for (String[] urlAndParameter :
        new String[][] {
          {
            "jdbc:h2:mem:x;ACCESS_MODE_DATA=rw;INIT=RUNSCRIPT FROM '" + secret + "'",
            "ACCESS_MODE_DATA"
          },
          {"jdbc:h2:mem:x;INIT=RUNSCRIPT FROM '" + secret + "'", "INIT"},
          {"jdbc:postgresql://db/plant?loggerFile=/tmp/x", "loggerFile"},
          {"jdbc:sqlite:x.sqlite?enable_load_extension=true", "enable_load_extension"}
        }) {
      for (String check : new String[] {"--no-check", null}) {
        List<String> args =
            new ArrayList<>(List.of("sources", "add", "evil", "--url", urlAndParameter[0]));
        if (check != null) {
          args.add(check);
        }
        CliRun add = run(args.toArray(String[]::new));
        assertThat(add.exitCode()).as(urlAndParameter[0]).isEqualTo(ParlanceCli.REFUSED);
        assertThat(add.err())
            .as(urlAndParameter[0])
            .contains(urlAndParameter[1], "is not allowed")
            .doesNotContain("a-line-only-the-server-holds");
        assertThat(add.oneErrorLine()).isTrue();
      }
    }
    assertThat(run("sources", "list").out()).doesNotContain("evil");
  }

  @Test
  void should_exit_2_when_a_source_would_be_parlances_own_store_or_index() {
    for (String url :
        List.of(
            "jdbc:h2:file:" + home.resolve("metadata").resolve("parlance"),
            "jdbc:sqlite:" + home.resolve("index").resolve("anything.sqlite"))) {
      CliRun add = run("sources", "add", "store", "--url", url, "--no-check");
      assertThat(add.exitCode()).as(url).isEqualTo(ParlanceCli.REFUSED);
      assertThat(add.err()).as(url).contains("can never be a source");
      assertThat(add.oneErrorLine()).isTrue();
    }
    assertThat(run("sources", "list").out()).doesNotContain("store");
  }

  @Test
  void should_print_a_table_and_exit_0_when_the_statement_runs() {
    CliRun sql =
        run(
            "sql",
            "--source",
            "demo",
            "--as",
            "rita",
            "--roles",
            "regional",
            "--attr",
            "region=SE",
            "SELECT IN_RG_CD, count(*) AS n FROM TB_IN GROUP BY IN_RG_CD");
    assertThat(sql.exitCode()).as(sql.err()).isZero();
    assertThat(sql.out()).contains("IN_RG_CD").contains("SE").doesNotContain("NE ");
    assertThat(sql.err()).contains("1 row");
  }

  @Test
  void should_refuse_with_exit_2_an_attribute_that_is_not_name_equals_value() {
    CliRun sql = run("sql", "--source", "demo", "--attr", "region", "SELECT 1");

    assertThat(sql.exitCode()).isEqualTo(2);
    assertThat(sql.err()).contains("--attr needs NAME=VALUE, got 'region'");
  }

  // Issue 24: 1,001 rows × 60 columns of 249 kB values took this command to 2.3 GB.
  @Test
  void should_cut_a_huge_result_at_the_memory_budget_and_say_why_on_stderr() {
    StringBuilder select = new StringBuilder("SELECT m.MO_NR");
    for (int i = 1; i <= 60; i++) {
      select.append(", v.x AS c").append(i);
    }
    String huge =
        "WITH v(x) AS (SELECT replace(printf('%.249c', 'a'), 'a', printf('%.1000c', 'x'))) "
            + select
            + " FROM TB_MO m, v";

    CliRun sql = run("sql", "--source", "demo", "--as", "rita", "--roles", "analyst", huge);

    assertThat(sql.exitCode()).as(sql.err()).isZero();
    assertThat(sql.err())
        .contains("rows at 16 MiB of values (the result's memory budget)")
        .contains("values longer than 32,767 bytes shortened (ending in …)");
    assertThat(sql.out().length()).isLessThan(16 * 1024 * 1024);
  }

  @Test
  void should_exit_2_with_the_reason_on_stderr_when_the_statement_is_refused() {
    CliRun sql = run("sql", "--source", "demo", "DROP TABLE TB_MO");
    assertThat(sql.exitCode()).isEqualTo(ParlanceCli.REFUSED);
    assertThat(sql.out()).isEmpty();
    assertThat(sql.err()).contains("refused (schema_change)");
    assertThat(sql.oneErrorLine()).isTrue();
    CliRun empty = run("sql", "--source", "demo", "");
    assertThat(empty.exitCode()).isEqualTo(ParlanceCli.REFUSED);
    assertThat(empty.err()).contains("empty");
    assertThat(empty.oneErrorLine()).isTrue();
  }

  @Test
  void should_exit_1_with_one_clear_line_when_the_source_is_unknown_or_unreachable()
      throws Exception {
    CliRun unknown = run("sql", "--source", "nowhere", "SELECT 1");
    assertThat(unknown.exitCode()).isEqualTo(ParlanceCli.FAILED);
    assertThat(unknown.err()).contains("no source named 'nowhere'");
    assertThat(unknown.oneErrorLine()).isTrue();

    int closed;
    try (ServerSocket s = new ServerSocket(0)) {
      closed = s.getLocalPort();
    }
    assertThat(
            run(
                    "sources",
                    "add",
                    "away",
                    "--url",
                    "jdbc:postgresql://127.0.0.1:" + closed + "/plant?connectTimeout=2",
                    "--user-env",
                    "PLANT_USER",
                    "--no-check")
                .exitCode())
        .isZero();
    CliRun away = run("sql", "--source", "away", "SELECT 1");
    assertThat(away.exitCode()).isEqualTo(ParlanceCli.FAILED);
    assertThat(away.err()).contains("cannot connect to source away");
    assertThat(away.oneErrorLine()).as(away.err()).isTrue();

    assertThat(
            run(
                    "sources",
                    "add",
                    "unset",
                    "--url",
                    "jdbc:postgresql://127.0.0.1/plant",
                    "--password-env",
                    "NOT_SET_ANYWHERE",
                    "--no-check")
                .exitCode())
        .isZero();
    CliRun unset = run("sql", "--source", "unset", "SELECT 1");
    assertThat(unset.exitCode()).isEqualTo(ParlanceCli.FAILED);
    assertThat(unset.err()).contains("environment variable NOT_SET_ANYWHERE is not set");
    assertThat(unset.oneErrorLine()).isTrue();
  }

  @Test
  void should_exit_1_with_the_databases_message_when_the_statement_fails() {
    CliRun sql = run("sql", "--source", "demo", "SELECT NO_SUCH FROM TB_MO");
    assertThat(sql.exitCode()).isEqualTo(ParlanceCli.FAILED);
    assertThat(sql.err()).contains("no such column: NO_SUCH");
    assertThat(sql.oneErrorLine()).isTrue();
  }

  @Test
  void should_audit_the_attempt_when_it_runs_is_refused_or_fails() {
    int before = components.get(ReadAuditUseCase.class).latest("demo", 10_000).size();
    run("sql", "--source", "demo", "SELECT 1");
    run("sql", "--source", "demo", "DELETE FROM TB_MO");
    run("sql", "--source", "demo", "SELECT nope FROM TB_MO");
    var latest = components.get(ReadAuditUseCase.class).latest("demo", 3);
    assertThat(components.get(ReadAuditUseCase.class).latest("demo", 10_000)).hasSize(before + 3);
    assertThat(latest)
        .extracting(a -> a.outcome().name())
        .containsExactly("FAILED", "REFUSED", "RAN");
    assertThat(latest.get(1).sqlAsked()).isEqualTo("DELETE FROM TB_MO");
    assertThat(latest.get(2).sqlRun()).isPresent();
  }

  @Test
  void should_write_exactly_the_contracts_json_when_benchmarking_governance() throws Exception {
    Path json = home.resolve("bench/governance.json");
    CliRun bench =
        run(
            "bench",
            "governance",
            "--source",
            "demo",
            "--json",
            json.toString(),
            "--lookups",
            "1",
            "--rounds",
            "2",
            "--warm-up",
            "0");
    assertThat(bench.exitCode()).as(bench.err()).isZero();
    assertThat(bench.out()).contains("overhead").contains("ratio p50");
    JsonNode root = new ObjectMapper().readTree(Files.readString(json));
    List<String> keys = new ArrayList<>();
    root.fieldNames().forEachRemaining(keys::add);
    assertThat(keys)
        .containsExactly("statements", "raw_ms", "governed_ms", "overhead_ms", "ratio_p50");
    for (String part : List.of("raw_ms", "governed_ms", "overhead_ms")) {
      List<String> inner = new ArrayList<>();
      root.get(part).fieldNames().forEachRemaining(inner::add);
      assertThat(inner).containsExactly("p50", "p95");
    }
    assertThat(root.get("statements").asInt()).isGreaterThanOrEqualTo(20);
    assertThat(root.get("governed_ms").get("p50").asDouble()).isPositive();
  }

  @Test
  void should_refuse_a_source_that_cannot_open_naming_the_problem_and_keep_nothing()
      throws Exception {
    Path missing = home.resolve("nonexistent/dir/x.sqlite");
    CliRun add = run("sources", "add", "gone", "--url", "jdbc:sqlite:" + missing);
    assertThat(add.exitCode()).isEqualTo(ParlanceCli.REFUSED);
    assertThat(add.err()).contains("cannot add source gone: the database file is missing");
    assertThat(add.oneErrorLine()).as(add.err()).isTrue();
    assertThat(run("sources", "list").out()).doesNotContain("gone");

    Path text = home.resolve("notes.txt");
    Files.writeString(text, "these are notes, not a database\n".repeat(100));
    CliRun notDb = run("sources", "add", "notes", "--url", "jdbc:sqlite:" + text);
    assertThat(notDb.exitCode()).isEqualTo(ParlanceCli.REFUSED);
    assertThat(notDb.err()).contains("the file is not a database");

    int closed;
    try (ServerSocket s = new ServerSocket(0)) {
      closed = s.getLocalPort();
    }
    CliRun unreachable =
        run(
            "sources",
            "add",
            "far",
            "--url",
            "jdbc:postgresql://127.0.0.1:" + closed + "/plant?connectTimeout=2");
    assertThat(unreachable.exitCode()).isEqualTo(ParlanceCli.REFUSED);
    assertThat(unreachable.err()).contains("the database server cannot be reached");

    CliRun unset =
        run(
            "sources",
            "add",
            "nokey",
            "--url",
            "jdbc:postgresql://127.0.0.1/plant",
            "--password-env",
            "NOT_SET_ANYWHERE");
    assertThat(unset.exitCode()).isEqualTo(ParlanceCli.REFUSED);
    assertThat(unset.err()).contains("a credential variable is not set");
  }

  @Test
  void should_add_an_unreachable_source_with_no_check_and_report_it_when_tested() {
    Path missing = home.resolve("later/plant.sqlite");
    CliRun add = run("sources", "add", "later", "--url", "jdbc:sqlite:" + missing, "--no-check");
    assertThat(add.exitCode()).as(add.err()).isZero();

    CliRun test = run("sources", "test", "later");
    assertThat(test.exitCode()).isEqualTo(ParlanceCli.FAILED);
    assertThat(test.err()).contains("source later: the database file is missing");
    assertThat(test.oneErrorLine()).isTrue();

    CliRun demo = run("sources", "test", "demo");
    assertThat(demo.exitCode()).as(demo.err()).isZero();
    assertThat(demo.out()).contains("source demo: opens read-only, 26 tables");
    run("sources", "remove", "later");
  }
}
