package dev.parlance.adapters.index.lucene;

import dev.parlance.domain.retrieval.ElementHit;
import dev.parlance.domain.retrieval.ElementKind;
import dev.parlance.domain.retrieval.EmbeddingVector;
import dev.parlance.domain.retrieval.IndexedElement;
import dev.parlance.domain.retrieval.SchemaElement;
import dev.parlance.domain.retrieval.SchemaElements;
import dev.parlance.domain.retrieval.SearchAllSourcesPort.SourcedHit;
import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Collection;
import java.util.List;
import java.util.Optional;
import java.util.Set;
import org.apache.lucene.analysis.en.EnglishAnalyzer;
import org.apache.lucene.document.Document;
import org.apache.lucene.document.Field;
import org.apache.lucene.document.KnnFloatVectorField;
import org.apache.lucene.document.StoredField;
import org.apache.lucene.document.StringField;
import org.apache.lucene.document.TextField;
import org.apache.lucene.index.StoredFields;
import org.apache.lucene.index.Term;
import org.apache.lucene.index.VectorSimilarityFunction;
import org.apache.lucene.search.BooleanClause.Occur;
import org.apache.lucene.search.BooleanQuery;
import org.apache.lucene.search.IndexSearcher;
import org.apache.lucene.search.KnnFloatVectorQuery;
import org.apache.lucene.search.Query;
import org.apache.lucene.search.ScoreDoc;
import org.apache.lucene.search.TermInSetQuery;
import org.apache.lucene.search.TermQuery;
import org.apache.lucene.search.TopDocs;
import org.apache.lucene.store.Directory;
import org.apache.lucene.util.BytesRef;

/**
 * Schema elements in an embedded Lucene index on disk: an HNSW graph over their embeddings and BM25
 * over their text. All sources share one index; each document carries its source, so a source is
 * replaced by one delete-and-add commit that readers see all at once.
 */
final class LuceneSchemaIndexAdapter implements LuceneIndexes.SchemaIndexFile {

  private static final String SOURCE = "source";
  private static final String ID = "id";
  private static final String KIND = "kind";
  private static final String TABLE = "table";
  private static final String TABLE_ID = "table_id";
  private static final String COLUMN = "column";
  private static final String TEXT = "text";
  private static final String DETAILS = "details";
  private static final String LINKED = "linked";
  private static final String VECTOR = "vector";
  private static final String VECTOR_BYTES = "vector_bytes";
  private static final String MODEL = "model";
  private static final String COUNT = "count";
  private static final String FINGERPRINT = "fingerprint";
  // One document per source records how it was built.
  private static final String META_KIND = "META";

  private static final String NAME = "the index";

  private final LuceneStore store;
  private final java.util.Map<Integer, IndexedElement> decoded = new java.util.HashMap<>();
  private org.apache.lucene.index.IndexReader decodedFor;

  LuceneSchemaIndexAdapter(Path path) {
    this(LuceneStore.open(NAME, path));
  }

  LuceneSchemaIndexAdapter(Directory directory) {
    this.store = new LuceneStore(NAME, directory, new EnglishAnalyzer());
  }

  @Override
  public void replace(String source, String model, List<IndexedElement> elements) {
    store.write(
        "index source " + source,
        writer -> {
          writer.deleteDocuments(new Term(SOURCE, source));
          List<Document> docs = new ArrayList<>(elements.size() + 1);
          for (IndexedElement e : elements) {
            docs.add(toDocument(source, e));
          }
          Document meta = new Document();
          meta.add(new StringField(SOURCE, source, Field.Store.YES));
          meta.add(new StringField(KIND, META_KIND, Field.Store.YES));
          meta.add(new StoredField(MODEL, model));
          meta.add(new StoredField(COUNT, elements.size()));
          meta.add(
              new StoredField(
                  FINGERPRINT,
                  SchemaElements.fingerprint(
                      model, elements.stream().map(IndexedElement::element).toList())));
          docs.add(meta);
          writer.addDocuments(docs);
        });
  }

  @Override
  public boolean replaceLexical(String source, List<SchemaElement> elements) {
    store.write(
        "index source " + source + " for lexical search",
        writer -> {
          writer.deleteDocuments(new Term(SOURCE, source));
          List<Document> docs = new ArrayList<>(elements.size() + 1);
          for (SchemaElement e : elements) {
            docs.add(toDocument(source, e, null));
          }
          Document meta = new Document();
          meta.add(new StringField(SOURCE, source, Field.Store.YES));
          meta.add(new StringField(KIND, META_KIND, Field.Store.YES));
          meta.add(new StoredField(MODEL, LEXICAL_ONLY));
          meta.add(new StoredField(COUNT, elements.size()));
          meta.add(
              new StoredField(FINGERPRINT, SchemaElements.fingerprint(LEXICAL_ONLY, elements)));
          docs.add(meta);
          writer.addDocuments(docs);
        });
    return true;
  }

