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
import java.util.Comparator;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.stream.IntStream;

/**
 * Indexes a catalog: every table and column becomes an embedded, searchable element. An element's
 * vector is its name's embedding (CRUSH4SQL's document); when the catalog knows more about it, the
 * embedding of its name and details is mixed in with a smaller weight
 * (docs/measurements/retrieval.md measures why names lead).
 */
public final class IndexSchemaService implements IndexSchemaUseCase {

  /**
   * The weight of the described view against the name's, measured in
   * docs/measurements/retrieval.md.
   */
  public static final double DETAILS_WEIGHT = 0.3;

  /**
   * The progress stage that says the source's lexical index is in place (searchable by its words)
   * while its vectors are being computed.
   */
  public static final String LEXICAL_READY = "searchable by words";

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
    List<SchemaElement> elements = elements(catalog, more, style);
    String fingerprint = SchemaElements.fingerprint(embedder.modelName(), elements);
    // Re-indexing what is indexed already (a publish that changed nothing here, a second
    // 'schema index') keeps the index as it is.
    boolean unchanged =
        index
            .status(catalog.source())
            .map(s -> s.fingerprint().equals(fingerprint) && s.model().equals(embedder.modelName()))
            .orElse(false);
    if (!unchanged) {
      // Lexical first: searchable at once by its words, while the vectors are computed.
      if (index.replaceLexical(catalog.source(), elements)) {
        progress.update(LEXICAL_READY, 1, 1);
      }
      index.replace(catalog.source(), embedder.modelName(), embed(elements, progress));
    }
    long millis = (System.nanoTime() - start) / 1_000_000;
    return new IndexReport(
        catalog.source(),
        catalog.tables().size(),
        catalog.columnCount(),
        embedder.modelName(),
        millis,
        unchanged);
  }

  /** The catalog's elements (and {@code more}) with the vectors {@link #index} stores. */
  public List<IndexedElement> embed(
      SchemaCatalog catalog, List<SchemaElement> more, ElementText style, Progress progress) {
    return embed(elements(catalog, more, style), progress);
  }

  private static List<SchemaElement> elements(
      SchemaCatalog catalog, List<SchemaElement> more, ElementText style) {
    List<SchemaElement> elements = new ArrayList<>(SchemaElements.of(catalog, style));
    elements.addAll(more);
    return elements;
  }

  private List<IndexedElement> embed(List<SchemaElement> elements, Progress progress) {
    // Every text to embed, each once: the names, then the described columns' fuller texts.
    List<String> texts = new ArrayList<>(elements.size());
    Map<String, Integer> position = new HashMap<>();
    int[] name = new int[elements.size()];
    int[] details = new int[elements.size()];
    for (int i = 0; i < elements.size(); i++) {
      SchemaElement e = elements.get(i);
      name[i] = position.computeIfAbsent(e.name(), t -> add(texts, t));
      details[i] = mixed(e) ? position.computeIfAbsent(e.searchText(), t -> add(texts, t)) : -1;
    }
    // Shortest first: each request's batches then hold texts of one length, and a batch padded
    // to its longest text wastes nothing (docs/measurements/retrieval.md measures it).
    List<Integer> order =
        IntStream.range(0, texts.size())
            .boxed()
            .sorted(Comparator.comparingInt(i -> texts.get(i).length()))
            .toList();
    EmbeddingVector[] vectors = new EmbeddingVector[texts.size()];
    for (int from = 0; from < order.size(); from += CHUNK) {
      List<Integer> chunk = order.subList(from, Math.min(order.size(), from + CHUNK));
      List<EmbeddingVector> embedded =
          embedder.embedDocuments(chunk.stream().map(texts::get).toList());
      for (int j = 0; j < chunk.size(); j++) {
        vectors[chunk.get(j)] = embedded.get(j);
      }
      progress.update("embedding", from + chunk.size(), order.size());
    }
    List<IndexedElement> indexed = new ArrayList<>(elements.size());
    for (int i = 0; i < elements.size(); i++) {
      EmbeddingVector vector = vectors[name[i]];
      if (details[i] >= 0) {
        vector = EmbeddingVector.mix(vector, 1.0, vectors[details[i]], DETAILS_WEIGHT);
      }
      indexed.add(new IndexedElement(elements.get(i), vector));
    }
    return indexed;
  }

  private static int add(List<String> texts, String text) {
    texts.add(text);
    return texts.size() - 1;
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
