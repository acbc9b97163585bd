package dev.parlance.deploy.cli;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.parlance.adapters.llm.testing.RecordedOpenAi;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import java.util.stream.Stream;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Issue 25 §1: through the offline batch port ({@code bench e2e --batch-dir}), every multi-step
 * strategy stops at its first unanswered step. On the first three Spider dev questions, each
 * strategy's requests are counted per batch round, and no queued prompt holds a placeholder where
 * an unanswered step's answer belongs. The vote across strategies asks nothing of its own: its
 * requests are the strategies' own, which the batch folder holds once.
 */
class BatchRoundsTest {

  private static final ObjectMapper JSON = new ObjectMapper();
  private static final String COUNT = "SELECT count(*) FROM singer";
  private static final String OLDEST = "SELECT name, country, age FROM singer ORDER BY age DESC";
  private static final String LINKS = "[singer.name,singer.age]";
  private static final String SR = "df.select(count(*))";

  @TempDir Path directory;

  private Path data;

  @BeforeEach
  void data() throws IOException {
    Path shared =
        SharedBenchmarkData.require("spider/database/concert_singer/concert_singer.sqlite");
    Path spider = shared.getParent().getParent().getParent();
    // Spider as shared, with a small training set as the example pool; its first example asks a
    // dev question itself (the verified-twin rule keeps it out of that question's prompt).
    data = directory.resolve("data");
    Path own = Files.createDirectories(data.resolve("spider"));
    try (Stream<Path> files = Files.list(spider)) {
      for (Path f : files.toList()) {
        if (!f.getFileName().toString().equals("train_spider_min.json")) {
          Files.createSymbolicLink(own.resolve(f.getFileName()), f);
        }
      }
    }
    Files.writeString(
        own.resolve("train_spider_min.json"),
        """
        [{"question": "How many singers do we have?", "query": "SELECT count(*) FROM singer", "db_id": "x"},
         {"question": "How many heads of the departments are older than 56 ?", "query": "SELECT count(*) FROM head WHERE age  >  56", "db_id": "department_management"},
         {"question": "List the creation year, name and budget of each department.", "query": "SELECT creation ,  name ,  budget_in_billions FROM department", "db_id": "department_management"},
         {"question": "What are the names of the heads born in California, oldest first?", "query": "SELECT name FROM head WHERE born_state = 'California' ORDER BY age DESC", "db_id": "department_management"}]
        """);
  }

  private CliRun run(String... args) {
    Map<String, String> env =
        Map.of(
            "PARLANCE_LLM_PROVIDER", "openai",
            "PARLANCE_LLM_MODEL", "gpt-4o-mini",
            "PARLANCE_LLM_API_KEY", "sk-test",
            "PARLANCE_LLM_PRICE_INPUT", "0.15",
            "PARLANCE_LLM_PRICE_OUTPUT", "0.60");
    try (ParlanceContainer components = CliRun.container(directory.resolve("home"), env)) {
      return CliRun.of(components, args);
    }
  }

  @Test
  void should_queue_each_strategys_next_step_only_once_the_step_before_it_is_answered()
      throws Exception {
    Path batch = directory.resolve("batch");
    String[] args = {
      "bench",
      "e2e",
      "--dataset",
      "spider-dev",
      "--data",
      data.toString(),
      "--limit",
      "3",
      "--candidates",
      "1",
      "--strategy",
      "direct,c3,din,ta-sql,rb-sql",
      "--select",
      "vote",
      "--examples",
      "spider-train",
      "--batch-dir",
      batch.toString(),
      "--json",
      directory.resolve("rounds.json").toString()
    };
    List<Map<String, Integer>> rounds = new ArrayList<>();
    List<List<JsonNode>> queued = new ArrayList<>();
    CliRun last = null;
    for (int round = 1; round <= 6; round++) {
      last = run(args);
      Path pending = batch.resolve("pending.jsonl");
      if (last.exitCode() != BenchE2eCommand.WAITING) {
        break;
      }
      List<JsonNode> lines = new ArrayList<>();
      for (String line : Files.readAllLines(pending)) {
        lines.add(JSON.readTree(line));
      }
      queued.add(lines);
      Map<String, Integer> steps = new TreeMap<>();
      lines.forEach(l -> steps.merge(step(l), 1, Integer::sum));
      rounds.add(steps);
      answer(batch, lines, round);
    }

    assertThat(last.exitCode()).as(last.out() + last.err()).isZero();
    // Three questions; C3's recall steps draw three samples each; m = 1.
    assertThat(rounds)
        .containsExactly(
            Map.of(
                "c3 table recall", 9,
                "din schema linking", 3,
                "direct generation", 3,
                "rb-sql preliminary", 3,
                "ta-sql dummy sql", 3),
            Map.of(
                "c3 column recall", 9,
                "din classification", 3,
                "rb-sql generation", 3,
                "ta-sql symbolic", 3),
            Map.of("c3 generation", 3, "din generation", 3, "ta-sql sql", 3));
    for (List<JsonNode> round : queued) {
      for (JsonNode line : round) {
        String prompt = prompt(line);
        assertThat(prompt)
            .as(step(line))
            .doesNotContain("schema_links: []", "Schema_links: []", "SR = \"\"", "schema = []");
        switch (step(line)) {
          case "din classification", "din generation" -> assertThat(prompt).contains(LINKS);
          case "ta-sql sql" -> assertThat(prompt).contains("SR = \"" + SR + "\"");
          case "rb-sql generation" -> {
            // The examples ranked by the draft's skeleton: the one with the same skeleton first.
            assertThat(prompt)
                .contains(
                    "Question: 'How many heads of the departments are older than 56 ?'\n"
                        + "Skeleton: SELECT COUNT(*) FROM [table_name] WHERE [column_name] >"
                        + " [value]\nSQL: SELECT count(*) FROM head WHERE age > 56");
            if (prompt.strip().endsWith("Question: How many singers do we have?")) {
              // The verified-twin rule: the pool's copy of the question is not shown.
              assertThat(prompt.split("How many singers do we have\\?", -1)).hasSize(2);
            }
          }
          default -> {}
        }
      }
    }
    JsonNode report = JSON.readTree(directory.resolve("rounds.json").toFile());
    assertThat(report.path("by_strategy").fieldNames())
        .toIterable()
        .containsExactly("direct", "c3", "din", "ta-sql", "rb-sql", "vote");
    assertThat(report.path("by_strategy").path("vote").path("accuracy").asDouble()).isEqualTo(1.0);
    assertThat(last.out()).contains("vote");
  }

