package dev.parlance.adapters.db.benchmark;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.parlance.domain.benchmark.BenchmarkDataException;
import dev.parlance.domain.benchmark.SharedBenchmarkData;
import dev.parlance.domain.evaluation.EvaluationBenchmark;
import dev.parlance.domain.evaluation.EvaluationDataset;
import dev.parlance.domain.evaluation.EvaluationQuestion;
import dev.parlance.domain.evaluation.LoadEvaluationBenchmarkPort;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Map;
import java.util.stream.Collectors;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class ExecutionBenchmarkAdapterTest {

  private final LoadEvaluationBenchmarkPort loader = BenchmarkData.executionBenchmarks();

  @Test
  void should_keep_the_questions_of_a_missing_database_and_list_it_when_loading_spider_dev() {
    Path data = SharedBenchmarkData.require("spider/dev.json");

    EvaluationBenchmark spider =
        loader.load(EvaluationDataset.SPIDER_DEV, data.getParent().getParent());

    assertThat(spider.questions()).hasSize(812);
    assertThat(spider.missingDatabases()).containsExactly("wta_1");
    assertThat(spider.databases()).hasSize(15);
    assertThat(spider.questions().stream().filter(q -> q.database().equals("wta_1"))).hasSize(62);
    assertThat(spider.questions()).allMatch(q -> q.difficulty().isPresent());
    assertThat(spider.goldRevision()).contains("spider/dev.json", "812 questions", "sha256");
    assertThat(spider.notes()).anyMatch(n -> n.contains("wta_1 (62)"));
    assertThat(spider.questions().getFirst().goldSql()).isEqualTo("SELECT count(*) FROM singer");
    assertThat(spider.questions().getFirst().difficulty()).contains("easy");
  }

  @Test
  void should_read_every_bird_revision_with_its_labels_when_only_superhero_is_present() {
    Path data = SharedBenchmarkData.require("bird/dev_databases/superhero/superhero.sqlite");
    Path root = data.getParent().getParent().getParent().getParent();

    for (EvaluationDataset dataset :
        new EvaluationDataset[] {
          EvaluationDataset.BIRD_DEV,
          EvaluationDataset.BIRD_DEV_PRE2024,
          EvaluationDataset.BIRD_MINIDEV
        }) {
      EvaluationBenchmark bird = loader.load(dataset, root);
      assertThat(bird.databases()).containsOnlyKeys("superhero");
      assertThat(bird.missingDatabases()).hasSize(7);
      assertThat(bird.questions())
          .allMatch(q -> q.difficulty().filter(bird.difficulties()::contains).isPresent());
      assertThat(bird.questions()).anyMatch(q -> q.evidence().isPresent());
    }
    Map<String, Long> dev =
        loader.load(EvaluationDataset.BIRD_DEV, root).questions().stream()
            .collect(Collectors.groupingBy(EvaluationQuestion::database, Collectors.counting()));
    assertThat(dev).containsEntry("superhero", 129L);
    assertThat(loader.load(EvaluationDataset.BIRD_MINIDEV, root).questions()).hasSize(398);
  }

  @Test
  void should_count_hardness_on_its_own_parse_when_the_official_parse_is_absent(@TempDir Path data)
      throws IOException {
    Files.createDirectories(data.resolve("spider"));
    Files.writeString(
        data.resolve("spider/dev.json"),
        """
        [{"db_id": "shop", "question": "How many?", "query": "SELECT count(*) FROM t"},
         {"db_id": "shop", "question": "Which?",
          "query": "SELECT a FROM t WHERE b IN (SELECT b FROM u) ORDER BY a LIMIT 1"},
         {"db_id": "shop", "question": "Broken?", "query": "SELEKT"}]
        """);

    EvaluationBenchmark spider = loader.load(EvaluationDataset.SPIDER_DEV, data);

    assertThat(spider.questions())
        .extracting(q -> q.difficulty().orElse("-"))
        .containsExactly("easy", "extra", "-");
    assertThat(spider.missingDatabases()).containsExactly("shop");
    assertThat(spider.notes()).anyMatch(n -> n.contains("Parlance's parse"));
    assertThat(spider.notes()).anyMatch(n -> n.contains("did not parse"));
  }

  @Test
  void should_name_the_file_when_the_gold_is_missing(@TempDir Path data) {
    assertThatThrownBy(() -> loader.load(EvaluationDataset.BIRD_DEV, data))
        .isInstanceOf(BenchmarkDataException.class)
        .hasMessageContaining("bird/dev.json")
        .hasMessageContaining("no such file");
  }

  @Test
  void should_tell_a_repeated_question_id_apart_and_warn_that_pairing_is_by_position(
      @TempDir Path data) throws IOException {
    Files.createDirectories(data.resolve("bird/mini_dev"));
    Files.writeString(
        data.resolve("bird/mini_dev/mini_dev_sqlite.json"),
        """
        [{"question_id": 5, "db_id": "superhero", "question": "A?", "SQL": "SELECT 1"},
         {"question_id": 7, "db_id": "superhero", "question": "B?", "SQL": "SELECT 2"},
         {"question_id": 5, "db_id": "superhero", "question": "C?", "SQL": "SELECT 3"}]
        """);
    Files.writeString(
        data.resolve("bird/mini_dev/mini_dev_sqlite_tables.json"),
        "[{\"db_id\": \"superhero\"}, {\"db_id\": \"financial\"}]");

    EvaluationBenchmark minidev = loader.load(EvaluationDataset.BIRD_MINIDEV, data);

    assertThat(minidev.questions())
        .extracting(EvaluationQuestion::id)
        .containsExactly("5", "7", "5#2");
    assertThat(minidev.questions().get(2).goldSql()).isEqualTo("SELECT 3");
    assertThat(minidev.warnings())
        .singleElement()
        .asString()
        .contains("question_id 5 appears 2 times")
        .contains("question 1, question 3")
        .contains("pairs predictions with questions by position")
        .contains("reported as 5#2");
    assertThat(minidev.datasetDatabases()).containsExactlyInAnyOrder("superhero", "financial");
  }
}