  @Override
  public boolean dense(String source) {
    return status(source).map(s -> !LEXICAL_ONLY.equals(s.model())).orElse(true);
  }

  @Override
  public void remove(String source) {
    store.write(
        "remove source " + source, writer -> writer.deleteDocuments(new Term(SOURCE, source)));
  }

  @Override
  public Optional<IndexStatus> status(String source) {
    return store.read(
        searcher -> {
          TopDocs top = searcher.search(filter(source, META_KIND), 1);
          if (top.scoreDocs.length == 0) {
            return Optional.empty();
          }
          Document d = searcher.storedFields().document(top.scoreDocs[0].doc);
          return Optional.of(
              new IndexStatus(
                  source,
                  d.get(MODEL),
                  d.getField(COUNT).numericValue().intValue(),
                  d.get(FINGERPRINT)));
        },
        Optional.empty());
  }

  @Override
  public List<ElementHit> nearest(String source, ElementKind kind, EmbeddingVector query, int k) {
    return store.read(
        searcher -> {
          Query knn =
              new KnnFloatVectorQuery(VECTOR, query.toArray(), k, filter(source, kind.name()));
          // Lucene's dot-product score is (1 + cos) / 2; report the cosine itself.
          return hits(searcher, searcher.search(knn, k), s -> 2.0 * s - 1.0);
        },
        List.of());
  }

  @Override
  public List<ElementHit> matching(String source, ElementKind kind, String text, int k) {
    Set<String> terms = store.terms(TEXT, text);
    if (terms.isEmpty()) {
      return List.of();
    }
    BooleanQuery.Builder words = new BooleanQuery.Builder();
    for (String term : terms) {
      words.add(new TermQuery(new Term(TEXT, term)), Occur.SHOULD);
    }
    Query query =
        new BooleanQuery.Builder()
            .add(words.build(), Occur.MUST)
            .add(filter(source, kind.name()), Occur.FILTER)
            .build();
    return store.read(searcher -> hits(searcher, searcher.search(query, k), s -> s), List.of());
  }

  @Override
  public List<SourcedHit> nearestInAnySource(ElementKind kind, EmbeddingVector query, int k) {
    return store.read(
        searcher -> {
          Query knn =
              new KnnFloatVectorQuery(
                  VECTOR, query.toArray(), k, new TermQuery(new Term(KIND, kind.name())));
          return sourced(searcher, searcher.search(knn, k), s -> 2.0 * s - 1.0);
        },
        List.of());
  }

  @Override
  public List<SourcedHit> matchingInAnySource(ElementKind kind, String text, int k) {
    Set<String> terms = store.terms(TEXT, text);
    if (terms.isEmpty()) {
      return List.of();
    }
    BooleanQuery.Builder words = new BooleanQuery.Builder();
    for (String term : terms) {
      words.add(new TermQuery(new Term(TEXT, term)), Occur.SHOULD);
    }
    Query query =
        new BooleanQuery.Builder()
            .add(words.build(), Occur.MUST)
            .add(new TermQuery(new Term(KIND, kind.name())), Occur.FILTER)
            .build();
    return store.read(searcher -> sourced(searcher, searcher.search(query, k), s -> s), List.of());
  }

  /** The live documents of every source, tables, columns and verified questions alike. */
  int documents() {
    return store.documents();
  }

  @Override
  public List<IndexedElement> byIds(String source, Collection<String> ids) {
    return elementsWhere(source, ID, ids);
  }

  @Override
  public List<IndexedElement> columnsOf(String source, Collection<String> tableIds) {
    return elementsWhere(source, TABLE_ID, tableIds).stream()
        .filter(e -> e.element().kind() == ElementKind.COLUMN)
        .toList();
  }

  @Override
  public void close() {
    store.close();
  }

  private List<IndexedElement> elementsWhere(
      String source, String field, Collection<String> values) {
    if (values.isEmpty()) {
      return List.of();
    }
    List<BytesRef> terms = values.stream().map(BytesRef::new).toList();
    Query query =
        new BooleanQuery.Builder()
            .add(new TermInSetQuery(field, terms), Occur.MUST)
            .add(new TermQuery(new Term(SOURCE, source)), Occur.FILTER)
            .build();
    return store.read(
        searcher -> {
          TopDocs top = searcher.search(query, Math.max(1, searcher.getIndexReader().maxDoc()));
          return hits(searcher, top, s -> s).stream().map(ElementHit::indexed).toList();
        },
        List.of());
  }

