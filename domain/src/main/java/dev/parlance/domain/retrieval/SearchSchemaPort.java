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
   * The {@code k} best lexical (BM25) matches of {@code text}, best first; elements that share no
   * term with the text are not returned.
   */
  List<ElementHit> matching(String source, ElementKind kind, String text, int k);

  /** The indexed elements with the given ids (unknown ids are skipped), in no particular order. */
  List<IndexedElement> byIds(String source, Collection<String> ids);

  /** Every column element of the given tables (by table id). */
  List<IndexedElement> columnsOf(String source, Collection<String> tableIds);
}
