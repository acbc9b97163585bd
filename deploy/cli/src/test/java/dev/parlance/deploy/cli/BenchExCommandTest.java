package dev.parlance.deploy.cli;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

/**
 * {@code parlance bench ex} end to end on the shared benchmark data: the gold scored against itself
 * must give 100% on every dataset that is here, and a shuffled gold close to nothing.
 */
class BenchExCommandTest {

  @TempDir Path directory;

  private record Run(int code, String out, String err) {}

  private Run parlance(String... args) {
    ByteArrayOutputStream out = new ByteArrayOutputStream();
    ByteArrayOutputStream err = new ByteArrayOutputStream();
    try (ParlanceContainer components = CliRun.container(directory.resolve("home"), Map.of())) {
      int code =
          ParlanceCli.run(
              components,
              new PrintStream(out, true, StandardCharsets.UTF_8),
              new PrintStream(err, true, StandardCharsets.UTF_8),
              args);
      return new Run(
          code, out.toString(StandardCharsets.UTF_8), err.toString(StandardCharsets.UTF_8));
    }
  }

  private JsonNode score(String dataset, Path data, Path predictions, String... more)
      throws IOException {
    Path json = directory.resolve(dataset + "-" + predictions.getFileName() + ".json");
    String[] base = {
      "bench",
      "ex",
      "--dataset",
      dataset,
      "--data",
      data.toString(),
      "--predictions",
      predictions.toString(),
      "--json",
      json.toString()
    };
    String[] args = new String[base.length + more.length];
    System.arraycopy(base, 0, args, 0, base.length);
    System.arraycopy(more, 0, args, base.length, more.length);
    Run run = parlance(args);
    assertThat(run.code()).as(run.err()).isZero();
    return new ObjectMapper().readTree(json.toFile());
  }

  private Path goldFile(String dataset, Path data, String format, boolean shuffle) {
    Path out = directory.resolve(dataset + (shuffle ? "-shuffled." : "-gold.") + format);
    Run run =
        shuffle
            ? parlance(
                "bench",
                "gold-file",
                "--dataset",
                dataset,
                "--data",
                data.toString(),
                "--out",
                out.toString(),
                "--format",
                format,
                "--shuffle")
            : parlance(
                "bench",
                "gold-file",
                "--dataset",
                dataset,
                "--data",
                data.toString(),
                "--out",
                out.toString(),
                "--format",
                format);
    assertThat(run.code()).as(run.err()).isZero();
    return out;
  }

  @ParameterizedTest
  @CsvSource({
    // dataset, file with its database, format, questions, scored, default semantics
    "spider-dev, spider/database/concert_singer/concert_singer.sqlite, spider, 812, 750, spider",
    "bird-dev, bird/dev_databases/superhero/superhero.sqlite, bird, 1194, 129, bird",
    "bird-dev-pre2024, bird/dev_databases/superhero/superhero.sqlite, bird, 1194, 129, bird",
    "bird-minidev, bird/dev_databases/superhero/superhero.sqlite, bird, 398, 52, bird"
  })
  void should_score_every_present_question_correct_when_the_gold_is_scored_against_itself(
      String dataset, String needs, String format, int questions, int scored, String semantics)
      throws IOException {
    SharedBenchmarkData.require(needs);
    Path data = SharedBenchmarkData.require();

    JsonNode result = score(dataset, data, goldFile(dataset, data, format, false));

    assertThat(result.get("semantics").asText()).isEqualTo(semantics);
    assertThat(result.get("questions").asInt()).isEqualTo(questions);
    assertThat(result.get("scored").asInt()).isEqualTo(scored);
    assertThat(result.get("skipped").asInt()).isEqualTo(questions - scored);
    assertThat(result.get("correct").asInt()).isEqualTo(scored);
    assertThat(result.get("accuracy").asDouble()).isEqualTo(1.0);
    assertThat(result.get("jaccard").get("accuracy").asDouble()).isEqualTo(1.0);
    assertThat(result.get("gold_revision").asText()).contains("sha256");
    result
        .get("by_difficulty")
        .forEach(t -> assertThat(t.get("correct").asInt()).isEqualTo(t.get("scored").asInt()));
  }

