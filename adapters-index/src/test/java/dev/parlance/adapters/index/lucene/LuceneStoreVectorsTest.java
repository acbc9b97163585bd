package dev.parlance.adapters.index.lucene;

import static org.assertj.core.api.Assertions.assertThat;

import dev.parlance.domain.retrieval.ElementHit;
import dev.parlance.domain.retrieval.ElementKind;
import dev.parlance.domain.retrieval.EmbeddingVector;
import dev.parlance.domain.retrieval.IndexedElement;
import dev.parlance.domain.retrieval.SchemaElement;
import java.io.IOException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.Random;
import java.util.Set;
import java.util.stream.IntStream;
import org.apache.lucene.codecs.KnnVectorsReader;
import org.apache.lucene.codecs.hnsw.HnswGraphProvider;
import org.apache.lucene.codecs.perfield.PerFieldKnnVectorsFormat;
import org.apache.lucene.index.CodecReader;
import org.apache.lucene.index.DirectoryReader;
import org.apache.lucene.index.LeafReaderContext;
import org.apache.lucene.store.FSDirectory;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** The schema index's vectors: searched exactly, without a graph, up to about 9,100 per segment. */
class LuceneStoreVectorsTest {

  private static final int DIMENSIONS = 16;

  @TempDir Path directory;

  @Test
  void should_search_a_schema_of_thousands_of_columns_exactly_without_building_a_graph()
      throws IOException {
    // 3,000 columns: Lucene's own threshold builds a graph from about 650 vectors.
    List<IndexedElement> columns = columns(3_000, new Random(7));
    float[] query = unit(new Random(11));
    List<String> nearest;
    try (LuceneIndexes.SchemaIndexFile index = LuceneIndexes.open(directory)) {
      index.replace("wide", "test-model", columns);
      nearest =
          ((LuceneSchemaIndexAdapter) index)
              .nearest("wide", ElementKind.COLUMN, EmbeddingVector.of(query), 20).stream()
                  .map(ElementHit::indexed)
                  .map(e -> e.element().id())
                  .toList();
    }

    List<String> exact =
        columns.stream()
            .sorted(Comparator.comparingDouble((IndexedElement e) -> -dot(e, query)))
            .limit(20)
            .map(e -> e.element().id())
            .toList();
    assertThat(nearest).isEqualTo(exact);
    assertThat(graphNodes()).isZero();
  }

  @Test
  void should_build_a_graph_for_a_segment_above_the_threshold() throws IOException {
    List<IndexedElement> columns = columns(10_000, new Random(3));
    try (LuceneIndexes.SchemaIndexFile index = LuceneIndexes.open(directory)) {
      index.replace("huge", "test-model", columns);
    }

    assertThat(graphNodes()).isEqualTo(10_000);
  }

  private int graphNodes() throws IOException {
    int nodes = 0;
    try (DirectoryReader reader = DirectoryReader.open(FSDirectory.open(directory))) {
      for (LeafReaderContext leaf : reader.leaves()) {
        KnnVectorsReader vectors = ((CodecReader) leaf.reader()).getVectorReader();
        KnnVectorsReader field =
            ((PerFieldKnnVectorsFormat.FieldsReader) vectors).getFieldReader("vector");
        nodes += ((HnswGraphProvider) field).getGraph("vector").size();
      }
    }
    return nodes;
  }

  private static List<IndexedElement> columns(int count, Random random) {
    List<IndexedElement> columns = new ArrayList<>(count);
    IntStream.range(0, count)
        .forEach(
            i ->
                columns.add(
                    new IndexedElement(
                        SchemaElement.column("T" + i / 20, "C" + i, "column " + i, Set.of()),
                        EmbeddingVector.of(unit(random)))));
    return columns;
  }

  private static float[] unit(Random random) {
    float[] v = new float[DIMENSIONS];
    double norm = 0;
    for (int i = 0; i < v.length; i++) {
      v[i] = (float) random.nextGaussian();
      norm += v[i] * v[i];
    }
    for (int i = 0; i < v.length; i++) {
      v[i] /= (float) Math.sqrt(norm);
    }
    return v;
  }

  private static double dot(IndexedElement e, float[] query) {
    float[] v = e.vector().toArray();
    double sum = 0;
    for (int i = 0; i < v.length; i++) {
      sum += v[i] * query[i];
    }
    return sum;
  }
}
