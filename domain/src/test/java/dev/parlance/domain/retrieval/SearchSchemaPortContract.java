package dev.parlance.domain.retrieval;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;

import java.util.List;
import java.util.Set;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

/**
 * What every schema index must do. An adapter's test extends this class and hands it a fresh, empty
 * index.
 */
public abstract class SearchSchemaPortContract {

  /** A fresh, empty index that also implements {@link SearchSchemaPort}. */
  protected abstract IndexSchemaPort newIndex();

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
        .hasValue(new IndexSchemaPort.IndexStatus("plant", "test-model", 1));
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
}
