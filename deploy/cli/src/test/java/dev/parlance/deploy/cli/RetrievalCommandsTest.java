package dev.parlance.deploy.cli;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ArrayNode;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Map;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** bench retrieval and schema search through the command line, with real embeddings. */
class RetrievalCommandsTest {

  @TempDir static Path home;
  static ParlanceContainer components;
  private static final ObjectMapper JSON = new ObjectMapper();

  @BeforeAll
  static void start() {
    components = CliRun.container(home, Map.of());
  }

  @AfterAll
  static void close() {
    components.close();
  }

  // The first questions of CRUSH4SQL's BIRD file, with or without their cached hallucinations.
  private static Path questions(Path data, int count, boolean withHallucinations) throws Exception {
    JsonNode all = JSON.readTree(data.resolve("crush4sql/bird_dev.json").toFile());
    ArrayNode some = JSON.createArrayNode();
    for (int i = 0; i < count; i++) {
      var q = all.get(i).deepCopy();
      if (!withHallucinations) {
        ((com.fasterxml.jackson.databind.node.ObjectNode) q)
            .remove("question_decomposition_hallucinate_schema_bird");
      }
      some.add(q);
    }
    Path file = home.resolve("questions-" + count + "-" + withHallucinations + ".json");
    JSON.writeValue(file.toFile(), some);
    return file;
  }

  @Test
  void should_print_recall_per_budget_and_write_the_contracts_json() throws Exception {
    Path data = SharedBenchmarkData.require("crush4sql/bird_dev.json").getParent().getParent();
    Path json = home.resolve("out/retrieval.json");

    CliRun run =
        CliRun.of(
            components,
            "bench",
            "retrieval",
            "--dataset",
            "birdunion",
            "--data",
            data.toString(),
            "--questions",
            questions(data, 6, true).toString(),
            "--mode",
            "default",
            "--budgets",
            "3,10",
            "--json",
            json.toString());

    assertThat(run.exitCode()).as(run.err()).isZero();
    assertThat(run.out())
        .contains("birdunion, mode default")
        .contains("6 questions")
        .contains("r@10");
    JsonNode result = JSON.readTree(json.toFile());
    assertThat(result.get("dataset").asText()).isEqualTo("birdunion");
    assertThat(result.get("mode").asText()).isEqualTo("default");
    assertThat(result.get("questions").asInt()).isEqualTo(6);
    assertThat(result.get("recall").fieldNames()).toIterable().containsExactly("3", "10");
    assertThat(result.get("recall").get("10").asDouble())
        .isBetween(0.0, 1.0)
        .isGreaterThanOrEqualTo(result.get("recall").get("3").asDouble());
    assertThat(result.get("index_seconds").asDouble()).isPositive();
    assertThat(result.get("latency_ms").get("p50").asDouble()).isPositive();
    assertThat(result.get("latency_ms").get("p95").asDouble())
        .isGreaterThanOrEqualTo(result.get("latency_ms").get("p50").asDouble());
    assertThat(result.get("peak_heap_mb").asDouble()).isPositive();
  }

  @Test
  void should_refuse_the_papers_mode_when_questions_have_no_cached_hallucination()
      throws Exception {
    Path data = SharedBenchmarkData.require("crush4sql/bird_dev.json").getParent().getParent();

    CliRun run =
        CliRun.of(
            components,
            "bench",
            "retrieval",
            "--dataset",
            "birdunion",
            "--data",
            data.toString(),
            "--questions",
            questions(data, 2, false).toString(),
            "--mode",
            "paper");

    assertThat(run.exitCode()).isEqualTo(ParlanceCli.REFUSED);
    assertThat(run.oneErrorLine()).as(run.err()).isTrue();
    assertThat(run.err()).contains("paper mode").contains("2 of 2 questions");
  }

  @Test
  void should_name_the_folder_when_the_data_is_missing() {
    Path missing = home.resolve("no-data");

    CliRun run =
        CliRun.of(
            components,
            "bench",
            "retrieval",
            "--dataset",
            "birdunion",
            "--data",
            missing.toString());

    assertThat(run.exitCode()).isEqualTo(ParlanceCli.FAILED);
    assertThat(run.oneErrorLine()).as(run.err()).isTrue();
    assertThat(run.err()).contains(missing.toString()).contains("no such data folder");
  }

  @Test
  void should_refuse_an_unknown_dataset_mode_or_budget() {
    assertThat(
            CliRun.of(components, "bench", "retrieval", "--dataset", "wikisql", "--data", ".")
                .exitCode())
        .isEqualTo(ParlanceCli.REFUSED);
    assertThat(
            CliRun.of(
                    components,
                    "bench",
                    "retrieval",
                    "--dataset",
                    "birdunion",
                    "--data",
                    ".",
                    "--mode",
                    "best")
                .exitCode())
        .isEqualTo(ParlanceCli.REFUSED);
    CliRun budget =
        CliRun.of(
            components,
            "bench",
            "retrieval",
            "--dataset",
            "birdunion",
            "--data",
            ".",
            "--budgets",
            "0,5");
    assertThat(budget.exitCode()).isEqualTo(ParlanceCli.REFUSED);
    assertThat(budget.oneErrorLine()).as(budget.err()).isTrue();
  }

  @Test
  void should_find_the_columns_of_a_question_on_the_demo_source() {
    CliRun run =
        CliRun.of(
            components,
            "schema",
            "search",
            "--source",
            "demo",
            "--budget",
            "5",
            "which installation has the most open maintenance orders?");

    assertThat(run.exitCode()).as(run.err()).isZero();
    assertThat(run.out().lines()).hasSize(5);
    // The demo ships curated: its index holds the published views' columns.
    assertThat(run.out()).contains("maintenance_order.");
  }

  @Test
  void should_say_which_source_is_unknown_when_searching() {
    CliRun run = CliRun.of(components, "schema", "search", "--source", "nope", "anything");

    assertThat(run.exitCode()).isEqualTo(ParlanceCli.FAILED);
    assertThat(run.err().strip())
        .isEqualTo("parlance: no source named 'nope' (see 'parlance sources list')");
  }

  @Test
  void should_refuse_an_empty_question() {
    CliRun run = CliRun.of(components, "schema", "search", "--source", "demo", " ");

    assertThat(run.exitCode()).isEqualTo(ParlanceCli.REFUSED);
    assertThat(run.oneErrorLine()).isTrue();
  }

  @Test
  void should_report_what_it_indexed_when_asked_to_index() {
    CliRun run = CliRun.of(components, "schema", "index", "--source", "demo");

    assertThat(run.exitCode()).as(run.err()).isZero();
    // The demo's published curation: 25 views, 277 columns (docs/design/curation.md). Another test
    // may
    // have indexed it already in this container.
    assertThat(run.out())
        .containsPattern("^(indexed|index already current for) demo: 25 tables, 277 columns");
    assertThat(Files.isDirectory(home.resolve("index"))).isTrue();

    CliRun again = CliRun.of(components, "schema", "index", "--source", "demo");

    // Nothing changed: the index's fingerprint matches, so nothing is embedded or written.
    assertThat(again.out()).startsWith("index already current for demo: 25 tables, 277 columns");
  }
}
