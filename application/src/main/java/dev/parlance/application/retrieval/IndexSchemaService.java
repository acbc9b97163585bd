package dev.parlance.application.retrieval;

import dev.parlance.domain.catalog.SchemaCatalog;
import dev.parlance.domain.retrieval.ElementKind;
import dev.parlance.domain.retrieval.ElementText;
import dev.parlance.domain.retrieval.EmbedTextPort;
import dev.parlance.domain.retrieval.EmbeddingVector;
import dev.parlance.domain.retrieval.IndexSchemaPort;
import dev.parlance.domain.retrieval.IndexedElement;
import dev.parlance.domain.retrieval.SchemaElement;
import dev.parlance.domain.retrieval.SchemaElements;
import java.util.ArrayList;
import java.util.List;

/**
 * Indexes a catalog: every table and column becomes an embedded, searchable element. An element's
 * vector is its name's embedding (CRUSH4SQL's document); when the catalog knows more about it, the
 * embedding of its name and details is mixed in with a smaller weight (docs/retrieval.md measures
 * why names lead).
 */
public final class IndexSchemaService implements IndexSchemaUseCase {

  /** The weight of the described view against the name's, measured in docs/retrieval.md. */
  public static final double DETAILS_WEIGHT = 0.3;

  // Large enough to keep every core busy inside the embedder, small enough to report progress.
  private static final int CHUNK = 512;

  private final EmbedTextPort embedder;
  private final IndexSchemaPort index;

  public IndexSchemaService(EmbedTextPort embedder, IndexSchemaPort index) {
    this.embedder = embedder;
    this.index = index;
  }

  @Override
  public IndexReport index(SchemaCatalog catalog, ElementText style, Progress progress) {
    return index(catalog, List.of(), style, progress);
  }

  @Override
  public IndexReport index(
      SchemaCatalog catalog, List<SchemaElement> more, ElementText style, Progress progress) {
    long start = System.nanoTime();
    List<IndexedElement> indexed = embed(catalog, more, style, progress);
    index.replace(catalog.source(), embedder.modelName(), indexed);
    long millis = (System.nanoTime() - start) / 1_000_000;
    return new IndexReport(
        catalog.source(),
        catalog.tables().size(),
        catalog.columnCount(),
        embedder.modelName(),
        millis);
  }

  /** The catalog's elements (and {@code more}) with the vectors {@link #index} stores. */
  public List<IndexedElement> embed(
      SchemaCatalog catalog, List<SchemaElement> more, ElementText style, Progress progress) {
    List<SchemaElement> elements = new ArrayList<>(SchemaElements.of(catalog, style));
    elements.addAll(more);
    List<IndexedElement> indexed = new ArrayList<>(elements.size());
    for (int from = 0; from < elements.size(); from += CHUNK) {
      List<SchemaElement> chunk = elements.subList(from, Math.min(elements.size(), from + CHUNK));
      List<String> texts = new ArrayList<>(chunk.size() * 2);
      chunk.forEach(e -> texts.add(e.name()));
      List<SchemaElement> described = chunk.stream().filter(IndexSchemaService::mixed).toList();
      described.forEach(e -> texts.add(e.searchText()));
      List<EmbeddingVector> vectors = embedder.embedDocuments(texts);
      int next = chunk.size();
      for (int i = 0; i < chunk.size(); i++) {
        SchemaElement e = chunk.get(i);
        EmbeddingVector vector = vectors.get(i);
        if (mixed(e)) {
          vector = EmbeddingVector.mix(vector, 1.0, vectors.get(next++), DETAILS_WEIGHT);
        }
        indexed.add(new IndexedElement(e, vector));
      }
      progress.update("embedding", indexed.size(), elements.size());
    }
    return indexed;
  }

  /** The model the vectors come from. */
  public String modelName() {
    return embedder.modelName();
  }

  // Only columns mix in their details: ranking compares questions with columns, a table's
  // description (often long, costly to embed) is searched lexically, and a verified question is
  // found by its question alone, its SQL searched lexically.
  private static boolean mixed(SchemaElement e) {
    return e.kind() == ElementKind.COLUMN && !e.details().isEmpty();
  }
}
