package dev.parlance.adapters.index.opensearch;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.parlance.adapters.index.SearchIndexes;
import dev.parlance.adapters.index.testing.OpenSearchServer;
import dev.parlance.domain.retrieval.ElementKind;
import dev.parlance.domain.retrieval.EmbeddingVector;
import dev.parlance.domain.retrieval.IndexedElement;
import dev.parlance.domain.retrieval.SchemaElement;
import java.util.ArrayList;
import java.util.List;
import java.util.Set;
import java.util.UUID;
import java.util.stream.IntStream;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

/** What the OpenSearch adapter does beyond the port contract: its indexes, aliases and messages. */
class OpenSearchIndexesIT {

  private String prefix;
  private SearchIndexes indexes;
  private OpenSearchCluster cluster;

  @BeforeEach
  void connect() {
    prefix = "x" + UUID.randomUUID().toString().substring(0, 8);
    var connection =
        OpenSearchIndexes.Connection.to(OpenSearchServer.shared().url()).withPrefix(prefix);
    indexes = OpenSearchIndexes.connect(connection);
    cluster = OpenSearchIndexes.clusterOf(indexes);
  }

  @AfterEach
  void close() {
    indexes.close();
  }

  private static IndexedElement column(String table, String column, float... v) {
    return new IndexedElement(
        SchemaElement.column(table, column, "", Set.of()), EmbeddingVector.of(v));
  }

  @Test
  void should_serve_each_source_from_one_index_behind_its_alias_and_drop_the_old_one() {
    indexes.schema().replace("plant", "m", List.of(column("T", "A", 1, 0)));
    String first = cluster.concreteIndexes(cluster.alias("schema", "plant")).getFirst();

    indexes.schema().replace("plant", "m", List.of(column("T", "B", 0, 1)));

    List<String> now = cluster.concreteIndexes(cluster.alias("schema", "plant"));
    assertThat(now).hasSize(1).doesNotContain(first);
    assertThat(indexes.schema().byIds("plant", List.of("t.a", "t.b")))
        .extracting(e -> e.element().id())
        .containsExactly("t.b");
  }

  @Test
  void should_clean_up_a_build_a_crash_left_half_done() {
    indexes.schema().replace("plant", "m", List.of(column("T", "A", 1, 0)));
    // What a process killed while building leaves: a newer-looking index no alias points to…
    String orphan = cluster.alias("schema", "plant") + ".00000000000000000";
    cluster.send("create an orphan", "PUT", "/" + orphan, null);
    assertThat(indexes.schema().status("plant")).map(s -> s.elements()).contains(1);

    indexes.schema().replace("plant", "m", List.of(column("T", "B", 0, 1), column("T", "C", 1, 1)));

    // …is removed by the next build, which serves alone.
    assertThat(cluster.concreteIndexes(cluster.alias("schema", "plant")))
        .hasSize(1)
        .doesNotContain(orphan);
    assertThat(indexes.schema().status("plant")).map(s -> s.elements()).contains(2);
  }

  @Test
  void should_end_an_older_build_quietly_when_a_newer_one_finished_and_removed_it() {
    // Two instances index one source at once: the older build is still filling its index when
    // the newer one finishes, serves, and deletes the older builds, this one's index with them.
    cluster.rebuild(
        "schema",
        "plant",
        true,
        OpenSearchCluster.settings(1, "0-1"),
        older -> indexes.schema().replace("plant", "m", List.of(column("T", "B", 0, 1))));

    // The older build ended without a failure, and the newer one serves alone.
    assertThat(cluster.concreteIndexes(cluster.alias("schema", "plant"))).hasSize(1);
    assertThat(indexes.schema().byIds("plant", List.of("t.b")))
        .extracting(e -> e.element().id())
        .containsExactly("t.b");
  }

  @Test
  void should_still_fail_a_build_when_no_newer_one_serves() {
    assertThatThrownBy(
            () ->
                cluster.rebuild(
                    "schema",
                    "plant",
                    true,
                    OpenSearchCluster.settings(1, "0-1"),
                    index -> cluster.send("delete it", "DELETE", "/" + index, null)))
        .isInstanceOf(OpenSearchFailedException.class);
    assertThat(cluster.concreteIndexes(cluster.alias("schema", "plant"))).isEmpty();
  }

  @Test
  void should_name_the_refused_element_and_the_reason_when_a_bulk_request_fails() {
    List<IndexedElement> elements = new ArrayList<>();
    IntStream.range(0, 10).forEach(i -> elements.add(column("T", "C" + i, 1, 0, 0)));
    elements.add(column("T", "WIDE", 1, 0, 0, 0, 0));

    assertThatThrownBy(() -> indexes.schema().replace("plant", "m", elements))
        .isInstanceOf(OpenSearchFailedException.class)
        .hasMessageContaining("refused 1 of 11 documents")
        .hasMessageContaining("element t.wide")
        .hasMessageContaining("dimension");
    assertThat(cluster.concreteIndexes(cluster.alias("schema", "plant"))).isEmpty();
  }

  @Test
  void should_say_which_node_is_down_in_one_line() {
    try (SearchIndexes down =
        OpenSearchIndexes.connect(OpenSearchIndexes.Connection.to(OpenSearchServer.deadUrl()))) {
      assertThatThrownBy(() -> down.schema().status("plant"))
          .isInstanceOf(OpenSearchFailedException.class)
          .hasMessageStartingWith("cannot reach OpenSearch at http://127.0.0.1:")
          .hasMessageNotContaining("\n");
    }
  }

  @Test
  void should_search_an_empty_source_without_failing() {
    indexes.schema().replace("empty", "m", List.of());

    assertThat(indexes.schema().status("empty")).map(s -> s.elements()).contains(0);
    assertThat(
            indexes
                .schema()
                .nearest("empty", ElementKind.COLUMN, EmbeddingVector.of(new float[] {1, 0}), 5))
        .isEmpty();
    assertThat(indexes.schema().matching("empty", ElementKind.COLUMN, "anything", 5)).isEmpty();
  }

  @Test
  void should_report_what_the_indexes_hold() {
    indexes.schema().replace("plant", "m", List.of(column("T", "A", 1, 0), column("T", "B", 0, 1)));

    var footprint = indexes.footprint();

    assertThat(footprint.documents()).isEqualTo(2);
    assertThat(footprint.diskBytes()).isPositive();
    assertThat(footprint.serverHeapBytes()).isPresent();
  }
}