  @Test
  void should_score_the_gold_against_itself_fully_under_the_other_semantics_too()
      throws IOException {
    Path data = SharedBenchmarkData.require();
    SharedBenchmarkData.require("spider/database/concert_singer/concert_singer.sqlite");
    SharedBenchmarkData.require("bird/dev_databases/superhero/superhero.sqlite");

    // The official gold files are Spider-style prediction files themselves.
    assertThat(
            score("spider-dev", data, data.resolve("spider/dev_gold.sql"), "--semantics", "bird")
                .get("accuracy")
                .asDouble())
        .isEqualTo(1.0);
    assertThat(
            score(
                    "bird-dev-pre2024",
                    data,
                    data.resolve("bird/versions/dev_gold_pre20240627_from_RB-SQL.sql"),
                    "--semantics",
                    "spider")
                .get("accuracy")
                .asDouble())
        .isEqualTo(1.0);
  }

  @Test
  void should_score_near_zero_when_each_question_gets_another_questions_gold() throws IOException {
    Path data = SharedBenchmarkData.require();
    SharedBenchmarkData.require("spider/database/concert_singer/concert_singer.sqlite");
    SharedBenchmarkData.require("bird/dev_databases/superhero/superhero.sqlite");

    JsonNode spider = score("spider-dev", data, goldFile("spider-dev", data, "spider", true));
    JsonNode bird = score("bird-dev", data, goldFile("bird-dev", data, "bird", true));

    assertThat(spider.get("scored").asInt()).isEqualTo(750);
    assertThat(spider.get("accuracy").asDouble()).isLessThan(0.02);
    assertThat(bird.get("scored").asInt()).isEqualTo(129);
    assertThat(bird.get("accuracy").asDouble()).isLessThan(0.02);
    assertThat(spider.get("failures").size()).isEqualTo(750 - spider.get("correct").asInt());
    assertThat(spider.get("failures").get(0).get("gold_sql").asText()).isNotBlank();
    assertThat(spider.get("failures").get(0).get("predicted_sql").asText()).isNotBlank();
  }

  @Test
  void should_print_counts_breakdowns_thresholds_and_the_gold_revision() throws IOException {
    Path data = SharedBenchmarkData.require();
    SharedBenchmarkData.require("bird/dev_databases/superhero/superhero.sqlite");
    Path predictions = goldFile("bird-minidev", data, "bird", true);

    Run run =
        parlance(
            "bench",
            "ex",
            "--dataset",
            "bird-minidev",
            "--data",
            data.toString(),
            "--predictions",
            predictions.toString(),
            "--failures",
            "1");

    assertThat(run.code()).isZero();
    assertThat(run.out())
        .contains(
            "gold:        BIRD Mini-Dev, SQLite flavour — bird/mini_dev/mini_dev_sqlite.json",
            "execution accuracy 0.00% (0 correct of 52 scored; 398 questions)",
            "correct 0  wrong 52  error 0  timeout 0  skipped 346",
            "difficulty",
            "challenging",
            "superhero",
            "Nascimento's Jaccard procedure (tc=0.5 tn=1.0 tq=0.9)",
            "failures: 52 (1 shown; all with --json)",
            "      gold: ",
            "      pred: ");
    assertThat(run.err()).contains("scoring 398/398 (100%)");
  }

  /**
   * Issue 12: a file the official script scores is scored as it scores it. Spider's gold with a
   * byte-order mark, CR LF line endings, no final newline, a trailing semicolon and a tab inside
   * line 3's SQL: the script splits each stripped line on tabs and scores the first field, so line
   * 3 loses its ORDER BY and is wrong (the gold orders); everything else stays right.
   */
  @Test
  void should_score_a_spider_file_as_the_official_script_reads_it_and_warn_of_each_shape()
      throws IOException {
    Path data = SharedBenchmarkData.require();
    SharedBenchmarkData.require("spider/database/concert_singer/concert_singer.sqlite");
    List<String> lines =
        new ArrayList<>(Files.readAllLines(goldFile("spider-dev", data, "spider", false)));
    assertThat(lines.get(2))
        .isEqualTo("SELECT name , country , age FROM singer ORDER BY age DESC\tconcert_singer");
    lines.set(0, "SELECT count(*) FROM singer;\tconcert_singer");
    lines.set(2, "SELECT name , country , age FROM singer\tORDER BY age DESC");
    Path shaped = directory.resolve("shaped.txt");
    Files.write(shaped, ("\ufeff" + String.join("\r\n", lines)).getBytes(StandardCharsets.UTF_8));

    Run run =
        parlance(
            "bench",
            "ex",
            "--dataset",
            "spider-dev",
            "--data",
            data.toString(),
            "--predictions",
            shaped.toString(),
            "--json",
            directory.resolve("shaped.json").toString());

    assertThat(run.code()).as(run.err()).isZero();
    assertThat(run.out())
        .contains("execution accuracy 99.87% (749 correct of 750 scored; 812 questions)")
        .contains("warning: 1 line has a tab inside the SQL")
        .contains("warning: the file starts with a byte-order mark")
        .contains("warning: the file has Windows (CR LF) line endings")
        .contains("warning: the last line has no final newline");
    JsonNode json = new ObjectMapper().readTree(directory.resolve("shaped.json").toFile());
    assertThat(json.get("failures")).hasSize(1);
    assertThat(json.get("failures").get(0).get("id").asText()).isEqualTo("2");
    assertThat(json.get("failures").get(0).get("verdict").asText()).isEqualTo("wrong");
    assertThat(json.get("failures").get(0).get("predicted_sql").asText())
        .isEqualTo("SELECT name , country , age FROM singer");
    List<String> warnings = new ArrayList<>();
    json.get("warnings").forEach(w -> warnings.add(w.asText()));
    assertThat(warnings)
        .hasSize(5)
        .anyMatch(w -> w.contains("line 3 scores 'SELECT name , country , age FROM singer'"))
        .anyMatch(w -> w.startsWith("120 predictions end with a semicolon (line 1,"));
  }

