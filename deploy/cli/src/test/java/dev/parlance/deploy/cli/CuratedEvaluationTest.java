package dev.parlance.deploy.cli;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import dev.parlance.adapters.llm.testing.RecordedOpenAi;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Issue 14 through the command line on the curated demo source: what Parlance ran is scored (views
 * expanded, on the raw database), curated and raw side by side, an answer that is no answer, and a
 * verified question kept out of its own examples — against a local server speaking OpenAI's wire
 * format that answers curated prompts (they carry the curation's hints) and raw ones differently.
 */
class CuratedEvaluationTest {

  private static final ObjectMapper JSON = new ObjectMapper();

  private static final String INSTALLATIONS = "What are the codes of all installations?";
  private static final String OPEN_ORDERS = "How many open maintenance orders are there?";
  private static final String LARGEST =
      "Which installation has the largest number of open maintenance orders?";
  // The demo's verified q26, as shipped.
  private static final String LARGEST_SQL =
      "SELECT i.name FROM installation i JOIN maintenance_order mo ON i.id = mo.installation_id"
          + " WHERE mo.status = 'open' GROUP BY i.id, i.name ORDER BY count(*) DESC, i.name LIMIT 1";
  // Only curated prompts carry the demo's hints (quoted as data: the apostrophe is doubled).
  private static final String CURATED = "today is 2025-01-01";

  @TempDir static Path home;

  private RecordedOpenAi model;

  @BeforeAll
  static void demo() {
    // The first start generates the demo database and publishes its curation.
    try (ParlanceContainer components = CliRun.container(home, Map.of())) {
      assertThat(CliRun.of(components, "sources", "list").out()).contains("demo");
    }
  }

  @AfterEach
  void stop() {
    if (model != null) {
      model.close();
    }
  }

  @AfterAll
  static void none() {}

  private CliRun run(Map<String, String> env, String... args) {
    try (ParlanceContainer components = CliRun.container(home, env)) {
      return CliRun.of(components, args);
    }
  }

  private Map<String, String> env() {
    Map<String, String> env = new HashMap<>(model.environment());
    env.put("PARLANCE_ASK_CANDIDATES", "1");
    return env;
  }

  private static String fenced(String sql) {
    return "```sql\n" + sql + "\n```\nExplanation: recorded.";
  }

  private static Path questions(String name, String... lines) throws Exception {
    return Files.writeString(home.resolve(name), String.join("\n", lines) + "\n");
  }

  private static String line(String question, String sql, String baseSql) {
    return "{\"question\": \""
        + question
        + "\", \"sql\": \""
        + sql.replace("'", "'")
        + "\", \"source\": \"demo\""
        + (baseSql == null ? "" : ", \"base_sql\": \"" + baseSql + "\"")
        + "}";
  }

  private RecordedOpenAi answers() throws Exception {
    return new RecordedOpenAi()
        .answerWhenAll(
            List.of("Question: " + INSTALLATIONS, CURATED), fenced("SELECT code FROM installation"))
        .answerWhenAll(
            List.of("Question: " + OPEN_ORDERS, CURATED),
            fenced("SELECT count(*) FROM maintenance_order WHERE status = 'open'"))
        .answerWhenAll(List.of("Question: " + LARGEST, CURATED), fenced(LARGEST_SQL))
        .answer("Question: " + INSTALLATIONS, fenced("SELECT IN_CD FROM TB_IN"))
        // Without curation the model cannot tell which code means open: it says so.
        .answer("Question: " + OPEN_ORDERS, fenced("SELECT NULL AS open_orders"));
  }

  @Test
  void should_score_answers_over_views_against_gold_over_views_or_base_tables() throws Exception {
    model = answers();
    Path file =
        questions(
            "scored.jsonl",
            line(INSTALLATIONS, "SELECT code FROM installation", "SELECT IN_CD FROM TB_IN"),
            // This gold reads the cryptic base tables, as staff wrote it.
            line(OPEN_ORDERS, "SELECT count(*) FROM TB_MO WHERE MO_ST = 1", null));
    Path json = home.resolve("scored.json");

    CliRun run =
        run(env(), "bench", "e2e", "--questions", file.toString(), "--json", json.toString());

    assertThat(run.exitCode()).as(run.err()).isZero();
    // Before, answers over views ran on the raw file and failed: "no such table".
    assertThat(run.out())
        .contains("execution accuracy 100.00% (2 correct of 2 scored; 2 questions)");
    JsonNode r = JSON.readTree(json.toFile());
    assertThat(r.path("error").asInt()).isZero();
    // Recall counts base columns on both sides (view lineage): the first gold reads a view's
    // column, the second the base column TB_MO.MO_ST that the prompt's maintenance_order.status
    // reads. Before, the second was not counted and a gold over base tables scored 0.
    assertThat(r.path("recall").path("questions").asInt()).isEqualTo(2);
    assertThat(r.path("recall").path("mean").asDouble()).isEqualTo(1.0);
  }

  @Test
  void should_put_curated_and_raw_side_by_side_and_count_a_constant_answer_as_none()
      throws Exception {
    model = answers();
    Path file =
        questions(
            "compared.jsonl",
            line(INSTALLATIONS, "SELECT code FROM installation", "SELECT IN_CD FROM TB_IN"),
            line(OPEN_ORDERS, "SELECT count(*) FROM TB_MO WHERE MO_ST = 1", null));
    Path json = home.resolve("compared.json");
    Path html = home.resolve("compared.html");

    CliRun run =
        run(
            env(),
            "bench",
            "e2e",
            "--questions",
            file.toString(),
            "--compare-raw",
            "--json",
            json.toString(),
            "--html",
            html.toString());

    assertThat(run.exitCode()).as(run.err()).isZero();
    assertThat(run.out())
        .contains("== side by side: curated and raw")
        .containsPattern("execution accuracy +100\\.00% +50\\.00%")
        .contains("only curated 1, only raw 0");
    JsonNode c = JSON.readTree(json.toFile()).path("comparison");
    assertThat(c.path("side").path("correct").asInt()).isEqualTo(2);
    assertThat(c.path("other_side").path("correct").asInt()).isEqualTo(1);
    // Both sides' recall in base columns: the curated prompts' view columns stand for the base
    // columns they read; for raw, the first question's base_sql and the second's gold.
    assertThat(c.path("side").path("recall").asDouble()).isEqualTo(1.0);
    assertThat(c.path("other").path("recall").path("questions").asInt()).isEqualTo(2);
    JsonNode raw = c.path("other");
    assertThat(raw.path("run").asText()).endsWith("-raw");
    assertThat(
            raw.path("calibration")
                .path("by_status")
                .path("cannot_answer")
                .path("questions")
                .asInt())
        .isEqualTo(1);
    assertThat(raw.path("failures").get(0).path("status").asText()).isEqualTo("cannot_answer");
    // The raw run asked the base tables: its prompts show no view.
    assertThat(
            model.prompts().stream()
                .filter(p -> p.contains("Question: " + OPEN_ORDERS) && !p.contains(CURATED)))
        .isNotEmpty()
        .allMatch(p -> !p.contains("CREATE TABLE maintenance_order"));
    assertThat(Files.readString(html)).contains("curated and raw, side by side", "direct · raw");
    // A benchmark run does not write into the stewards' queue.
    assertThat(run(Map.of(), "suggest", "list", "--source", "demo-raw").out())
        .doesNotContain("unanswered");
  }

  @Test
  void should_keep_a_verified_question_out_of_its_own_examples_unless_asked_to() throws Exception {
    model = answers();
    Path file = questions("twin.jsonl", line(LARGEST, LARGEST_SQL, null));

    CliRun hidden = run(env(), "bench", "e2e", "--questions", file.toString(), "--run", "twin");
    List<String> hiddenPrompts = model.prompts();
    CliRun shown =
        run(
            env(),
            "bench",
            "e2e",
            "--questions",
            file.toString(),
            "--run",
            "twin-shown",
            "--self-examples");

    assertThat(hidden.exitCode()).as(hidden.err()).isZero();
    assertThat(shown.exitCode()).as(shown.err()).isZero();
    String example = "SQL: " + LARGEST_SQL;
    assertThat(hiddenPrompts).anyMatch(p -> p.contains("Verified examples (quoted data"));
    assertThat(hiddenPrompts).noneMatch(p -> p.contains(example));
    assertThat(model.prompts().subList(hiddenPrompts.size(), model.prompts().size()))
        .anyMatch(p -> p.contains(example));
  }

  @Test
  void should_agree_with_the_publish_time_regression_on_the_same_answer() throws Exception {
    model = answers();
    Path file = questions("regression.jsonl", line(LARGEST, LARGEST_SQL, null));

    // The model's regression asks all 36 approved questions: one call each keeps it short.
    Map<String, String> env = env();
    env.put("PARLANCE_ASK_HALLUCINATE", "false");
    CliRun check = run(env, "verified", "check", "--source", "demo", "--with-model");
    CliRun scored =
        run(
            env(),
            "bench",
            "e2e",
            "--questions",
            file.toString(),
            "--run",
            "agree",
            "--self-examples");

    // The fake model answers only three of the 36 as verified: the check says so and fails.
    assertThat(check.exitCode()).as(check.err()).isEqualTo(1);
    assertThat(check.err()).contains("asking the model 36 verified question(s) of demo");
    assertThat(check.out()).containsPattern("q26 +\\| unchanged +\\| 1 +\\| agrees");
    assertThat(scored.out()).contains("execution accuracy 100.00% (1 correct of 1 scored");
  }

  @Test
  void should_say_it_cannot_answer_and_queue_the_question_for_the_stewards() throws Exception {
    model =
        new RecordedOpenAi()
            .answer(
                "Question: How many FPSOs are operating?",
                fenced("SELECT NULL AS operating_fpso_count"));

    CliRun ask = run(env(), "ask", "--source", "demo", "How many FPSOs are operating?");
    CliRun queue = run(Map.of(), "suggest", "list", "--source", "demo");

    assertThat(ask.exitCode()).isEqualTo(ParlanceCli.FAILED);
    assertThat(ask.out()).contains("confidence  0% (cannot answer from this source)");
    assertThat(ask.err()).contains("parlance: cannot answer from this source");
    assertThat(queue.out())
        .contains("unanswered")
        .contains("staff asked \"How many FPSOs are operating?\"; no view covers it");
  }
}
