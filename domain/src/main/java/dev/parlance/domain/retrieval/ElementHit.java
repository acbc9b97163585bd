package dev.parlance.domain.retrieval;

import java.util.Objects;

/**
 * A search result: the element, its stored embedding (so callers can score it against other
 * probes), and the search's own score (cosine for vector search, BM25 for lexical search).
 */
public record ElementHit(IndexedElement indexed, double score) {
  public ElementHit {
    Objects.requireNonNull(indexed, "indexed");
  }

  public SchemaElement element() {
    return indexed.element();
  }

  public EmbeddingVector vector() {
    return indexed.vector();
  }
}
