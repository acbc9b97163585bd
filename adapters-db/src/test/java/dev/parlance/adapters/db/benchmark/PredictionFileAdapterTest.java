package dev.parlance.adapters.db.benchmark;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.parlance.domain.benchmark.BenchmarkDataException;
import dev.parlance.domain.evaluation.EvaluationBenchmark;
import dev.parlance.domain.evaluation.EvaluationQuestion;
import dev.parlance.domain.evaluation.Predictions;
import dev.parlance.domain.evaluation.ReadPredictionsPort;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class PredictionFileAdapterTest {

  @TempDir Path directory;
  private final ReadPredictionsPort reader = BenchmarkData.predictionFiles();

  private static EvaluationQuestion q(String id, String db) {
    return new EvaluationQuestion(id, db, "?", Optional.empty(), "SELECT 1", Optional.empty());
  }

  private static final List<EvaluationQuestion> SPIDER =
      List.of(q("0", "shop"), q("1", "shop"), q("2", "zoo"));

  // The dataset also defines pets_1, on which no question here is (held out).
  private static EvaluationBenchmark benchmark(List<EvaluationQuestion> questions) {
    return new EvaluationBenchmark(
        "test",
        "gold",
        questions,
        Map.of(),
        List.of(),
        List.of(),
        List.of(),
        Set.of("shop", "zoo", "pets_1", "card_games", "superhero"),
        List.of());
  }

  private Path file(String text) throws IOException {
    Path f = directory.resolve("predictions");
    Files.writeString(f, text, StandardCharsets.UTF_8);
    return f;
  }

  @Test
  void should_read_one_query_per_line_and_check_the_database_after_the_tab() throws IOException {
    Predictions p =
        reader.read(
            file("SELECT a FROM t\tshop\r\n  SELECT b FROM t  \nSELECT c FROM z\tzoo\n\n"),
            benchmark(SPIDER));

    assertThat(p.format()).isEqualTo("spider lines");
    assertThat(p.byQuestion())
        .containsExactly(
            java.util.Map.entry("0", "SELECT a FROM t"),
            java.util.Map.entry("1", "SELECT b FROM t"),
            java.util.Map.entry("2", "SELECT c FROM z"));
  }

  @Test
  void should_say_which_line_is_out_of_order_when_a_database_differs() throws IOException {
    assertThatThrownBy(
            () ->
                reader.read(
                    file("SELECT 1\tshop\nSELECT 2\tzoo\nSELECT 3\tzoo\n"), benchmark(SPIDER)))
        .isInstanceOf(BenchmarkDataException.class)
        .hasMessageContaining("line 2 names database zoo but question 2 is on shop");
  }

  @Test
  void should_refuse_a_file_with_another_number_of_lines() throws IOException {
    assertThatThrownBy(() -> reader.read(file("SELECT 1\nSELECT 2\n"), benchmark(SPIDER)))
        .isInstanceOf(BenchmarkDataException.class)
        .hasMessageContaining("has 2 predictions for 3 questions");
  }

  @Test
  void should_drop_lines_on_held_out_databases_when_every_line_names_its_database()
      throws IOException {
    Predictions p =
        reader.read(
            file("SELECT 1\tshop\nSELECT 9\tpets_1\nSELECT 2\tshop\nSELECT 3\tzoo\n"),
            benchmark(SPIDER));

    assertThat(p.byQuestion()).containsValues("SELECT 1", "SELECT 2", "SELECT 3");
    assertThat(p.notes()).anyMatch(n -> n.startsWith("1 predictions on databases"));
  }

  @Test
  void should_run_a_blank_line_as_an_empty_query() throws IOException {
    Predictions p = reader.read(file("SELECT 1\n\nSELECT 3\n"), benchmark(SPIDER));

    assertThat(p.of("1")).contains("");
    assertThat(p.warnings())
        .anyMatch(w -> w.startsWith("1 blank line (line 2) run as empty queries"))
        .anyMatch(w -> w.contains("\"number of sessions must equal\""));
  }

  private static final List<EvaluationQuestion> BIRD =
      List.of(q("340", "card_games"), q("717", "superhero"), q("718", "superhero"));

  @Test
  void should_pair_bird_entries_by_position_when_keyed_zero_to_n() throws IOException {
    Predictions p =
        reader.read(
            file(
                """
                {"0": "SELECT a\\t----- bird -----\\tcard_games",
                 "1": "SELECT b\\t----- bird -----\\tsuperhero",
                 "2": "SELECT c"}
                """),
            benchmark(BIRD));

    assertThat(p.format()).isEqualTo("bird json by position");
    assertThat(p.of("340")).contains("SELECT a");
    assertThat(p.of("718")).contains("SELECT c");
  }

  @Test
  void should_pair_bird_entries_by_question_id_when_the_file_covers_the_full_dev_set()
      throws IOException {
    StringBuilder json = new StringBuilder("{");
    for (int i = 0; i < 1534; i++) {
      String db = i == 340 ? "card_games" : i == 717 || i == 718 ? "superhero" : "financial";
      json.append(i == 0 ? "" : ",")
          .append('"')
          .append(i)
          .append("\": \"SELECT ")
          .append(i)
          .append("\\t----- bird -----\\t")
          .append(db)
          .append('"');
    }
    Predictions p = reader.read(file(json.append('}').toString()), benchmark(BIRD));

    assertThat(p.format()).isEqualTo("bird json by question_id");
    assertThat(p.of("717")).contains("SELECT 717");
    assertThat(p.notes()).anyMatch(n -> n.startsWith("1531 predictions for questions"));
  }

  @Test
  void should_refuse_bird_entries_whose_databases_do_not_line_up() throws IOException {
    assertThatThrownBy(
            () ->
                reader.read(
                    file(
                        "{\"0\": \"SELECT a\\t----- bird -----\\tsuperhero\", \"1\": \"x\","
                            + " \"2\": \"y\"}"),
                    benchmark(BIRD)))
        .isInstanceOf(BenchmarkDataException.class)
        .hasMessageContaining("entry \"0\" names superhero, question 340 is on card_games");
  }

  @Test
  void should_run_a_non_string_bird_entry_as_an_empty_query() throws IOException {
    Predictions p =
        reader.read(file("{\"0\": null, \"1\": \"SELECT 1\", \"2\": 7}"), benchmark(BIRD));

    assertThat(p.of("340")).contains("");
    assertThat(p.notes()).anyMatch(n -> n.startsWith("2 predictions are not strings"));
  }

  @Test
  void should_score_only_the_text_before_a_tab_when_what_follows_names_no_database()
      throws IOException {
    Predictions p =
        reader.read(
            file("SELECT a FROM t\tshop\nSELECT b\tFROM t WHERE x = 1\nSELECT c FROM z\tzoo\n"),
            benchmark(SPIDER));

    // As the official script: line.strip().split('\t')[0].
    assertThat(p.of("1")).contains("SELECT b");
    assertThat(p.warnings())
        .singleElement()
        .asString()
        .startsWith("1 line has a tab inside the SQL")
        .contains("line 2 scores 'SELECT b' and discards 'FROM t WHERE x = 1'");
  }

  @Test
  void should_check_the_database_after_a_tab_inside_the_sql_when_the_last_field_names_one()
      throws IOException {
    Predictions p =
        reader.read(
            file("SELECT a\tFROM t\tshop\nSELECT b FROM t\tshop\nSELECT c FROM z\tzoo\n"),
            benchmark(SPIDER));

    assertThat(p.of("0")).contains("SELECT a");
    assertThat(p.warnings()).anyMatch(w -> w.contains("line 1 scores 'SELECT a' and discards"));
    assertThatThrownBy(
            () ->
                reader.read(
                    file("SELECT a\tFROM t\tzoo\nSELECT b\tshop\nSELECT c\tzoo\n"),
                    benchmark(SPIDER)))
        .isInstanceOf(BenchmarkDataException.class)
        .hasMessageContaining("line 1 names database zoo but question 1 is on shop");
  }

  @Test
  void should_read_crlf_a_missing_final_newline_a_bom_and_python_white_space_alike()
      throws IOException {
    Path f = directory.resolve("windows");
    byte[] bom = {(byte) 0xef, (byte) 0xbb, (byte) 0xbf};
    byte[] text =
        "SELECT 1\tshop\r\nSELECT 2\u00a0\r\nSELECT 3\tzoo".getBytes(StandardCharsets.UTF_8);
    byte[] all = new byte[bom.length + text.length];
    System.arraycopy(bom, 0, all, 0, bom.length);
    System.arraycopy(text, 0, all, bom.length, text.length);
    Files.write(f, all);

    Predictions p = reader.read(f, benchmark(SPIDER));

    // Python's str.strip() removes the no-break space; Java's String.strip() would not.
    assertThat(p.byQuestion())
        .containsExactly(
            Map.entry("0", "SELECT 1"), Map.entry("1", "SELECT 2"), Map.entry("2", "SELECT 3"));
    assertThat(p.warnings())
        .anyMatch(w -> w.startsWith("the file starts with a byte-order mark"))
        .anyMatch(w -> w.startsWith("the file has Windows (CR LF) line endings"))
        .anyMatch(w -> w.startsWith("the last line has no final newline"))
        .allMatch(w -> w.contains("no effect on the scores"));
  }

  @Test
  void should_say_that_trailing_semicolons_run_as_they_are_and_blank_lines_at_the_end_go()
      throws IOException {
    Predictions p = reader.read(file("SELECT 1;\nSELECT 2 ;\nSELECT 3\n\n\n"), benchmark(SPIDER));

    assertThat(p.of("0")).contains("SELECT 1;");
    assertThat(p.warnings())
        .anyMatch(w -> w.startsWith("2 predictions end with a semicolon (line 1, line 2)"))
        .anyMatch(
            w ->
                w.startsWith("2 blank lines at the end ignored")
                    && w.contains("number of sessions must equal"));
  }

  @Test
  void should_keep_sql_over_several_lines_and_read_a_bird_file_with_a_bom() throws IOException {
    Path f = directory.resolve("bird.json");
    Files.write(
        f,
        ("\ufeff{\"0\": \"SELECT a\\nFROM t;\\t----- bird -----\\tcard_games\",\r\n"
                + " \"1\": \"SELECT b\\t----- bird -----\\tsuperhero\",\r\n"
                + " \"2\": \"SELECT c\\t----- bird -----\\tsuperhero\"}")
            .getBytes(StandardCharsets.UTF_8));

    Predictions p = reader.read(f, benchmark(BIRD));

    assertThat(p.of("340")).contains("SELECT a\nFROM t;");
    assertThat(p.warnings())
        .anyMatch(w -> w.contains("json.load) refuses such a file"))
        .anyMatch(w -> w.startsWith("1 prediction spans several lines"))
        .anyMatch(w -> w.startsWith("1 prediction ends with a semicolon"));
  }

  @Test
  void should_pair_bird_entries_in_file_order_and_keep_a_repeated_keys_last_value()
      throws IOException {
    Predictions p =
        reader.read(
            file(
                """
                {"1": "SELECT b\\t----- bird -----\\tcard_games",
                 "0": "SELECT a\\t----- bird -----\\tsuperhero",
                 "1": "SELECT b2\\t----- bird -----\\tcard_games",
                 "2": "SELECT c\\t----- bird -----\\tsuperhero"}
                """),
            benchmark(BIRD));

    // Python's json.load: "1" keeps its first place and takes its last value; package_sqls
    // pairs the values with the gold lines by order.
    assertThat(p.format()).isEqualTo("bird json by position");
    assertThat(p.of("340")).contains("SELECT b2");
    assertThat(p.of("717")).contains("SELECT a");
    assertThat(p.warnings())
        .anyMatch(w -> w.startsWith("keys appearing more than once (1)"))
        .anyMatch(w -> w.startsWith("the keys 0..2 are not in order"));
  }

  @Test
  void should_pair_by_position_when_a_question_id_appears_twice_in_the_dataset()
      throws IOException {
    List<EvaluationQuestion> twice =
        List.of(q("340", "card_games"), q("717", "superhero"), q("717#2", "superhero"));

    Predictions byPosition =
        reader.read(
            file("{\"0\": \"SELECT a\", \"1\": \"SELECT b\", \"2\": \"SELECT c\"}"),
            benchmark(twice));

    assertThat(byPosition.of("717")).contains("SELECT b");
    assertThat(byPosition.of("717#2")).contains("SELECT c");
  }
}
