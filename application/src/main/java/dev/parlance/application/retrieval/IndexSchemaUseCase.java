package dev.parlance.application.retrieval;

import dev.parlance.domain.catalog.SchemaCatalog;
import dev.parlance.domain.retrieval.ElementText;

/** Makes a source's schema searchable: explode it into elements, embed them, index them. */
public interface IndexSchemaUseCase {

  IndexReport index(SchemaCatalog catalog, ElementText style, Progress progress);

  /**
   * Indexes the catalog and, with it, further elements such as verified questions ({@link
   * dev.parlance.domain.retrieval.ElementKind#VERIFIED_QUERY}), all replaced at once.
   */
  default IndexReport index(
      SchemaCatalog catalog,
      java.util.List<dev.parlance.domain.retrieval.SchemaElement> more,
      ElementText style,
      Progress progress) {
    if (!more.isEmpty()) {
      throw new UnsupportedOperationException("this indexer takes catalog elements only");
    }
    return index(catalog, style, progress);
  }

  /**
   * What an indexing run did.
   *
   * @param unchanged whether the index held these very elements already and was kept as it was
   */
  record IndexReport(
      String source, int tables, int columns, String model, long millis, boolean unchanged) {

    public IndexReport(String source, int tables, int columns, String model, long millis) {
      this(source, tables, columns, model, millis, false);
    }
  }
}
