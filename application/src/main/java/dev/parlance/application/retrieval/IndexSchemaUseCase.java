package dev.parlance.application.retrieval;

import dev.parlance.domain.catalog.SchemaCatalog;
import dev.parlance.domain.retrieval.ElementText;

/** Makes a source's schema searchable: explode it into elements, embed them, index them. */
public interface IndexSchemaUseCase {

  IndexReport index(SchemaCatalog catalog, ElementText style, Progress progress);

  /** What an indexing run did. */
  record IndexReport(String source, int tables, int columns, String model, long millis) {}
}
