package dev.parlance.domain.retrieval;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.assertj.core.api.Assertions.within;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import java.time.Duration;
import java.util.AbstractList;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.Set;
import java.util.concurrent.ConcurrentLinkedQueue;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.stream.IntStream;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

/**
 * What every schema index must do. An adapter's test extends this class and hands it a fresh, empty
 * index.
 */
public abstract class SearchSchemaPortContract {

  /**
   * A fresh, empty index that also implements {@link SearchSchemaPort} (and {@link
   * SearchAllSourcesPort}, when the adapter can search every source at once).
   */
  protected abstract IndexSchemaPort newIndex();

  /**
   * The same kind of index, pointed at a server that does not answer (a node that is down), or
   * empty for an index that has no server.
   */
  protected Optional<IndexSchemaPort> unreachableIndex() {
    return Optional.empty();
  }

  /** The adapter's own exception for a failed index operation. */
  protected abstract Class<? extends RuntimeException> failure();

  private IndexSchemaPort index;
  private SearchSchemaPort search;

  @BeforeEach
  void createIndex() {
    index = newIndex();
    search = (SearchSchemaPort) index;
  }

  private static IndexedElement column(String table, String column, String text, float... v) {
    return new IndexedElement(
        SchemaElement.column(table, column, text, Set.of()), EmbeddingVector.of(v));
  }

  private static IndexedElement table(String table, String text, float... v) {
    return new IndexedElement(SchemaElement.table(table, text), EmbeddingVector.of(v));
  }

  private static final List<IndexedElement> PLANT =
      List.of(
          table("TB_MO", "maintenance orders", 1, 0, 0, 0),
          column("TB_MO", "MO_ST", "maintenance order status open closed", 1, 0.1f, 0, 0),
          column("TB_MO", "MO_DT", "maintenance order date", 0.7f, 0.7f, 0, 0),
          new IndexedElement(
              SchemaElement.column("TB_IN", "IN_NM", "installation name", Set.of("tb_mo.mo_in")),
              EmbeddingVector.of(new float[] {0, 1, 0, 0})),
          column("TB_IN", "IN_RG", "installation region", 0, 0.9f, 0.4f, 0));

  @Test
  void should_return_the_nearest_columns_best_first() {
    index.replace("plant", "test-model", PLANT);

    List<ElementHit> hits =
        search.nearest(
            "plant", ElementKind.COLUMN, EmbeddingVector.of(new float[] {1, 0, 0, 0}), 2);

    assertThat(hits)
        .extracting(h -> h.element().id())
        .containsExactly("tb_mo.mo_st", "tb_mo.mo_dt");
    assertThat(hits.get(0).score()).isCloseTo(0.995, within(0.01));
    assertThat(hits.get(0).score()).isGreaterThan(hits.get(1).score());
  }

  @Test
  void should_be_searchable_by_words_before_the_vectors_land_then_by_both() {
    List<SchemaElement> elements = PLANT.stream().map(IndexedElement::element).toList();
    // An index that cannot hold elements without vectors keeps to replace(): nothing to check.
    assumeTrue(index.replaceLexical("plant", elements));

    assertThat(index.status("plant").orElseThrow().model()).isEqualTo(IndexSchemaPort.LEXICAL_ONLY);
    assertThat(search.dense("plant")).isFalse();
    assertThat(search.matching("plant", ElementKind.COLUMN, "installation region", 5))
        .extracting(h -> h.element().id())
        .first()
        .isEqualTo("tb_in.in_rg");
    assertThat(search.columnsOf("plant", List.of("tb_mo")))
        .extracting(e -> e.element().id())
        .containsExactlyInAnyOrder("tb_mo.mo_st", "tb_mo.mo_dt");
    assertThat(
            search.nearest(
                "plant", ElementKind.COLUMN, EmbeddingVector.of(new float[] {1, 0, 0, 0}), 2))
        .isEmpty();

    index.replace("plant", "test-model", PLANT);

    assertThat(search.dense("plant")).isTrue();
    assertThat(
            search.nearest(
                "plant", ElementKind.COLUMN, EmbeddingVector.of(new float[] {1, 0, 0, 0}), 1))
        .extracting(h -> h.element().id())
        .containsExactly("tb_mo.mo_st");
    assertThat(search.matching("plant", ElementKind.COLUMN, "installation region", 5)).isNotEmpty();
  }

