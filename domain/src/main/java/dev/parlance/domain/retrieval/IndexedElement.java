package dev.parlance.domain.retrieval;

import java.util.Objects;

/** A schema element with its embedding, as handed to and returned by the index. */
public record IndexedElement(SchemaElement element, EmbeddingVector vector) {
  public IndexedElement {
    Objects.requireNonNull(element, "element");
    Objects.requireNonNull(vector, "vector");
  }
}
