package dev.parlance.domain.retrieval;

import java.util.List;

/** Stores a source's retrievable elements. */
public interface IndexSchemaPort {

  /**
   * Replaces everything indexed for {@code source} by {@code elements}, atomically: a concurrent
   * search sees either the old elements or the new ones, never a mix.
   *
   * @param model the embedding model that produced the vectors
   */
  void replace(String source, String model, List<IndexedElement> elements);

  /** The model an index built for lexical search alone names in its status. */
  String LEXICAL_ONLY = "lexical-only";

  /**
   * Replaces everything indexed for {@code source} by {@code elements} without vectors, atomically,
   * for lexical search alone (BM25 over their text): what a source can be searched with at once,
   * while its vectors are computed; {@link #replace} with the vectors follows. Its status names the
   * model {@link #LEXICAL_ONLY}.
   *
   * @return false when this index cannot hold elements without vectors (nothing changed)
   */
  default boolean replaceLexical(String source, List<SchemaElement> elements) {
    return false;
  }

  /** Removes a source's elements; nothing happens if it has none. */
  void remove(String source);

  /** What is indexed for {@code source}, if anything. */
  java.util.Optional<IndexStatus> status(String source);

  /**
   * How a source's index was built.
   *
   * @param fingerprint {@link SchemaElements#fingerprint} of the model and elements it holds, so
   *     that indexing what is indexed already can be skipped; empty when unknown
   */
  record IndexStatus(String source, String model, int elements, String fingerprint) {
    public IndexStatus {
      fingerprint = fingerprint == null ? "" : fingerprint;
    }

    public IndexStatus(String source, String model, int elements) {
      this(source, model, elements, "");
    }
  }
}