  @Test
  void should_answer_several_vector_searches_at_once_as_it_answers_each() {
    index.replace("plant", "test-model", PLANT);
    List<EmbeddingVector> queries =
        List.of(
            EmbeddingVector.of(new float[] {1, 0, 0, 0}),
            EmbeddingVector.of(new float[] {0, 1, 0, 0}),
            EmbeddingVector.of(new float[] {0, 0, 1, 0}));

    List<List<ElementHit>> each = search.nearestEach("plant", ElementKind.COLUMN, queries, 2);

    assertThat(each).hasSize(3);
    for (int i = 0; i < queries.size(); i++) {
      assertThat(each.get(i))
          .extracting(h -> h.element().id())
          .containsExactlyElementsOf(
              search.nearest("plant", ElementKind.COLUMN, queries.get(i), 2).stream()
                  .map(h -> h.element().id())
                  .toList());
    }
    assertThat(search.nearestEach("ghost", ElementKind.COLUMN, queries, 2))
        .hasSize(3)
        .allMatch(List::isEmpty);
    assertThat(search.nearestEach("plant", ElementKind.COLUMN, List.of(), 2)).isEmpty();
  }

  @Test
  void should_keep_kinds_apart() {
    index.replace("plant", "test-model", PLANT);

    List<ElementHit> tables =
        search.nearest("plant", ElementKind.TABLE, EmbeddingVector.of(new float[] {0, 1, 0, 0}), 5);

    assertThat(tables).extracting(h -> h.element().id()).containsExactly("tb_mo");
  }

  @Test
  void should_return_stored_vectors_and_text_unchanged() {
    index.replace("plant", "test-model", PLANT);

    ElementHit hit =
        search
            .nearest("plant", ElementKind.COLUMN, EmbeddingVector.of(new float[] {0, 1, 0, 0}), 1)
            .getFirst();

    assertThat(hit.element()).isEqualTo(PLANT.get(3).element());
    assertThat(hit.vector().cosine(PLANT.get(3).vector())).isCloseTo(1.0, within(1e-5));
  }

  @Test
  void should_match_words_lexically_and_skip_elements_without_them() {
    index.replace("plant", "test-model", PLANT);

    List<ElementHit> hits = search.matching("plant", ElementKind.COLUMN, "installation region", 10);

    assertThat(hits)
        .extracting(h -> h.element().id())
        .containsExactly("tb_in.in_rg", "tb_in.in_nm");
    assertThat(search.matching("plant", ElementKind.COLUMN, "zebra", 10)).isEmpty();
  }

  @Test
  void should_match_the_identifiers_a_question_writes_by_their_words() {
    index.replace("plant", "test-model", PLANT);

    // The schema's own spelling of a name, as a user copies it into a question: the index holds
    // the name's words ("tb mo mo dt"), which the question's identifiers meet through their words.
    List<ElementHit> hits =
        search.matching(
            "plant",
            ElementKind.COLUMN,
            ElementText.withIdentifierWords("latest MO_DT of TB_MO"),
            10);

    // every element holds "tb"; the table's and the column's words put MO_DT first, MO_ST next
    assertThat(hits).extracting(h -> h.element().id()).startsWith("tb_mo.mo_dt", "tb_mo.mo_st");
  }

  @Test
  void should_survive_query_syntax_in_lexical_text() {
    index.replace("plant", "test-model", PLANT);

    assertThat(search.matching("plant", ElementKind.COLUMN, "status: (open) AND \"closed* [x", 10))
        .extracting(h -> h.element().id())
        .containsExactly("tb_mo.mo_st");
  }

