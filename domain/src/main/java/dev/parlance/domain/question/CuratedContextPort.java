package dev.parlance.domain.question;

/**
 * The curation a source has published, as prompts need it. Until a steward curates a source (the
 * curation issue connects its store here) there is none, and the pipeline works from the catalog.
 */
@FunctionalInterface
public interface CuratedContextPort {

  CuratedContext forSource(String source);

  static CuratedContextPort none() {
    return source -> CuratedContext.none();
  }
}