  private static Query filter(String source, String kind) {
    return new BooleanQuery.Builder()
        .add(new TermQuery(new Term(SOURCE, source)), Occur.FILTER)
        .add(new TermQuery(new Term(KIND, kind)), Occur.FILTER)
        .build();
  }

  private Document toDocument(String source, IndexedElement indexed) {
    return toDocument(source, indexed.element(), indexed.vector().toArray());
  }

  // vector null: an element indexed for lexical search alone.
  private Document toDocument(String source, SchemaElement e, float[] vector) {
    Document d = new Document();
    d.add(new StringField(SOURCE, source, Field.Store.YES));
    d.add(new StringField(ID, e.id(), Field.Store.YES));
    d.add(new StringField(KIND, e.kind().name(), Field.Store.YES));
    d.add(new StringField(TABLE_ID, e.tableId(), Field.Store.NO));
    d.add(new StoredField(TABLE, e.table()));
    d.add(new StoredField(COLUMN, e.column()));
    d.add(new TextField(TEXT, e.searchText(), Field.Store.NO));
    d.add(new StoredField(DETAILS, e.details()));
    for (String link : e.linked()) {
      d.add(new StoredField(LINKED, link));
    }
    if (vector != null) {
      d.add(new KnnFloatVectorField(VECTOR, vector, VectorSimilarityFunction.DOT_PRODUCT));
      d.add(new StoredField(VECTOR_BYTES, toBytes(vector)));
    }
    return d;
  }

  private List<ElementHit> hits(
      IndexSearcher searcher, TopDocs top, java.util.function.DoubleUnaryOperator toScore)
      throws IOException {
    StoredFields stored = searcher.storedFields();
    List<ElementHit> hits = new ArrayList<>(top.scoreDocs.length);
    for (ScoreDoc sd : top.scoreDocs) {
      hits.add(new ElementHit(element(searcher, stored, sd.doc), toScore.applyAsDouble(sd.score)));
    }
    return hits;
  }

  private List<SourcedHit> sourced(
      IndexSearcher searcher, TopDocs top, java.util.function.DoubleUnaryOperator toScore)
      throws IOException {
    StoredFields stored = searcher.storedFields();
    List<SourcedHit> hits = new ArrayList<>(top.scoreDocs.length);
    for (ScoreDoc sd : top.scoreDocs) {
      // Indexes written before sources were stored know no source: an empty name says so.
      String source = stored.document(sd.doc, Set.of(SOURCE)).get(SOURCE);
      hits.add(
          new SourcedHit(
              source == null ? "" : source,
              new ElementHit(element(searcher, stored, sd.doc), toScore.applyAsDouble(sd.score))));
    }
    return hits;
  }

  // Decoding a stored document (its vector above all) costs more than the search that found it;
  // a document's element never changes while the same reader is open, so decode it once.
  private synchronized IndexedElement element(IndexSearcher searcher, StoredFields stored, int doc)
      throws IOException {
    if (decodedFor != searcher.getIndexReader()) {
      decoded.clear();
      decodedFor = searcher.getIndexReader();
    }
    IndexedElement element = decoded.get(doc);
    if (element == null) {
      element = fromDocument(stored.document(doc));
      decoded.put(doc, element);
    }
    return element;
  }

  private static IndexedElement fromDocument(Document d) {
    ElementKind kind = ElementKind.valueOf(d.get(KIND));
    SchemaElement element =
        new SchemaElement(
            d.get(ID),
            kind,
            d.get(TABLE),
            d.get(COLUMN),
            d.get(DETAILS),
            Set.of(d.getValues(LINKED)));
    BytesRef vector = d.getBinaryValue(VECTOR_BYTES);
    // An element indexed for lexical search alone has no vector yet: a placeholder stands in,
    // which nothing compares (nearest-neighbour searches do not find such elements).
    return new IndexedElement(
        element, EmbeddingVector.of(vector == null ? new float[] {1f} : fromBytes(vector)));
  }

  private static BytesRef toBytes(float[] vector) {
    ByteBuffer buffer =
        ByteBuffer.allocate(vector.length * Float.BYTES).order(ByteOrder.LITTLE_ENDIAN);
    buffer.asFloatBuffer().put(vector);
    return new BytesRef(buffer.array());
  }

  private static float[] fromBytes(BytesRef bytes) {
    float[] vector = new float[bytes.length / Float.BYTES];
    ByteBuffer.wrap(bytes.bytes, bytes.offset, bytes.length)
        .order(ByteOrder.LITTLE_ENDIAN)
        .asFloatBuffer()
        .get(vector);
    return vector;
  }
}
