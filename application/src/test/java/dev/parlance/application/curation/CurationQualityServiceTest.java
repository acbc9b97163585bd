package dev.parlance.application.curation;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.parlance.application.access.AccessDeniedException;
import dev.parlance.application.retrieval.IndexSchemaUseCase;
import dev.parlance.application.retrieval.RetrieveSchemaUseCase;
import dev.parlance.application.retrieval.SchemaSelection;
import dev.parlance.domain.catalog.Column;
import dev.parlance.domain.catalog.SchemaCatalog;
import dev.parlance.domain.catalog.Table;
import dev.parlance.domain.catalog.TableKind;
import dev.parlance.domain.curation.CuratedView;
import dev.parlance.domain.curation.Curation;
import dev.parlance.domain.curation.CurationQualityStorePort;
import dev.parlance.domain.curation.CurationQualityStorePort.VersionQuality;
import dev.parlance.domain.curation.VerifiedQuery;
import dev.parlance.domain.curation.VerifiedStatus;
import dev.parlance.domain.curation.ViewKind;
import dev.parlance.domain.retrieval.ElementKind;
import dev.parlance.domain.retrieval.SchemaElement;
import java.time.Clock;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import org.junit.jupiter.api.Test;

/** Recall per published version: each version on its own catalog and approved questions. */
class CurationQualityServiceTest {

  private static final SchemaCatalog RAW =
      new SchemaCatalog(
          "plant",
          List.of(
              new Table(
                  "TB_IN",
                  TableKind.TABLE,
                  "",
                  List.of(Column.of("IN_ID", "INTEGER"), Column.of("IN_CD", "TEXT")),
                  List.of(),
                  List.of())));

  private static final String CODES = "SELECT code FROM installation";

  private final CurationFakes.Store store = new CurationFakes.Store();
  private final List<String> indexed = new ArrayList<>();

  // Version 1's index ranks the gold column third; version 2's first.
  private final RetrieveSchemaUseCase retriever =
      query ->
          new SchemaSelection(
              (query.source().endsWith("-v1")
                      ? List.of("installation.id", "installation.x", "installation.code")
                      : List.of("installation.code", "installation.id"))
                  .stream()
                      .map(
                          id ->
                              new SchemaSelection.Pick(
                                  new SchemaElement(
                                      id,
                                      ElementKind.COLUMN,
                                      "installation",
                                      id.substring(id.indexOf('.') + 1),
                                      "",
                                      Set.of()),
                                  1.0))
                      .toList());

  private final IndexSchemaUseCase indexer =
      (catalog, style, progress) -> {
        indexed.add(catalog.source());
        return new IndexSchemaUseCase.IndexReport(catalog.source(), 1, 2, "fake", 1);
      };

  /** The metadata store's side, in memory. */
  private final Map<Integer, VersionQuality> keptOfPlant = new java.util.TreeMap<>();

  private final CurationQualityStorePort kept =
      new CurationQualityStorePort() {
        @Override
        public void save(String source, VersionQuality q) {
          assertThat(source).isEqualTo("plant");
          keptOfPlant.put(q.version(), q);
        }

        @Override
        public Map<Integer, VersionQuality> stored(String source) {
          return source.equals("plant") ? Map.copyOf(keptOfPlant) : Map.of();
        }
      };

  private final CurationQualityService quality =
      new CurationQualityService(
          CurationFakes.sources(),
          store,
          source -> RAW,
          new CuratedCatalogService(
              s -> RAW,
              s -> Optional.empty(),
              new CurationFakes.Executor(
                  sql ->
                      CurationFakes.ran(
                          sql, List.of("id", "code"), List.of(List.<Object>of(1L, "IBX")))),
              CurationFakes.noPolicy()),
          (sql, catalog) ->
              sql.equals(CODES) && catalog.table("installation").isPresent()
                  ? Set.of("installation.code")
                  : Set.of(),
          indexer,
          retriever,
          kept,
          Clock.systemUTC());

  private static Curation withQuestions(VerifiedQuery... questions) {
    Curation c =
        Curation.empty("plant")
            .withView(
                CuratedView.of(
                    "installation",
                    ViewKind.CONCEPTUAL,
                    "",
                    "SELECT IN_ID AS id, IN_CD AS code FROM TB_IN"));
    for (VerifiedQuery q : questions) {
      c = c.withVerified(q);
    }
    return c;
  }

  private static VerifiedQuery approved(String id, String sql) {
    return new VerifiedQuery(id, "which codes?", sql, "sam", VerifiedStatus.APPROVED, "");
  }