  // Which strategy's step a queued request is, by its prompt's own words.
  private static String step(JsonNode line) {
    String p = prompt(line);
    double temperature = line.path("body").path("temperature").asDouble();
    if (p.contains("Rank all the tables")) {
      return "c3 table recall";
    } else if (p.contains("Rank the columns in each table")) {
      return "c3 column recall";
    } else if (p.contains("### Complete")) {
      return "c3 generation";
    } else if (p.contains("Find the schema_links")) {
      return "din schema linking";
    } else if (p.contains("classify it as EASY")) {
      return "din classification";
    } else if (p.contains("Use the the schema links")) {
      return "din generation";
    } else if (p.contains("def question_to_SQL")) {
      return "ta-sql dummy sql";
    } else if (p.contains("SR is a piece of pandas-like code")) {
      return "ta-sql symbolic";
    } else if (p.contains("Understand the pandas-like SR first")) {
      return "ta-sql sql";
    } else if (p.contains("write its SQL skeleton")) {
      return temperature == 0 ? "rb-sql preliminary" : "rb-sql generation";
    } else if (p.contains("create one syntactically correct")) {
      return "direct generation";
    }
    return "unknown: " + p.substring(0, Math.min(200, p.length()));
  }

  private static String prompt(JsonNode line) {
    StringBuilder all = new StringBuilder();
    for (JsonNode m : line.path("body").path("messages")) {
      all.append(m.path("content").asText()).append('\n');
    }
    return all.toString();
  }

  // Each step's answer, for the question the prompt asks.
  private static String reply(JsonNode line) {
    String p = prompt(line);
    boolean oldest = p.contains("Show name, country, age for all singers");
    String sql = oldest ? OLDEST : COUNT;
    return switch (step(line)) {
      case "c3 table recall" -> "[\"singer\"]";
      case "c3 column recall" -> "{\"singer\": [\"name\", \"country\", \"age\", \"singer_id\"]}";
      case "c3 generation" -> sql.substring("SELECT ".length());
      case "din schema linking" -> "Schema_links: " + LINKS;
      case "din classification" -> "Label: \"EASY\"";
      case "din generation" -> "SQL: " + sql;
      case "ta-sql symbolic" -> "SR = \"" + SR + "\"";
      case "rb-sql preliminary" ->
          "Skeleton: SELECT COUNT(*) FROM [table_name] WHERE [column_name] > [value]\n```sql\n"
              + "SELECT count(*) FROM singer WHERE age > 0\n```";
      case "rb-sql generation" ->
          "Skeleton: "
              + (oldest ? "SELECT …" : "SELECT COUNT(*) FROM [table_name]")
              + "\n```sql\n"
              + sql
              + "\n```\nExplanation: recorded.";
      default -> "```sql\n" + sql + "\n```\nExplanation: recorded.";
    };
  }

  // The operator's part: submit pending.jsonl, put the batch's output into results/.
  private static void answer(Path batch, List<JsonNode> lines, int round) throws IOException {
    List<String> out = new ArrayList<>();
    int n = 0;
    for (JsonNode request : lines) {
      ObjectNode result = JSON.createObjectNode();
      result.put("id", "batch_req_" + round + "_" + ++n);
      result.put("custom_id", request.path("custom_id").asText());
      ObjectNode response = result.putObject("response");
      response.put("status_code", 200);
      response.put("request_id", "req_" + round + "_" + n);
      response.set("body", JSON.readTree(RecordedOpenAi.completion(reply(request))));
      result.putNull("error");
      out.add(JSON.writeValueAsString(result));
    }
    Files.createDirectories(batch.resolve("submitted"));
    Files.createDirectories(batch.resolve("results"));
    Files.move(
        batch.resolve("pending.jsonl"), batch.resolve("submitted/batch_" + round + "_input.jsonl"));
    Files.write(
        batch.resolve("results/batch_" + round + "_output.jsonl"), out, StandardCharsets.UTF_8);
  }
}
