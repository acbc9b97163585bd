package dev.parlance.domain.retrieval;

import java.util.List;
import java.util.Objects;

/**
 * Searches every indexed source at once: where, among hundreds of sources, the elements nearest a
 * question live. Scores are those of {@link SearchSchemaPort}.
 */
public interface SearchAllSourcesPort {

  /** The {@code k} elements of a kind nearest to {@code query} in any source, best first. */
  List<SourcedHit> nearestInAnySource(ElementKind kind, EmbeddingVector query, int k);

  /** The {@code k} best lexical matches of {@code text} in any source, best first. */
  List<SourcedHit> matchingInAnySource(ElementKind kind, String text, int k);

  /** A hit and the source it was found in. */
  record SourcedHit(String source, ElementHit hit) {
    public SourcedHit {
      Objects.requireNonNull(source, "source");
      Objects.requireNonNull(hit, "hit");
    }
  }
}
