package dev.parlance.deploy.cli;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.parlance.adapters.llm.testing.RecordedOpenAi;
import dev.parlance.deploy.wiring.report.E2eHtml;
import dev.parlance.deploy.wiring.report.ReportJson;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.regex.Pattern;
import java.util.stream.Stream;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * {@code parlance bench e2e} through the command line on the first Spider dev questions
 * (concert_singer): the real pipeline (retrieval, value index, governed execution, vote) against a
 * local server speaking OpenAI's wire format that answers the pipeline's real prompts from
 * recordings, online and through offline batch files; interrupted and resumed; JSON and HTML.
 */
class BenchE2eCommandTest {

  private static final ObjectMapper JSON = new ObjectMapper();

  private static final String COUNT = "SELECT count(*) FROM singer";
  private static final String OLDEST_FIRST =
      "SELECT name, country, age FROM singer ORDER BY age DESC";
  private static final String YOUNGEST_FIRST =
      "SELECT name, country, age FROM singer ORDER BY age ASC";

  @TempDir Path directory;

  private Path data;
  private RecordedOpenAi model;

  @BeforeEach
  void data() {
    SharedBenchmarkData.require("spider/database/concert_singer/concert_singer.sqlite");
    data = SharedBenchmarkData.require();
  }

  @AfterEach
  void stop() {
    if (model != null) {
      model.close();
    }
  }

  private CliRun run(Map<String, String> env, String... args) {
    try (ParlanceContainer components = CliRun.container(directory.resolve("home"), env)) {
      return CliRun.of(components, args);
    }
  }

  private String[] e2e(String... more) {
    List<String> args =
        new ArrayList<>(
            List.of("bench", "e2e", "--dataset", "spider-dev", "--data", data.toString()));
    args.addAll(List.of(more));
    return args.toArray(String[]::new);
  }

  private static String fenced(String sql) {
    return "```sql\n" + sql + "\n```\nExplanation: recorded.";
  }

  /**
   * The first four Spider dev questions: the first two ask for the count (the second with one
   * dissenting candidate of three), the last two for the singers oldest first; the model answers
   * the fourth youngest first, which Spider's evaluator calls wrong (the gold orders) and BIRD's
   * right (row sets).
   */
  static RecordedOpenAi recordings(RecordedOpenAi model) {
    return model
        .answer("Question: How many singers do we have?", fenced(COUNT))
        .answer(
            "Question: What is the total number of singers?",
            fenced(COUNT),
            fenced(COUNT),
            fenced("SELECT count(*) FROM stadium"))
        .answer("Question: Show name, country, age for all singers", fenced(OLDEST_FIRST))
        .answer("Question: What are the names, countries, and ages", fenced(YOUNGEST_FIRST));
  }

