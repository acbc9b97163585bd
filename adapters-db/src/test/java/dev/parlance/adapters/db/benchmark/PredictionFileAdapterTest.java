package dev.parlance.adapters.db.benchmark;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.parlance.domain.benchmark.BenchmarkDataException;
import dev.parlance.domain.evaluation.EvaluationQuestion;
import dev.parlance.domain.evaluation.Predictions;
import dev.parlance.domain.evaluation.ReadPredictionsPort;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Optional;
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

  private Path file(String text) throws IOException {
    Path f = directory.resolve("predictions");
    Files.writeString(f, text, StandardCharsets.UTF_8);
    return f;
  }

  @Test
  void should_read_one_query_per_line_and_check_the_database_after_the_tab() throws IOException {
    Predictions p =
        reader.read(
            file("SELECT a FROM t\tshop\r\n  SELECT b FROM t  \nSELECT c FROM z\tzoo\n\n"), SPIDER);

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
            () -> reader.read(file("SELECT 1\tshop\nSELECT 2\tzoo\nSELECT 3\tzoo\n"), SPIDER))
        .isInstanceOf(BenchmarkDataException.class)
        .hasMessageContaining("line 2 names database zoo but question 2 is on shop");
  }

  @Test
  void should_refuse_a_file_with_another_number_of_lines() throws IOException {
    assertThatThrownBy(() -> reader.read(file("SELECT 1\nSELECT 2\n"), SPIDER))
        .isInstanceOf(BenchmarkDataException.class)
        .hasMessageContaining("has 2 predictions for 3 questions");
  }

  @Test
  void should_drop_lines_on_held_out_databases_when_every_line_names_its_database()
      throws IOException {
    Predictions p =
        reader.read(
            file("SELECT 1\tshop\nSELECT 9\tpets_1\nSELECT 2\tshop\nSELECT 3\tzoo\n"), SPIDER);

    assertThat(p.byQuestion()).containsValues("SELECT 1", "SELECT 2", "SELECT 3");
    assertThat(p.notes()).anyMatch(n -> n.startsWith("1 predictions on databases"));
  }

  @Test
  void should_run_a_blank_line_as_an_empty_query() throws IOException {
    Predictions p = reader.read(file("SELECT 1\n\nSELECT 3\n"), SPIDER);

    assertThat(p.of("1")).contains("");
    assertThat(p.notes()).anyMatch(n -> n.contains("blank"));
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
            BIRD);

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
    Predictions p = reader.read(file(json.append('}').toString()), BIRD);

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
                    BIRD))
        .isInstanceOf(BenchmarkDataException.class)
        .hasMessageContaining("entry \"0\" names superhero, question 340 is on card_games");
  }

  @Test
  void should_run_a_non_string_bird_entry_as_an_empty_query() throws IOException {
    Predictions p = reader.read(file("{\"0\": null, \"1\": \"SELECT 1\", \"2\": 7}"), BIRD);

    assertThat(p.of("340")).contains("");
    assertThat(p.notes()).anyMatch(n -> n.startsWith("2 predictions are not strings"));
  }
}
