package dev.parlance.application.retrieval;

import dev.parlance.application.retrieval.IndexSchemaUseCase.IndexReport;
import dev.parlance.domain.retrieval.RetrievalMode;
import java.util.Optional;

/** Schema retrieval over a configured data source: index its live catalog, search it. */
public interface SourceSchemaUseCase {

  /** Reads the source's catalog from the database and (re)indexes it. */
  IndexReport index(String source, Progress progress);

  /**
   * The columns a question needs, indexing the source first if it never was (or with another
   * model).
   */
  Result search(String source, String question, RetrievalMode mode, int budget, Progress progress);

  /**
   * @param indexedFirst the indexing this search had to do first, if any
   */
  record Result(SchemaSelection selection, Optional<IndexReport> indexedFirst) {}
}