  @Test
  void should_score_the_pipelines_answers_with_spiders_semantics_when_run_online()
      throws Exception {
    model = recordings(new RecordedOpenAi());
    Path json = directory.resolve("out/run.json");
    Path html = directory.resolve("out/run.html");

    CliRun run =
        run(
            model.environment(),
            e2e(
                "--limit",
                "4",
                "--candidates",
                "3",
                "--json",
                json.toString(),
                "--html",
                html.toString()));

    assertThat(run.exitCode()).as(run.err()).isZero();
    assertThat(run.out())
        .contains("execution accuracy 75.00% (3 correct of 4 scored; 4 questions) — spider")
        .contains("under bird semantics: 100.00% (4 of 4)")
        .contains("4 of 4 answerable questions have an answer (0 from earlier invocations, 4 asked")
        .contains("#3 concert_singer, medium: wrong (answered, confidence 100%)")
        .contains("pred: " + YOUNGEST_FIRST)
        // concert_singer fits the whole-schema budget: no hallucination call, m calls each.
        .contains("tokens     14400 prompt + 720 completion in 12 calls")
        .contains("schema     the final prompt's schema: whole schema 4");
    assertThat(run.err()).containsPattern("questions \\(direct\\) 4/4 \\(100%\\)");
    JsonNode r = JSON.readTree(json.toFile());
    assertThat(r.path("accuracy").asDouble()).isEqualTo(0.75);
    assertThat(r.path("accuracy_by_semantics").path("bird").path("accuracy").asDouble())
        .isEqualTo(1.0);
    assertThat(r.path("tokens").path("prompt").asLong()).isEqualTo(14400);
    assertThat(r.path("tokens").path("completion").asLong()).isEqualTo(720);
    assertThat(r.path("schema_context").path("whole schema").asInt()).isEqualTo(4);
    // 0.15 and 0.60 US$ per million tokens.
    assertThat(r.path("cost").path("usd").asDouble()).isEqualTo(0.002592);
    // Confidence 1 (three questions, two right under Spider's rules) and 2/3 (one, right).
    JsonNode buckets = r.path("calibration").path("buckets");
    assertThat(buckets).hasSize(2);
    assertThat(buckets.get(0).path("from").asDouble()).isEqualTo(0.6);
    assertThat(buckets.get(0).path("correct").asInt()).isEqualTo(1);
    assertThat(buckets.get(1).path("questions").asInt()).isEqualTo(3);
    assertThat(buckets.get(1).path("correct").asInt()).isEqualTo(2);
    // The gold's columns (name, country, age) are all in the prompt; count(*) reads none.
    assertThat(r.path("recall").path("questions").asInt()).isEqualTo(2);
    assertThat(r.path("recall").path("mean").asDouble()).isEqualTo(1.0);
    assertThat(r.path("recall").path("no_columns").asInt()).isEqualTo(2);
    assertThat(r.path("latency").path("by_stage").has("generation")).isTrue();
    assertThat(r.path("by_difficulty").path("easy").path("accuracy").asDouble()).isEqualTo(1.0);
    assertThat(r.path("by_difficulty").path("medium").path("accuracy").asDouble()).isEqualTo(0.5);
    assertThat(r.path("failures")).hasSize(1);
    assertThat(r.path("failures").get(0).path("predicted_sql").asText()).isEqualTo(YOUNGEST_FIRST);
    assertThat(Files.readString(html)).contains("Accuracy by difficulty");
  }

