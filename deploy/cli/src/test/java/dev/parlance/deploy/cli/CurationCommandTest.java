package dev.parlance.deploy.cli;

import static org.assertj.core.api.Assertions.assertThat;

import com.sun.net.httpserver.HttpServer;
import dev.parlance.domain.completion.ModelCall;
import dev.parlance.domain.completion.ModelCallsPort;
import dev.parlance.domain.completion.ModelPurpose;
import java.io.IOException;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Instant;
import java.util.List;
import java.util.Map;
import java.util.concurrent.atomic.AtomicInteger;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The curation commands on a fresh PARLANCE_HOME, where the demo starts curated: views, describe,
 * verified questions, publish with validation and regression, diff, rollback, export and import,
 * and the assistants against a local server speaking OpenAI's wire format.
 */
class CurationCommandTest {

  // A recorded chat.completion whose content follows the descriptions prompt's line format.
  private static final String DESCRIPTIONS_ANSWER =
      """
      {"id":"chatcmpl-BcD41pQeR7Ty2Wv9Xs0Lm3Nk8Jh","object":"chat.completion","created":1733771200,\
      "model":"gpt-4o-mini-2024-07-18","choices":[{"index":0,"message":{"role":"assistant",\
      "content":"table | region | A geographic region of the company.\\ncolumn | RG_CD | code | region code\\n\
      column | RG_NM | name | region name in Portuguese\\ncolumn | RG_FL_ACT | active | whether the region is active (S/N)",\
      "refusal":null},"logprobs":null,"finish_reason":"stop"}],\
      "usage":{"prompt_tokens":182,"completion_tokens":48,"total_tokens":230},\
      "system_fingerprint":"fp_bba3c8e70b"}""";

  @TempDir static Path home;
  static ParlanceContainer components;
  static HttpServer server;

  /** Requests the model server was sent: every model call Parlance made, on the wire. */
  static final AtomicInteger modelCalls = new AtomicInteger();

  @BeforeAll
  static void firstStart() throws IOException {
    server = HttpServer.create(new InetSocketAddress(InetAddress.getLoopbackAddress(), 0), 0);
    server.createContext(
        "/",
        exchange -> {
          modelCalls.incrementAndGet();
          exchange.getRequestBody().readAllBytes();
          byte[] bytes = DESCRIPTIONS_ANSWER.getBytes(StandardCharsets.UTF_8);
          exchange.getResponseHeaders().add("Content-Type", "application/json");
          exchange.sendResponseHeaders(200, bytes.length);
          exchange.getResponseBody().write(bytes);
          exchange.close();
        });
    server.start();
    components =
        CliRun.container(
            home,
            Map.of(
                "PARLANCE_LLM_PROVIDER", "openai",
                "PARLANCE_LLM_MODEL", "gpt-4o-mini",
                "PARLANCE_LLM_API_KEY", "sk-test",
                "PARLANCE_LLM_BASE_URL",
                    "http://127.0.0.1:" + server.getAddress().getPort() + "/v1"));
    // `verified check` runs the demo's heaviest statements: they must not meet a 10 s timeout.
    CliRun.patientDemoPolicy(components, home);
  }

  @AfterAll
  static void close() {
    components.close();
    server.stop(0);
  }

  @BeforeEach
  void noDraft() {
    run("views", "draft", "--source", "demo", "--discard");
  }

  private static CliRun run(String... args) {
    return CliRun.of(components, args);
  }

  @Test
  void should_list_the_shipped_views_and_verified_questions_when_the_demo_starts() {
    CliRun views = run("views", "list", "--source", "demo");
    CliRun verified = run("verified", "list", "--source", "demo");
    CliRun history = run("views", "history", "--source", "demo");

    assertThat(views.exitCode()).isZero();
    assertThat(views.out()).contains("maintenance_order").contains("partially-extended");
    assertThat(verified.out()).contains("q36").contains("approved");
    assertThat(history.out()).contains("the demo's shipped curation");
  }

  @Test
  void should_run_a_query_over_views_with_the_regional_row_filter_underneath() {
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
            "SELECT region_code, count(*) FROM installation GROUP BY region_code");

