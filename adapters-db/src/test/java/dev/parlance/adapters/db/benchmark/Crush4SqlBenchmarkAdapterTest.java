package dev.parlance.adapters.db.benchmark;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.parlance.domain.benchmark.BenchmarkDataException;
import dev.parlance.domain.benchmark.LoadRetrievalBenchmarkPort;
import dev.parlance.domain.benchmark.RetrievalBenchmark;
import dev.parlance.domain.benchmark.RetrievalDataset;
import dev.parlance.domain.benchmark.RetrievalQuestion;
import dev.parlance.domain.benchmark.SharedBenchmarkData;
import dev.parlance.domain.catalog.Column;
import dev.parlance.domain.catalog.Table;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Optional;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class Crush4SqlBenchmarkAdapterTest {

  private final LoadRetrievalBenchmarkPort loader = BenchmarkData.retrievalBenchmarks();

  @Test
  void should_build_bird_union_with_descriptions_keys_gold_and_cached_hallucinations() {
    Path data = SharedBenchmarkData.require("crush4sql/bird_UNION.txt").getParent().getParent();

    RetrievalBenchmark bird = loader.load(RetrievalDataset.BIRDUNION, data, Optional.empty());

    assertThat(bird.catalog().columnCount()).isEqualTo(798);
    assertThat(bird.catalog().tables()).hasSize(75);
    assertThat(bird.questions()).hasSize(1194);
    assertThat(bird.questions()).allMatch(q -> q.hallucination().isPresent());
    RetrievalQuestion first = bird.questions().getFirst();
    assertThat(first.goldColumns())
        .containsExactlyInAnyOrder(
            "card_games.cards.cardkingdomfoilid",
            "card_games.cards.cardkingdomid",
            "card_games.cards.id");
    Table cards = bird.catalog().table("card_games.cards").orElseThrow();
    assertThat(cards.primaryKey()).containsExactly("id");
    Column foil = cards.column("cardKingdomFoilId").orElseThrow();
    assertThat(foil.description()).containsIgnoringCase("card kingdom foil");
    Table attributes = bird.catalog().table("european_football_2.Player_Attributes").orElseThrow();
    assertThat(attributes.foreignKeys()).isNotEmpty();
    assertThat(bird.notes()).anyMatch(n -> n.contains("name no column"));
  }

  @Test
  void should_read_descriptions_in_windows_1252_without_mangling_them() {
    Path data =
        SharedBenchmarkData.require("bird/dev_databases/student_club")
            .getParent()
            .getParent()
            .getParent();

    RetrievalBenchmark bird = loader.load(RetrievalDataset.BIRDUNION, data, Optional.empty());

    // student_club's budget.csv is Windows-1252: byte 0x95 is a bullet there, not bad UTF-8.
    Table budget = bird.catalog().table("student_club.budget").orElseThrow();
    assertThat(budget.columns())
        .anySatisfy(c -> assertThat(c.valueDescription()).contains("\u2022 Closed"));
  }

  @Test
  void should_derive_spider_gold_from_sql_and_skip_star_queries_as_the_paper_does() {
    Path data = SharedBenchmarkData.require("spider/tables.json").getParent().getParent();

    RetrievalBenchmark spider = loader.load(RetrievalDataset.SPIDERUNION, data, Optional.empty());

    assertThat(spider.catalog().columnCount()).isEqualTo(4503);
    assertThat(spider.questions()).hasSizeBetween(500, 517);
    assertThat(spider.questions()).allMatch(q -> !q.goldColumns().isEmpty());
    assertThat(spider.notes()).anyMatch(n -> n.startsWith("295 questions whose SQL contains '*'"));
  }

  @Test
  void should_read_socialdb_with_its_overviews_and_sample_questions() {
    Path data =
        SharedBenchmarkData.require("crush4sql/socialdb/ndap_super.json")
            .getParent()
            .getParent()
            .getParent();

    RetrievalBenchmark social = loader.load(RetrievalDataset.SOCIALDB, data, Optional.empty());

    assertThat(social.catalog().tables()).hasSize(1046);
    assertThat(social.catalog().columnCount()).isEqualTo(18890);
    assertThat(social.questions()).hasSize(10).allMatch(q -> q.goldColumns().isEmpty());
  }

  @Test
  void should_name_the_folder_when_it_does_not_exist(@TempDir Path dir) {
    Path missing = dir.resolve("nowhere");

    assertThatThrownBy(() -> loader.load(RetrievalDataset.BIRDUNION, missing, Optional.empty()))
        .isInstanceOf(BenchmarkDataException.class)
        .hasMessage(missing + ": no such data folder");
  }

  @Test
  void should_name_the_file_when_one_is_missing(@TempDir Path dir) {
    assertThatThrownBy(() -> loader.load(RetrievalDataset.SPIDERUNION, dir, Optional.empty()))
        .isInstanceOf(BenchmarkDataException.class)
        .hasMessage(dir.resolve("spider/tables.json") + ": no such file");
  }

  @Test
  void should_name_the_file_and_line_when_json_is_malformed(@TempDir Path dir) throws Exception {
    Path tables = dir.resolve("spider/tables.json");
    Files.createDirectories(tables.getParent());
    Files.writeString(
        tables,
        "[\n  {\"db_id\": \"x\",\n   \"table_names_original\": [}\n]",
        StandardCharsets.UTF_8);

    assertThatThrownBy(() -> loader.load(RetrievalDataset.SPIDERUNION, dir, Optional.empty()))
        .isInstanceOf(BenchmarkDataException.class)
        .hasMessageStartingWith(tables + ": malformed JSON at line 3");
  }

  @Test
  void should_refuse_a_questions_file_for_socialdb_which_has_no_gold(@TempDir Path dir) {
    Path questions = dir.resolve("q.json");

    assertThatThrownBy(() -> loader.load(RetrievalDataset.SOCIALDB, dir, Optional.of(questions)))
        .isInstanceOf(BenchmarkDataException.class)
        .hasMessageContaining("built-in sample");
  }
}