  @Test
  void should_replace_a_source_wholesale_and_leave_other_sources_alone() {
    index.replace("plant", "test-model", PLANT);
    index.replace("other", "test-model", List.of(column("T", "C", "other things", 1, 0, 0, 0)));

    index.replace("plant", "test-model", List.of(column("TB_X", "X_1", "new column", 1, 0, 0, 0)));

    EmbeddingVector any = EmbeddingVector.of(new float[] {1, 0, 0, 0});
    assertThat(search.nearest("plant", ElementKind.COLUMN, any, 10))
        .extracting(h -> h.element().id())
        .containsExactly("tb_x.x_1");
    assertThat(search.nearest("other", ElementKind.COLUMN, any, 10))
        .extracting(h -> h.element().id())
        .containsExactly("t.c");
    assertThat(index.status("plant"))
        .hasValue(
            new IndexSchemaPort.IndexStatus(
                "plant",
                "test-model",
                1,
                SchemaElements.fingerprint(
                    "test-model",
                    List.of(SchemaElement.column("TB_X", "X_1", "new column", Set.of())))));
  }

  @Test
  void should_forget_a_removed_source() {
    index.replace("plant", "test-model", PLANT);

    index.remove("plant");

    assertThat(index.status("plant")).isEmpty();
    assertThat(
            search.nearest(
                "plant", ElementKind.COLUMN, EmbeddingVector.of(new float[] {1, 0, 0, 0}), 3))
        .isEmpty();
  }

  @Test
  void should_find_elements_by_id_and_columns_by_table() {
    index.replace("plant", "test-model", PLANT);

    assertThat(search.byIds("plant", List.of("tb_in.in_nm", "tb_mo", "nope.nope")))
        .extracting(e -> e.element().id())
        .containsExactlyInAnyOrder("tb_in.in_nm", "tb_mo");
    assertThat(search.columnsOf("plant", List.of("tb_mo")))
        .extracting(e -> e.element().id())
        .containsExactlyInAnyOrder("tb_mo.mo_st", "tb_mo.mo_dt");
  }

  @Test
  void should_know_nothing_of_an_unknown_source() {
    assertThat(index.status("ghost")).isEmpty();
    assertThat(search.matching("ghost", ElementKind.COLUMN, "order", 5)).isEmpty();
    assertThat(search.columnsOf("ghost", List.of("tb_mo"))).isEmpty();
  }

  @Test
  void should_keep_serving_the_old_elements_when_a_build_is_interrupted() {
    index.replace("plant", "test-model", PLANT);
    // The elements run out half-way, as when the process building them dies.
    List<IndexedElement> interrupted =
        new AbstractList<>() {
          @Override
          public IndexedElement get(int i) {
            if (i >= 2) {
              throw new IllegalStateException("interrupted while building");
            }
            return column("TB_NEW", "N_" + i, "new", 1, 0, 0, 0);
          }

          @Override
          public int size() {
            return 5;
          }
        };

    assertThatThrownBy(() -> index.replace("plant", "test-model", interrupted))
        .isInstanceOf(RuntimeException.class);

    assertThat(index.status("plant"))
        .hasValue(
            new IndexSchemaPort.IndexStatus(
                "plant",
                "test-model",
                PLANT.size(),
                SchemaElements.fingerprint(
                    "test-model", PLANT.stream().map(IndexedElement::element).toList())));
    assertThat(
            search.nearest(
                "plant", ElementKind.COLUMN, EmbeddingVector.of(new float[] {1, 0, 0, 0}), 10))
        .extracting(h -> h.element().id())
        .containsExactlyInAnyOrder("tb_mo.mo_st", "tb_mo.mo_dt", "tb_in.in_nm", "tb_in.in_rg");
  }

  @Test
  void should_refuse_a_build_the_index_rejects_and_keep_the_old_one() {
    index.replace("plant", "test-model", PLANT);
    // A vector of another dimension among the rest: the index stores none of this build.
    List<IndexedElement> mixed = new ArrayList<>();
    IntStream.range(0, 40).forEach(i -> mixed.add(column("TB_NEW", "N_" + i, "new", 1, 0, 0, 0)));
    mixed.add(column("TB_NEW", "BAD", "three dimensions", 1, 0, 0));

    assertThatThrownBy(() -> index.replace("plant", "test-model", mixed))
        .isInstanceOf(RuntimeException.class);

    assertThat(index.status("plant"))
        .hasValue(
            new IndexSchemaPort.IndexStatus(
                "plant",
                "test-model",
                PLANT.size(),
                SchemaElements.fingerprint(
                    "test-model", PLANT.stream().map(IndexedElement::element).toList())));
    assertThat(search.columnsOf("plant", List.of("tb_new"))).isEmpty();
    assertThat(search.columnsOf("plant", List.of("tb_mo"))).hasSize(2);
  }