  @Test
  void should_write_the_json_contract_and_a_self_contained_html_report_with_the_charts_data()
      throws Exception {
    model = recordings(new RecordedOpenAi());
    Path json = directory.resolve("run.json");
    Path html = directory.resolve("run.html");

    CliRun run =
        run(
            model.environment(),
            e2e(
                "--limit",
                "4",
                "--candidates",
                "3",
                "--json",
                json.toString(),
                "--html",
                html.toString(),
                "--title",
                "Harness check <recorded>"));
    CliRun report =
        run(
            Map.of(),
            "bench",
            "report",
            "--html",
            directory.resolve("both.html").toString(),
            json.toString(),
            json.toString());

    assertThat(run.exitCode()).as(run.err()).isZero();
    JsonNode r = JSON.readTree(json.toFile());
    assertThat(r.fieldNames())
        .toIterable()
        .contains(
            "dataset",
            "semantics",
            "questions",
            "scored",
            "correct",
            "accuracy",
            "by_difficulty",
            "by_database",
            "accuracy_by_semantics",
            "tokens",
            "cost",
            "latency",
            "recall",
            "calibration",
            "by_strategy",
            "failures",
            "run",
            "model",
            "complete");
    assertThat(r.path("dataset").asText()).isEqualTo("spider-dev");
    assertThat(r.path("semantics").asText()).isEqualTo("spider");
    assertThat(r.path("by_difficulty").fieldNames())
        .toIterable()
        .containsExactly("easy", "medium", "hard", "extra");
    assertThat(r.path("by_strategy").path("direct").path("accuracy").asDouble()).isEqualTo(0.75);
    // The document reads back into its records unchanged (as 'bench report' reads it).
    assertThat(JSON.readTree(ReportJson.compact(List.of(ReportJson.report(r)))).get(0))
        .isEqualTo(r);
    String page = Files.readString(html);
    assertThat(page)
        .startsWith("<!DOCTYPE html>")
        .contains("<style>")
        .contains("<canvas id=\"chart-difficulty\"", "<canvas id=\"chart-calibration\"")
        .contains("Accuracy by difficulty", "Accuracy by strategy", "Tokens per question")
        .contains("Latency per question", "Confidence calibration")
        .contains("Harness check &lt;recorded&gt;")
        .contains("<tr><td>[0.9, 1.0]</td><td>2/3</td><td>67%</td></tr>");
    // Chart.js, inlined from the portal's WebJar: the one file draws its charts offline.
    String library = chartLibrary();
    assertThat(page)
        .contains(library.substring(0, 2_000))
        .contains("Chart.js v" + E2eHtml.ChartLibrary.VERSION);
    assertThat(page.replace(library, ""))
        .doesNotContain("http://", "https://", "<link", " src=", "<img", "@import", "url(");
    // The charts' numbers and the words of their tooltips, as the report's chart data.
    var charts =
        Pattern.compile(
                "<script type=\"application/json\" id=\"parlance-charts\">(.*?)</script>",
                Pattern.DOTALL)
            .matcher(page);
    assertThat(charts.find()).isTrue();
    JsonNode difficulty = JSON.readTree(charts.group(1)).get(0);
    assertThat(difficulty.path("id").asText()).isEqualTo("difficulty");
    assertThat(difficulty.path("labels").get(0).toString()).isEqualTo("[\"easy\",\"n = 2\"]");
    JsonNode direct = difficulty.path("datasets").get(0);
    assertThat(direct.path("data").get(0).asDouble()).isEqualTo(1.0);
    assertThat(direct.path("tips").get(0).asText()).isEqualTo("direct, easy: 100.0% (2 of 2)");
    assertThat(direct.path("tips").get(1).asText()).isEqualTo("direct, medium: 50.0% (1 of 2)");
    assertThat(direct.path("values").get(1).asText()).isEqualTo("50%");
    // The JSON the charts were drawn from is embedded.
    var embedded =
        Pattern.compile(
                "<script type=\"application/json\" id=\"parlance-data\">(.*?)</script>",
                Pattern.DOTALL)
            .matcher(page);
    assertThat(embedded.find()).isTrue();
    JsonNode data = JSON.readTree(embedded.group(1));
    assertThat(data.get(0).path("accuracy").asDouble()).isEqualTo(0.75);
    assertThat(report.exitCode()).as(report.err()).isZero();
    assertThat(Files.readString(directory.resolve("both.html")))
        .contains("direct · gpt-4o-mini #2");
  }

  @Test
  void should_wait_for_the_batch_then_finish_and_stay_idempotent_when_run_offline()
      throws Exception {
    RecordedOpenAi answers = recordings(new RecordedOpenAi());
    model = answers;
    Path batch = directory.resolve("batch");
    Map<String, String> env = new HashMap<>(answers.environment());
    env.remove("PARLANCE_LLM_BASE_URL");
    // Without the hallucination step a question needs one round of the batch.
    env.put("PARLANCE_ASK_HALLUCINATE", "false");
    Path json = directory.resolve("offline.json");
    String[] args =
        e2e(
            "--limit",
            "4",
            "--candidates",
            "3",
            "--batch-dir",
            batch.toString(),
            "--json",
            json.toString());

    CliRun first = run(env, args);

    assertThat(first.exitCode()).as(first.err()).isEqualTo(BenchE2eCommand.WAITING);
    assertThat(first.out())
        .contains("waiting for the offline batch: 4 questions wait for 12 requests pending in")
        .contains("submit " + batch.resolve("pending.jsonl"))
        .contains("put its output file (and error file, if any) into " + batch.resolve("results"))
        .contains("0 of 4 answerable questions have an answer");
    List<String> pending = Files.readAllLines(batch.resolve("pending.jsonl"));
    assertThat(pending).hasSize(12);
    assertThat(JSON.readTree(pending.getFirst()).path("url").asText())
        .isEqualTo("/v1/chat/completions");

    answerBatch(batch, answers);
    CliRun second = run(env, args);

    assertThat(second.exitCode()).as(second.err()).isZero();
    assertThat(second.out())
        .contains("execution accuracy 75.00% (3 correct of 4 scored; 4 questions)")
        .contains("4 of 4 answerable questions have an answer (0 from earlier invocations, 4 asked")
        .contains("tokens     14400 prompt + 720 completion in 12 calls");
    JsonNode afterSecond = JSON.readTree(json.toFile());
    // Batch answers cost half the configured price.
    assertThat(afterSecond.path("cost").path("usd").asDouble()).isEqualTo(0.001296);
    assertThat(afterSecond.path("mode").asText()).isEqualTo("batch");
    Map<Path, byte[]> filesBefore = files(directory.resolve("home/bench-runs"));
    filesBefore.putAll(files(batch));

    CliRun third = run(env, args);

    assertThat(third.exitCode()).as(third.err()).isZero();
    assertThat(third.out())
        .contains("execution accuracy 75.00% (3 correct of 4 scored; 4 questions)")
        .contains("(4 from earlier invocations, 0 asked now)");
    Map<Path, byte[]> filesAfter = files(directory.resolve("home/bench-runs"));
    filesAfter.putAll(files(batch));
    assertThat(filesAfter.keySet()).isEqualTo(filesBefore.keySet());
    filesBefore.forEach(
        (file, bytes) -> assertThat(filesAfter.get(file)).as(file.toString()).isEqualTo(bytes));
    JsonNode afterThird = JSON.readTree(json.toFile());
    for (String key : List.of("accuracy", "tokens", "cost", "calibration", "by_difficulty")) {
      assertThat(afterThird.path(key)).as(key).isEqualTo(afterSecond.path(key));
    }
  }