  @Test
  void should_measure_the_last_versions_oldest_first_each_on_its_own_index() {
    store.publish(withQuestions(approved("q1", CODES)), "sam", "first", true);
    store.publish(withQuestions(approved("q1", CODES)), "sam", "second", true);
    store.publish(
        withQuestions(approved("q1", CODES), approved("q2", CODES)), "sam", "third", true);

    CurationQualityUseCase.Quality measured =
        quality.recallByVersion(StewardCurationServiceTest.SAM, "plant", 2);

    assertThat(measured.versions())
        .extracting(CurationQualityUseCase.VersionRecall::version)
        .containsExactly(2, 3);
    assertThat(indexed).containsExactly("bench-plant-curated-v2", "bench-plant-curated-v3");
    CurationQualityUseCase.VersionRecall third = measured.versions().get(1);
    assertThat(third.questions()).isEqualTo(2);
    assertThat(third.recall()).isEqualTo(Map.of(5, 1.0, 10, 1.0, 20, 1.0));
    assertThat(third.note()).isEqualTo("third");
  }

  @Test
  void should_rank_by_the_versions_own_index_and_skip_a_version_without_scorable_questions() {
    store.publish(withQuestions(approved("q1", CODES)), "sam", "first", true);
    store.publish(withQuestions(approved("q9", "SELECT 1")), "sam", "no gold", true);

    CurationQualityUseCase.Quality measured =
        quality.recallByVersion(StewardCurationServiceTest.SAM, "plant", 5);

    assertThat(measured.versions()).hasSize(2);
    assertThat(measured.versions().get(0).recall()).containsEntry(5, 1.0);
    assertThat(measured.versions().get(1).recall()).isEmpty();
    assertThat(measured.versions().get(1).skipped()).isPresent();
    assertThat(indexed).containsExactly("bench-plant-curated-v1");
  }

  @Test
  void should_refuse_other_stewards_a_bad_count_and_a_source_never_published() {
    assertThatThrownBy(() -> quality.recallByVersion(StewardCurationServiceTest.OZ, "plant", 3))
        .isInstanceOf(AccessDeniedException.class);
    assertThatThrownBy(() -> quality.recallByVersion(StewardCurationServiceTest.SAM, "plant", 0))
        .hasMessageContaining("measure 1 to 10 versions");
    assertThatThrownBy(() -> quality.recallByVersion(StewardCurationServiceTest.SAM, "plant", 3))
        .hasMessageContaining("no published version");
  }

  @Test
  void should_show_only_stored_versions_and_measure_only_the_versions_that_lack_a_number() {
    assertThat(quality.stored(StewardCurationServiceTest.SAM, "plant", 5).versions()).isEmpty();
    store.publish(withQuestions(approved("q1", CODES)), "sam", "first", true);
    store.publish(withQuestions(approved("q1", CODES)), "sam", "second", true);
    // Version 1 was measured after its publish (in the background).
    quality.measureAndStore("plant", 1);
    assertThat(indexed).containsExactly("bench-plant-curated-v1");
    assertThat(keptOfPlant.get(1).recall()).containsEntry(5, 1.0);
    assertThat(keptOfPlant.get(1).questions()).isEqualTo(1);

    CurationQualityUseCase.Quality shown =
        quality.stored(StewardCurationServiceTest.SAM, "plant", 5);
    assertThat(shown.versions())
        .extracting(CurationQualityUseCase.VersionRecall::version)
        .containsExactly(1);
    assertThat(shown.versions().getFirst().note()).isEqualTo("first");

    CurationQualityUseCase.Quality filled =
        quality.measureMissing(StewardCurationServiceTest.SAM, "plant", 5);
    assertThat(filled.versions())
        .extracting(CurationQualityUseCase.VersionRecall::version)
        .containsExactly(1, 2);
    // Only version 2 was measured now, and it is kept.
    assertThat(indexed).containsExactly("bench-plant-curated-v1", "bench-plant-curated-v2");
    assertThat(keptOfPlant).containsOnlyKeys(1, 2);
    assertThat(quality.measureMissing(StewardCurationServiceTest.SAM, "plant", 5).versions())
        .hasSize(2);
    assertThat(indexed).hasSize(2);
    // bench curation --versions measures every version, as before.
    quality.recallByVersion(StewardCurationServiceTest.SAM, "plant", 5);
    assertThat(indexed).hasSize(4);
  }

  @Test
  void should_refuse_other_stewards_the_stored_numbers_and_an_unknown_version_to_measure() {
    assertThatThrownBy(() -> quality.stored(StewardCurationServiceTest.OZ, "plant", 3))
        .isInstanceOf(AccessDeniedException.class);
    assertThatThrownBy(() -> quality.measureMissing(StewardCurationServiceTest.OZ, "plant", 3))
        .isInstanceOf(AccessDeniedException.class);
    assertThatThrownBy(() -> quality.measureAndStore("plant", 7))
        .hasMessageContaining("has no published version 7");
    assertThat(keptOfPlant).isEmpty();
  }
}
