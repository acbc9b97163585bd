package dev.parlance.domain.retrieval;

import java.util.Collection;
import java.util.List;

/**
 * Searches a source's indexed schema elements. Every implementation (embedded Lucene, OpenSearch)
 * passes the same contract test, {@code SearchSchemaPortContract}.
 */
public interface SearchSchemaPort {

  /** The {@code k} elements of a kind nearest to {@code query}, best first; scores are cosines. */
  List<ElementHit> nearest(String source, ElementKind kind, EmbeddingVector query, int k);

  /**
   * The {@code k} nearest elements to each of several queries, in the queries' order: what {@link
   * #nearest} gives for each, in one request where the index can send them together.
   */
  default List<List<ElementHit>> nearestEach(
      String source, ElementKind kind, List<EmbeddingVector> queries, int k) {
    return queries.stream().map(q -> nearest(source, kind, q, k)).toList();
  }

  /**
   * The {@code k} best lexical (BM25) matches of {@code text}, best first; elements that share no
   * term with the text are not returned.
   */
  List<ElementHit> matching(String source, ElementKind kind, String text, int k);

  /**
   * Whether the source's elements have their vectors (false while only its lexical index exists:
   * {@link IndexSchemaPort#replaceLexical}); nearest-neighbour searches find nothing until they do.
   */
  default boolean dense(String source) {
    return true;
  }

  /** The indexed elements with the given ids (unknown ids are skipped), in no particular order. */
  List<IndexedElement> byIds(String source, Collection<String> ids);

  /** Every column element of the given tables (by table id). */
  List<IndexedElement> columnsOf(String source, Collection<String> tableIds);
}
