package dev.parlance.application.retrieval;

import dev.parlance.domain.catalog.SchemaCatalog;
import dev.parlance.domain.retrieval.ElementText;
import dev.parlance.domain.retrieval.EmbedTextPort;
import dev.parlance.domain.retrieval.EmbeddingVector;
import dev.parlance.domain.retrieval.IndexSchemaPort;
import dev.parlance.domain.retrieval.IndexedElement;
import dev.parlance.domain.retrieval.SchemaElement;
import dev.parlance.domain.retrieval.SchemaElements;
import java.util.ArrayList;
import java.util.List;

/** Indexes a catalog: every table and column becomes an embedded, searchable element. */
public final class IndexSchemaService implements IndexSchemaUseCase {

  // Large enough to keep every core busy inside the embedder, small enough to report progress.
  private static final int CHUNK = 1024;

  private final EmbedTextPort embedder;
  private final IndexSchemaPort index;

  public IndexSchemaService(EmbedTextPort embedder, IndexSchemaPort index) {
    this.embedder = embedder;
    this.index = index;
  }

  @Override
  public IndexReport index(SchemaCatalog catalog, ElementText style, Progress progress) {
    long start = System.nanoTime();
    List<SchemaElement> elements = SchemaElements.of(catalog, style);
    List<IndexedElement> indexed = new ArrayList<>(elements.size());
    for (int from = 0; from < elements.size(); from += CHUNK) {
      List<SchemaElement> chunk = elements.subList(from, Math.min(elements.size(), from + CHUNK));
      List<EmbeddingVector> vectors =
          embedder.embedDocuments(chunk.stream().map(SchemaElement::text).toList());
      for (int i = 0; i < chunk.size(); i++) {
        indexed.add(new IndexedElement(chunk.get(i), vectors.get(i)));
      }
      progress.update("embedding", indexed.size(), elements.size());
    }
    index.replace(catalog.source(), embedder.modelName(), indexed);
    long millis = (System.nanoTime() - start) / 1_000_000;
    return new IndexReport(
        catalog.source(),
        catalog.tables().size(),
        catalog.columnCount(),
        embedder.modelName(),
        millis);
  }
}