  @Test
  void should_resume_at_the_next_question_without_asking_again_when_a_run_was_stopped()
      throws Exception {
    // One request per question: no hallucination, one candidate. After two answers the model
    // is down (503, no retries): three questions in a row fail and the run stops.
    model = recordings(new RecordedOpenAi()).unavailableAfter(2);
    Map<String, String> env = new HashMap<>(model.environment());
    env.put("PARLANCE_ASK_HALLUCINATE", "false");
    env.put("PARLANCE_LLM_MAX_RETRIES", "0");
    String[] args = e2e("--limit", "6", "--candidates", "1");

    CliRun stopped = run(env, args);

    assertThat(stopped.exitCode()).as(stopped.out()).isEqualTo(ParlanceCli.FAILED);
    assertThat(stopped.err())
        .contains("3 questions in a row failed")
        .contains("run the same command again to resume");
    assertThat(stopped.out())
        .contains("2 of 6 answerable questions have an answer (0 from earlier invocations, 2 asked")
        .contains("4 unfinished");
    Path log = directory.resolve("home/bench-runs/spider-dev-m1-gpt-4o-mini/direct.jsonl");
    assertThat(Files.readAllLines(log)).hasSize(1 + 2);

    model.close();
    model =
        recordings(new RecordedOpenAi())
            .answer(
                "Question: What is the average, minimum, and maximum age",
                fenced("SELECT avg(age), min(age), max(age) FROM singer WHERE country = 'France'"));
    Map<String, String> env2 = new HashMap<>(model.environment());
    env2.put("PARLANCE_ASK_HALLUCINATE", "false");
    env2.put("PARLANCE_LLM_MAX_RETRIES", "0");
    CliRun resumed = run(env2, args);

    assertThat(resumed.exitCode()).as(resumed.err()).isZero();
    assertThat(resumed.out())
        .contains("6 of 6 answerable questions have an answer (2 from earlier invocations, 4 asked")
        .contains("execution accuracy 83.33% (5 correct of 6 scored; 6 questions)");
    String asked = String.join("\n", model.prompts());
    assertThat(asked)
        .doesNotContain("Question: How many singers do we have?")
        .doesNotContain("Question: What is the total number of singers?")
        .contains("Question: Show name, country, age for all singers")
        .contains("Question: What is the average, minimum, and maximum age for all French");
    assertThat(Files.readAllLines(log)).hasSize(1 + 6);
  }