  @Test
  void should_show_readers_the_old_elements_or_the_new_never_a_mix() throws Exception {
    List<IndexedElement> before = generation("OLD", 300);
    List<IndexedElement> after = generation("NEW", 300);
    index.replace("plant", "test-model", before);
    AtomicBoolean done = new AtomicBoolean();
    ConcurrentLinkedQueue<String> seen = new ConcurrentLinkedQueue<>();
    Thread reader =
        Thread.ofPlatform()
            .start(
                () -> {
                  while (!done.get()) {
                    List<ElementHit> hits =
                        search.matching("plant", ElementKind.COLUMN, "generation", 1000);
                    seen.add(
                        hits.stream().map(h -> h.element().table()).distinct().toList()
                            + "/"
                            + hits.size());
                  }
                });
    try {
      for (int i = 0; i < 3; i++) {
        index.replace("plant", "test-model", i % 2 == 0 ? after : before);
      }
    } finally {
      done.set(true);
      reader.join(Duration.ofSeconds(30));
    }

    assertThat(seen).isNotEmpty().allMatch(s -> s.equals("[OLD_T]/300") || s.equals("[NEW_T]/300"));
  }

  // Columns of one table whose name says which build they belong to.
  private static List<IndexedElement> generation(String name, int columns) {
    return IntStream.range(0, columns)
        .mapToObj(i -> column(name + "_T", "C" + i, "generation " + name, 1, i % 7, i % 3, 1))
        .toList();
  }

  @Test
  void should_search_every_source_at_once_and_say_where_each_hit_is() {
    assumeTrue(index instanceof SearchAllSourcesPort, "this index searches one source at a time");
    SearchAllSourcesPort all = (SearchAllSourcesPort) index;
    index.replace("plant", "test-model", PLANT);
    index.replace(
        "fleet", "test-model", List.of(column("TB_TR", "TR_ST", "truck status", 1, 0.05f, 0, 0)));

    List<SearchAllSourcesPort.SourcedHit> nearest =
        all.nearestInAnySource(ElementKind.COLUMN, EmbeddingVector.of(new float[] {1, 0, 0, 0}), 2);
    List<SearchAllSourcesPort.SourcedHit> words =
        all.matchingInAnySource(ElementKind.COLUMN, "status", 10);

    assertThat(nearest)
        .extracting(h -> h.source() + "/" + h.hit().element().id())
        .containsExactly("fleet/tb_tr.tr_st", "plant/tb_mo.mo_st");
    assertThat(words)
        .extracting(h -> h.source() + "/" + h.hit().element().id())
        .containsExactlyInAnyOrder("fleet/tb_tr.tr_st", "plant/tb_mo.mo_st");
  }

  @Test
  void should_fail_with_its_own_exception_when_the_index_server_is_down() {
    Optional<IndexSchemaPort> down = unreachableIndex();
    assumeTrue(down.isPresent(), "this index has no server");
    SearchSchemaPort downSearch = (SearchSchemaPort) down.get();
    long start = System.nanoTime();

    assertThatThrownBy(() -> down.get().status("plant")).isInstanceOf(failure());
    assertThatThrownBy(() -> down.get().replace("plant", "test-model", PLANT))
        .isInstanceOf(failure());
    assertThatThrownBy(
            () ->
                downSearch.nearest(
                    "plant", ElementKind.COLUMN, EmbeddingVector.of(new float[] {1, 0, 0, 0}), 2))
        .isInstanceOf(failure())
        .hasMessageContaining("cannot reach");
    System.out.printf(
        "%s: three calls to a server that is down failed in %d ms%n",
        getClass().getSimpleName(), Duration.ofNanos(System.nanoTime() - start).toMillis());
  }
}