  @Test
  void should_score_a_bird_file_with_a_bom_and_sql_over_several_lines_like_its_gold()
      throws IOException {
    Path data = SharedBenchmarkData.require();
    SharedBenchmarkData.require("bird/dev_databases/superhero/superhero.sqlite");
    ObjectMapper mapper = new ObjectMapper();
    var gold =
        (com.fasterxml.jackson.databind.node.ObjectNode)
            mapper.readTree(goldFile("bird-minidev", data, "bird", false).toFile());
    gold.properties()
        .forEach(
            e ->
                e.setValue(
                    mapper.valueToTree(e.getValue().asText().replace(" FROM ", "\n  FROM "))));
    Path shaped = directory.resolve("shaped.json");
    Files.write(
        shaped, ("\ufeff" + mapper.writeValueAsString(gold)).getBytes(StandardCharsets.UTF_8));

    JsonNode json = score("bird-minidev", data, shaped);

    assertThat(json.get("accuracy").asDouble()).isEqualTo(1.0);
    assertThat(json.get("scored").asInt()).isEqualTo(52);
    List<String> warnings = new ArrayList<>();
    json.get("warnings").forEach(w -> warnings.add(w.asText()));
    assertThat(warnings)
        .anyMatch(w -> w.contains("(json.load) refuses such a file"))
        .anyMatch(w -> w.matches("\\d+ predictions span several lines: run as they are.*"));
  }

  @Test
  void should_refuse_an_unknown_dataset_or_semantics_with_exit_code_two() throws IOException {
    Path predictions = Files.writeString(directory.resolve("p.txt"), "SELECT 1\n");

    Run dataset =
        parlance(
            "bench",
            "ex",
            "--dataset",
            "wikisql",
            "--data",
            directory.toString(),
            "--predictions",
            predictions.toString());
    Run semantics =
        parlance(
            "bench",
            "ex",
            "--dataset",
            "spider-dev",
            "--data",
            directory.toString(),
            "--predictions",
            predictions.toString(),
            "--semantics",
            "exact");
    Run missing =
        parlance(
            "bench",
            "ex",
            "--dataset",
            "spider-dev",
            "--data",
            directory.toString(),
            "--predictions",
            directory.resolve("none.txt").toString());

    assertThat(dataset.code()).isEqualTo(2);
    assertThat(dataset.err()).contains("unknown dataset 'wikisql'");
    assertThat(semantics.code()).isEqualTo(2);
    assertThat(semantics.err()).contains("unknown semantics 'exact'");
    assertThat(missing.code()).isEqualTo(2);
    assertThat(missing.err()).contains("no such predictions file");
  }

  @Test
  void should_fail_with_one_line_naming_the_file_when_predictions_do_not_line_up()
      throws IOException {
    Path data = SharedBenchmarkData.require("spider/dev.json").getParent().getParent();
    Path predictions = Files.writeString(directory.resolve("p.txt"), "SELECT 1\nSELECT 2\n");

    Run run =
        parlance(
            "bench",
            "ex",
            "--dataset",
            "spider-dev",
            "--data",
            data.toString(),
            "--predictions",
            predictions.toString());

    assertThat(run.code()).isEqualTo(1);
    assertThat(run.err()).contains("p.txt: has 2 predictions for 812 questions");
    assertThat(run.err().lines().filter(l -> l.startsWith("parlance:"))).hasSize(1);
    assertThat(run.err()).doesNotContain("\tat ");
  }
}