  @Test
  void should_refuse_to_mix_runs_when_the_configuration_changed() throws Exception {
    model = recordings(new RecordedOpenAi());
    assertThat(run(model.environment(), e2e("--limit", "1", "--candidates", "1")).exitCode())
        .isZero();
    Map<String, String> env = new HashMap<>(model.environment());
    env.put("PARLANCE_ASK_TEMPERATURE", "0.9");

    CliRun changed = run(env, e2e("--limit", "1", "--candidates", "1"));
    CliRun fresh = run(env, e2e("--limit", "1", "--candidates", "1", "--fresh"));

    assertThat(changed.exitCode()).isEqualTo(ParlanceCli.REFUSED);
    assertThat(changed.err())
        .contains("belongs to a run with another configuration")
        .contains("temperature was '0.5', now '0.9'")
        .contains("--fresh");
    assertThat(fresh.exitCode()).as(fresh.err()).isZero();
    try (Stream<Path> files =
        Files.list(directory.resolve("home/bench-runs/spider-dev-m1-gpt-4o-mini"))) {
      assertThat(files.map(f -> f.getFileName().toString()))
          .anyMatch(n -> n.startsWith("direct.jsonl.") && n.endsWith(".old"));
    }
  }

  @Test
  void should_ask_an_organisations_verified_questions_of_its_configured_sources() throws Exception {
    Path db = directory.resolve("concerts.sqlite");
    Files.copy(
        SharedBenchmarkData.require("spider/database/concert_singer/concert_singer.sqlite"), db);
    assertThat(run(Map.of(), "sources", "add", "concerts", "--url", "jdbc:sqlite:" + db).exitCode())
        .isZero();
    Path questions = directory.resolve("verified.jsonl");
    Files.writeString(
        questions,
        """
        {"question": "How many singers do we have?", "sql": "SELECT count(*) FROM singer",         "source": "concerts", "difficulty": "easy"}
        {"question": "What are the names, countries, and ages for every singer in descending         order of age?", "sql": "SELECT name, country, age FROM singer ORDER BY age DESC",         "source": "concerts", "difficulty": "hard"}
        {"question": "How many pumps?", "sql": "SELECT count(*) FROM pump", "source": "plant"}
        """);
    model = recordings(new RecordedOpenAi());
    Path json = directory.resolve("verified.json");

    CliRun run =
        run(
            model.environment(),
            "bench",
            "e2e",
            "--questions",
            questions.toString(),
            "--candidates",
            "2",
            "--json",
            json.toString());

    assertThat(run.exitCode()).as(run.err()).isZero();
    // BIRD's rules by default: the youngest-first answer has the gold's rows.
    assertThat(run.out())
        .contains("execution accuracy 100.00% (2 correct of 2 scored; 3 questions) — bird")
        .contains("under spider semantics: 50.00% (1 of 2)")
        .contains("sources not configured, their questions are skipped: plant");
    JsonNode r = JSON.readTree(json.toFile());
    assertThat(r.path("dataset").asText()).isEqualTo("questions:verified.jsonl");
    assertThat(r.path("by_difficulty").fieldNames())
        .toIterable()
        .containsExactly("easy", "hard", "unknown");
    assertThat(r.path("skipped").asInt()).isEqualTo(1);
  }

  // The operator's part of the batch workflow, with the recorded answers as the "vendor".
  private static void answerBatch(Path batch, RecordedOpenAi answers) throws IOException {
    Path pending = batch.resolve("pending.jsonl");
    List<String> out = new ArrayList<>();
    int n = 0;
    for (String line : Files.readAllLines(pending)) {
      JsonNode request = JSON.readTree(line);
      String lastUser = "";
      for (JsonNode m : request.path("body").path("messages")) {
        if (m.path("role").asText().equals("user")) {
          lastUser = m.path("content").asText();
        }
      }
      ObjectNode result = JSON.createObjectNode();
      result.put("id", "batch_req_" + ++n);
      result.put("custom_id", request.path("custom_id").asText());
      ObjectNode response = result.putObject("response");
      response.put("status_code", 200);
      response.put("request_id", "req_" + n);
      response.set("body", JSON.readTree(RecordedOpenAi.completion(answers.reply(lastUser))));
      result.putNull("error");
      out.add(JSON.writeValueAsString(result));
    }
    Files.createDirectories(batch.resolve("submitted"));
    Files.createDirectories(batch.resolve("results"));
    Files.move(pending, batch.resolve("submitted/batch_1_input.jsonl"));
    Files.write(batch.resolve("results/batch_1_output.jsonl"), out, StandardCharsets.UTF_8);
  }

