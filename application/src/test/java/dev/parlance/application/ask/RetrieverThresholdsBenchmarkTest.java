package dev.parlance.application.ask;

import static org.assertj.core.api.Assertions.assertThat;

import dev.parlance.application.retrieval.Progress;
import dev.parlance.domain.benchmark.RetrievalBenchmark;
import dev.parlance.domain.benchmark.RetrievalDataset;
import dev.parlance.domain.benchmark.RetrievalQuestion;
import dev.parlance.domain.catalog.Column;
import dev.parlance.domain.catalog.ForeignKey;
import dev.parlance.domain.catalog.SchemaCatalog;
import dev.parlance.domain.catalog.Table;
import dev.parlance.domain.catalog.TableKind;
import java.nio.file.Path;
import java.util.List;
import java.util.Optional;
import java.util.Set;
import org.junit.jupiter.api.Test;

/** The Figure 6 sweep's arithmetic on a two-database union with a topic-word embedder. */
class RetrieverThresholdsBenchmarkTest {

  private static Table table(String name, List<String> pk, List<ForeignKey> fks, String... cols) {
    return new Table(
        name,
        TableKind.TABLE,
        "",
        java.util.Arrays.stream(cols).map(c -> Column.of(c, "INT")).toList(),
        pk,
        fks);
  }

  private static final SchemaCatalog UNION =
      new SchemaCatalog(
          "union",
          List.of(
              table("music.singer", List.of("singer_id"), List.of(), "singer_id", "age"),
              table(
                  "music.concert",
                  List.of("concert_id"),
                  List.of(ForeignKey.of("singer_id", "music.singer", "singer_id")),
                  "concert_id",
                  "singer_id"),
              table("music.stadium", List.of(), List.of(), "capacity"),
              table("sports.stadium", List.of(), List.of(), "capacity")));

  @Test
  void should_report_recall_and_reduction_per_threshold_within_each_questions_database() {
    RetrievalBenchmark benchmark =
        new RetrievalBenchmark(
            RetrievalDataset.SPIDERUNION,
            UNION,
            List.of(
                new RetrievalQuestion(
                    "1", "how old is each singer?", Set.of("music.singer.age"), Optional.empty()),
                new RetrievalQuestion("2", "how big?", Set.of(), Optional.empty())),
            List.of());
    RetrieverThresholdsBenchmark bench =
        new RetrieverThresholdsBenchmark(
            (dataset, dir, file) -> benchmark, new RbSqlRetrieversTest.WordEmbedder());

    var report =
        bench.measure(
            new RetrieverThresholdsUseCase.Command(
                RetrievalDataset.SPIDERUNION,
                Path.of("."),
                0,
                List.of(0.0, 90.0),
                List.of(0.0, 99.0),
                90,
                0),
            Progress.silent());

    assertThat(report.questions()).isEqualTo(1);
    assertThat(report.notes()).anyMatch(n -> n.contains("1 questions whose gold reads no column"));
    // music has 3 tables (sports' stadium is another database's): θ = 0 keeps all three.
    assertThat(report.meanTables()).isEqualTo(3);
    var all = report.tables().get(0);
    assertThat(all.fineRecall()).isEqualTo(1);
    assertThat(all.reduction()).isEqualTo(0);
    assertThat(all.kept()).isEqualTo(3);
    // θ = 90 keeps singer alone: the gold table, both other tables removed.
    var strict = report.tables().get(1);
    assertThat(strict.coarseRecall()).isEqualTo(1);
    assertThat(strict.reduction()).isEqualTo(1);
    assertThat(strict.kept()).isEqualTo(1);
    // At θ = 90, μ = 0 keeps singer's two columns (its key among them): 3 others of 5 removed.
    var columns = report.columns().get(0);
    assertThat(columns.fineRecall()).isEqualTo(1);
    assertThat(columns.kept()).isEqualTo(2);
    assertThat(columns.reduction()).isEqualTo(1 - 1.0 / 4);
  }
}