    assertThat(sql.exitCode()).as(sql.err()).isZero();
    assertThat(sql.out()).contains("SE").doesNotContain("NE");
  }

  @Test
  void should_block_the_publish_with_exit_2_and_name_the_failing_view() {
    run(
        "views",
        "draft",
        "--source",
        "demo",
        "--name",
        "broken_view",
        "--sql",
        "SELECT nope FROM TB_MO");

    CliRun publish = run("views", "publish", "--source", "demo", "--by", "rita");

    assertThat(publish.exitCode()).isEqualTo(2);
    assertThat(publish.out()).contains("FAILED  broken_view: does not compile:").contains("nope");
    assertThat(publish.oneErrorLine()).isTrue();
    assertThat(publish.err()).contains("not published: 1 view(s) fail validation");
  }

  @Test
  void should_publish_report_changed_results_diff_and_roll_back_when_a_view_changes_its_rows() {
    // Germany's manufacturers disappear from the view: q08 ("Which manufacturers are from
    // Germany?") changes its result, no other verified question reads this view.
    CliRun draft =
        run(
            "views",
            "draft",
            "--source",
            "demo",
            "--name",
            "manufacturer",
            "--sql",
            "SELECT m.MF_ID AS id, m.MF_NM AS name, m.MF_CTRY AS country, 'yes' AS active,"
                + " m.MF_DT_QUAL AS qualified_on, m.MF_RAT AS rating FROM TB_MF m"
                + " WHERE m.MF_CTRY <> 'DE'");
    CliRun describe =
        run("describe", "--source", "demo", "manufacturer.rating", "--values", "1=worst,5=best");
    CliRun diff = run("views", "diff", "--source", "demo");
    assertThat(draft.exitCode()).as(draft.err()).isZero();
    assertThat(describe.exitCode()).as(describe.err()).isZero();
    assertThat(diff.out())
        .contains("changed view manufacturer: definition; column descriptions changed rating");

    CliRun publish =
        run("views", "publish", "--source", "demo", "--by", "rita", "--note", "fewer plans");

    assertThat(publish.exitCode()).as(publish.err()).isZero();
    assertThat(publish.out())
        .containsPattern("published version \\d+ of demo by rita")
        .contains("re-indexed")
        .containsPattern("verified questions: \\d+ unchanged, 1 changed")
        .contains("q08");
    int published =
        Integer.parseInt(publish.out().replaceAll("(?s).*published version (\\d+).*", "$1"));
    CliRun rollback =
        run(
            "views",
            "rollback",
            "--source",
            "demo",
            "--to",
            String.valueOf(published - 1),
            "--by",
            "ana");
    assertThat(rollback.exitCode()).as(rollback.err()).isZero();
    assertThat(rollback.out())
        .contains("rollback to version " + (published - 1))
        .contains("1 changed");
    assertThat(
            run(
                    "views",
                    "diff",
                    "--source",
                    "demo",
                    "--from",
                    String.valueOf(published - 1),
                    "--to",
                    "published")
                .out())
        .contains("no differences");
  }

  @Test
  void should_call_no_model_when_publishing_and_rolling_back_with_the_default_settings() {
    // A model is configured (the server above counts what it is sent); publishing runs the
    // verified questions' SQL only.
    run("describe", "--source", "demo", "region.active", "--meaning", "still operating");
    int before = modelCalls.get();
    long ledgered = ledger().size();

    CliRun publish = run("views", "publish", "--source", "demo", "--by", "rita");
    int published =
        Integer.parseInt(publish.out().replaceAll("(?s).*published version (\\d+).*", "$1"));
    CliRun rollback =
        run(
            "views",
            "rollback",
            "--source",
            "demo",
            "--to",
            String.valueOf(published - 1),
            "--by",
            "rita");
    CliRun check = run("verified", "check", "--source", "demo");

    assertThat(publish.exitCode()).as(publish.err()).isZero();
    assertThat(publish.out()).containsPattern("verified questions: \\d+ unchanged");
    assertThat(rollback.exitCode()).as(rollback.err()).isZero();
    assertThat(check.exitCode()).as(check.err()).isZero();
    assertThat(modelCalls.get()).isEqualTo(before);
    assertThat(ledger()).hasSize((int) ledgered);
  }

  @Test
  void should_count_the_assistants_model_call_as_a_suggestion_in_the_ledger() {
    int before = modelCalls.get();

    CliRun suggest = run("suggest", "descriptions", "--source", "demo", "--table", "TB_RG");

    assertThat(suggest.exitCode()).as(suggest.err()).isZero();
    assertThat(modelCalls.get()).isEqualTo(before + 1);
    assertThat(ledger())
        .last()
        .satisfies(
            call -> {
              assertThat(call.purpose()).isEqualTo(ModelPurpose.SUGGESTION);
              assertThat(call.source()).isEqualTo("demo");
              assertThat(call.calls()).isEqualTo(1);
              assertThat(call.usage().promptTokens()).isEqualTo(182);
            });
  }

  private static List<ModelCall> ledger() {
    return components
        .get(ModelCallsPort.class)
        .between(Instant.EPOCH, Instant.now().plusSeconds(60));
  }

  @Test
  void should_import_what_it_exported_without_a_difference() throws IOException {
    Path file = home.resolve("demo-curation.yaml");

    CliRun export = run("views", "export", "--source", "demo", "--file", file.toString());
    CliRun imported = run("views", "import", "--source", "demo", "--file", file.toString());
    CliRun diff = run("views", "diff", "--source", "demo");

    assertThat(export.exitCode()).isZero();
    assertThat(Files.readString(file)).startsWith("source: demo");
    assertThat(imported.out()).contains("36 verified questions");
    assertThat(diff.out()).contains("no differences between published and draft");
  }

  @Test
  void should_keep_description_changes_in_the_draft_until_published() {
    CliRun change =
        run(
            "describe",
            "--source",
            "demo",
            "TB_MO.MO_CST_REAL",
            "--meaning",
            "actual cost of the order",
            "--unit",
            "BRL");
    CliRun draft = run("describe", "--source", "demo", "TB_MO.MO_CST_REAL");
    CliRun published = run("views", "diff", "--source", "demo");
    CliRun bad = run("describe", "--source", "demo", "TB_MO", "--meaning", "x");

    assertThat(change.exitCode()).isZero();
    assertThat(draft.out()).contains("actual cost of the order (BRL)");
    assertThat(published.out())
        .contains("changed table TB_MO: column descriptions changed MO_CST_REAL");
    assertThat(bad.exitCode()).isEqualTo(2);
    assertThat(bad.oneErrorLine()).isTrue();
  }

  @Test
  void should_add_and_approve_a_verified_question_in_the_draft() {
    CliRun add =
        run(
            "verified",
            "add",
            "--source",
            "demo",
            "--id",
            "q99",
            "--question",
            "How many regions are there?",
            "--sql",
            "SELECT count(*) FROM region",
            "--difficulty",
            "simple",
            "--by",
            "rita");
    CliRun approve = run("verified", "status", "q99", "approved", "--source", "demo");
    CliRun check = run("verified", "check", "--source", "demo");

    assertThat(add.exitCode()).isZero();
    assertThat(approve.out()).contains("q99 is approved");
    assertThat(check.exitCode()).as(check.out() + check.err()).isZero();
    assertThat(check.out()).containsPattern("\\d+ unchanged, 0 changed, 1 new, 0 failed");
  }

  @Test
  void should_name_a_missing_verified_question_failing_to_show_it_and_refusing_to_change_it() {
    CliRun show = run("verified", "show", "q404", "--source", "demo");
    CliRun status = run("verified", "status", "q404", "approved", "--source", "demo");
    CliRun remove = run("verified", "remove", "q404", "--source", "demo");

    assertThat(show.exitCode()).isEqualTo(1);
    assertThat(status.exitCode()).isEqualTo(2);
    assertThat(remove.exitCode()).isEqualTo(2);
    assertThat(List.of(show, status, remove))
        .allSatisfy(r -> assertThat(r.err()).contains("source demo has no verified question q404"));
  }

  @Test
  void should_store_the_models_suggestion_and_merge_it_only_when_accepted() {
    CliRun suggest = run("suggest", "descriptions", "--source", "demo", "--table", "TB_RG");

    assertThat(suggest.exitCode()).as(suggest.err()).isZero();
    assertThat(suggest.out()).contains("conceptual view region for TB_RG");
    String id =
        suggest
            .out()
            .lines()
            .filter(l -> l.contains("TB_RG"))
            .findFirst()
            .orElseThrow()
            .split("\\|")[0]
            .strip();
    CliRun accept = run("suggest", "accept", "--source", "demo", id);
    assertThat(accept.exitCode()).as(accept.err()).isZero();
    assertThat(run("views", "show", "region", "--source", "demo").out())
        .contains("t.RG_FL_ACT AS active");
    assertThat(run("suggest", "accept", "--source", "demo", id).exitCode()).isEqualTo(2);
  }

  @Test
  void should_say_how_to_get_a_model_with_exit_2_when_none_is_configured() throws IOException {
    try (ParlanceContainer bare = CliRun.container(home, Map.of())) {
      CliRun r = CliRun.of(bare, "suggest", "values", "--source", "demo");
      assertThat(r.exitCode()).isEqualTo(2);
      assertThat(r.oneErrorLine()).isTrue();
      assertThat(r.err()).contains("none is configured");
    }
  }
}