  private static Map<Path, byte[]> files(Path root) throws IOException {
    Map<Path, byte[]> files = new HashMap<>();
    try (Stream<Path> walk = Files.walk(root)) {
      for (Path f : walk.filter(Files::isRegularFile).toList()) {
        files.put(f, Files.readAllBytes(f));
      }
    }
    return files;
  }

  @Test
  void should_put_the_pipeline_beside_its_bare_whole_schema_baseline_on_the_same_questions()
      throws Exception {
    String nobody = "SELECT name FROM singer WHERE age > 100";
    model =
        new RecordedOpenAi()
            .answer("Question: How many singers do we have?", fenced(COUNT))
            .answer("Question: What is the total number of singers?", fenced(nobody))
            // Told it returned no rows, the model stands by its statement.
            .answer("That query did not answer", fenced(nobody));
    Path json = directory.resolve("compared.json");
    Path html = directory.resolve("compared.html");

    CliRun run =
        run(
            model.environment(),
            e2e(
                "--limit",
                "2",
                "--candidates",
                "1",
                "--compare-baseline",
                "--json",
                json.toString(),
                "--html",
                html.toString()));

    assertThat(run.exitCode()).as(run.err()).isZero();
    assertThat(run.out())
        .contains("compared:  spider-dev-m1-gpt-4o-mini-baseline")
        .contains("== side by side: pipeline and baseline")
        .contains("question by question (2 answered by both): both right 1")
        // The pipeline corrected the empty result once; the baseline makes no corrections.
        .contains("model calls beyond baseline's: mean 0.50, max 1; at most one more for 2 of 2");
    List<String> prompts = model.prompts();
    assertThat(prompts).hasSize(5);
    assertThat(prompts.subList(0, 3)).anyMatch(p -> p.contains("it ran but returned no rows"));
    assertThat(prompts.subList(3, 5))
        .allMatch(p -> p.contains("CREATE TABLE singer") && !p.contains("rows from"));
    JsonNode c = JSON.readTree(json.toFile()).path("comparison");
    assertThat(c.path("label").asText()).isEqualTo("pipeline");
    assertThat(c.path("other_label").asText()).isEqualTo("baseline");
    assertThat(c.path("paired").path("within_one_extra_call").asInt()).isEqualTo(2);
    assertThat(c.path("paired").path("extra_calls_max").asInt()).isEqualTo(1);
    assertThat(c.path("other").path("schema_context").path("whole-schema baseline").asInt())
        .isEqualTo(2);
    assertThat(Files.readString(html)).contains("pipeline and baseline, side by side");
  }

  /** Chart.js as its WebJar ships it, as the report inlines it (without the source-map comment). */
  private static String chartLibrary() throws IOException {
    try (var in =
        BenchE2eCommandTest.class
            .getClassLoader()
            .getResourceAsStream(
                "META-INF/resources/webjars/chart.js/"
                    + E2eHtml.ChartLibrary.VERSION
                    + "/dist/chart.umd.js")) {
      return new String(in.readAllBytes(), StandardCharsets.UTF_8)
          .replaceAll("(?m)^//# sourceMappingURL=.*$", "");
    }
  }

