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
