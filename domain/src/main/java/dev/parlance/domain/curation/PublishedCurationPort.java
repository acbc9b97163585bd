package dev.parlance.domain.curation;

import java.util.Optional;

/** The curation in force for a source: its newest published version. */
@FunctionalInterface
public interface PublishedCurationPort {
  Optional<CurationVersion> published(String source);

  static PublishedCurationPort none() {
    return source -> Optional.empty();
  }
}