  /**
   * Issue 13: Spider's questions over the union of all 166 Spider schemas (4,502 columns, tables
   * named db.table); each answer runs on its question's own database with the qualifier removed, so
   * an answer that reads another database's table fails.
   */
  @Test
  void should_answer_over_the_spider_union_and_run_each_answer_on_its_own_database()
      throws Exception {
    model =
        new RecordedOpenAi()
            .answer(
                "Question: How many singers do we have?",
                fenced("SELECT count(*) FROM concert_singer.singer"))
            // The database singer has a table singer too: the wrong database's table.
            .answer(
                "Question: What is the total number of singers?",
                fenced("SELECT count(*) FROM singer.singer"))
            .answer(
                "Question: Show name, country, age for all singers",
                fenced(
                    "SELECT T.name, T.country, T.age FROM concert_singer.singer AS T"
                        + " ORDER BY T.age DESC"));
    Path json = directory.resolve("union.json");

    CliRun run =
        run(
            model.environment(),
            "bench",
            "e2e",
            "--dataset",
            "spiderunion",
            "--data",
            data.toString(),
            "--limit",
            "3",
            "--candidates",
            "1",
            "--json",
            json.toString());

    assertThat(run.exitCode()).as(run.err()).isZero();
    assertThat(run.out())
        .contains("execution accuracy 66.67% (2 correct of 3 scored; 3 questions) — spider")
        .contains("note: asked over the union of 166 databases' schemas (4503 columns)")
        .contains("schema     the final prompt's schema: retrieval 3");
    String prompts = String.join("\n", model.prompts());
    assertThat(prompts).contains("CREATE TABLE concert_singer.singer").doesNotContain("rows from");
    JsonNode r = JSON.readTree(json.toFile());
    assertThat(r.path("dataset").asText()).isEqualTo("spiderunion");
    JsonNode failure = r.path("failures").get(0);
    assertThat(failure.path("id").asText()).isEqualTo("1");
    assertThat(failure.path("status").asText()).isEqualTo("no_answer");
    assertThat(failure.path("problem").asText()).contains("singer.singer");
    // Recall compares the gold's columns, qualified by their database, with the prompt's.
    assertThat(r.path("recall").path("questions").asInt()).isEqualTo(1);
  }

  /**
   * Issue 25: RB-SQL end to end on BIRD dev (superhero, with evidence): its retrievers cut the
   * schema before the prompt, the model is asked for the skeleton before the SQL, the answers are
   * scored like every strategy's.
   */
  @Test
  void should_answer_bird_dev_with_rb_sql_over_the_tables_its_retrievers_keep() throws Exception {
    SharedBenchmarkData.require("bird/dev_databases/superhero/superhero.sqlite");
    String powers =
        "SELECT T3.power_name FROM superhero AS T1 INNER JOIN hero_power AS T2 ON T1.id ="
            + " T2.hero_id INNER JOIN superpower AS T3 ON T2.power_id = T3.id WHERE"
            + " T1.superhero_name = '3-D Man'";
    model =
        new RecordedOpenAi()
            .answer(
                "Question: Please list all the superpowers of 3-D Man.",
                "Skeleton: SELECT [column_name] FROM [table_name] …\n" + fenced(powers))
            .answer(
                "Question: How many superheroes have the super power of",
                fenced(
                    "SELECT COUNT(T1.hero_id) FROM hero_power AS T1 INNER JOIN superpower AS T2"
                        + " ON T1.power_id = T2.id WHERE T2.power_name = 'Super Strength'"));
    Path json = directory.resolve("rb-sql.json");

    CliRun run =
        run(
            model.environment(),
            "bench",
            "e2e",
            "--dataset",
            "bird-dev",
            "--data",
            data.toString(),
            "--limit",
            "2",
            "--candidates",
            "1",
            "--strategy",
            "rb-sql",
            "--json",
            json.toString());

    assertThat(run.exitCode()).as(run.err()).isZero();
    assertThat(run.out()).contains("execution accuracy 100.00% (2 correct of 2 scored");
    List<String> prompts = model.prompts();
    // No example pool (BIRD's training set is not here, superhero has no verified questions):
    // one request per question, no preliminary draft.
    assertThat(prompts).hasSize(2);
    for (String p : prompts) {
      assertThat(p).contains("write its SQL skeleton").contains("CREATE TABLE superhero");
      // superhero has 10 tables; the Table-Retriever keeps those above θ.
      assertThat(p.split("CREATE TABLE ", -1).length - 1).isBetween(1, 9);
    }
    JsonNode r = JSON.readTree(json.toFile());
    assertThat(r.path("by_strategy").path("rb-sql").path("accuracy").asDouble()).isEqualTo(1.0);
    assertThat(r.path("calibration").path("omitted").asText())
        .startsWith("calibration needs m > 1");
  }
}
