package dev.parlance.adapters.index.opensearch;

import com.fasterxml.jackson.core.JsonGenerator;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.parlance.adapters.index.SchemaIndex;
import dev.parlance.domain.retrieval.ElementHit;
import dev.parlance.domain.retrieval.ElementKind;
import dev.parlance.domain.retrieval.EmbeddingVector;
import dev.parlance.domain.retrieval.IndexedElement;
import dev.parlance.domain.retrieval.SchemaElement;
import dev.parlance.domain.retrieval.SchemaElements;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.util.ArrayList;
import java.util.Collection;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Locale;
import java.util.Optional;
import java.util.Set;
import java.util.function.DoubleUnaryOperator;

/**
 * Schema elements in OpenSearch: one index per source with an HNSW graph over the embeddings
 * ({@code knn_vector}, cosine, Lucene engine) and BM25 over the element's words (English analysis,
 * as the embedded index). A source is replaced by building a new index and moving its alias ({@link
 * OpenSearchCluster#rebuild}).
 */
final class OpenSearchSchemaIndexAdapter implements SchemaIndex {

  static final String KIND = "schema";

  // Documents per bulk request: ~2 MB with 384-dimensional vectors.
  private static final int BULK = 500;
  // The most documents one search returns; columnsOf reads whole tables.
  private static final int MAX_RESULTS = 50_000;

  // A missing alias (a source never indexed) finds nothing rather than failing.
  private static final String SEARCH = "/_search?ignore_unavailable=true&allow_no_indices=true";

  // Decoded elements kept, at about 2 KB each with 384-dimensional vectors.
  private static final int DECODED = 50_000;

  private final OpenSearchCluster cluster;
  private final OpenSearchIndexes.Layout layout;
  private final java.util.Map<String, Decoded> decoded =
      new java.util.LinkedHashMap<>(1024, 0.75f, true) {
        @Override
        protected boolean removeEldestEntry(java.util.Map.Entry<String, Decoded> eldest) {
          return size() > DECODED;
        }
      };

  OpenSearchSchemaIndexAdapter(OpenSearchCluster cluster, OpenSearchIndexes.Layout layout) {
    this.cluster = cluster;
    this.layout = layout;
  }

  @Override
  public void replace(String source, String model, List<IndexedElement> elements) {
    int dimension = elements.isEmpty() ? 0 : elements.getFirst().vector().dimension();
    cluster.rebuild(
        KIND,
        source,
        // An empty source stays out of the search over all sources: it has no vectors to search.
        !elements.isEmpty(),
        definition(
            source,
            model,
            elements.size(),
            dimension,
            SchemaElements.fingerprint(
                model, elements.stream().map(IndexedElement::element).toList())),
        index -> {
          for (int from = 0; from < elements.size(); from += BULK) {
            List<IndexedElement> chunk =
                elements.subList(from, Math.min(elements.size(), from + BULK));
            cluster.bulk(
                "index source " + source,
                index,
                ndjson(source, chunk),
                i -> "element " + chunk.get(i).element().id());
          }
        });
  }

  private ObjectNode definition(
      String source, String model, int count, int dimension, String fingerprint) {
    ObjectNode definition = OpenSearchCluster.settings(layout.shards(), layout.replicas());
    ObjectNode index = (ObjectNode) definition.path("settings").path("index");
    index.put("knn", true);
    index.put("max_result_window", MAX_RESULTS);
    ObjectNode mappings = definition.putObject("mappings");
    mappings.put("dynamic", "strict");
    ObjectNode meta = mappings.putObject("_meta");
    meta.put("source", source);
    meta.put("model", model);
    meta.put("elements", count);
    meta.put("fingerprint", fingerprint);
    // The words are for matching only: they are derived from the element, not returned.
    // Nothing is left out of _source: a mapping that leaves fields out makes OpenSearch keep the
    // whole original document besides (_recovery_source), vectors as JSON numbers included. The
    // k-NN plugin's derived source keeps the vector once, in the vector files, and puts it back
    // into _source when a document is read.
    ObjectNode properties = mappings.putObject("properties");
    for (String keyword : List.of("source", "id", "kind", "table_id")) {
      properties.putObject(keyword).put("type", "keyword");
    }
    for (String stored : List.of("table", "column", "linked")) {
      properties
          .putObject(stored)
          .put("type", "keyword")
          .put("index", false)
          .put("doc_values", false);
    }
    properties.putObject("details").put("type", "text").put("index", false);
    properties.putObject("text").put("type", "text").put("analyzer", "english");
    if (dimension > 0) {
      ObjectNode vector = properties.putObject("vector");
      vector.put("type", "knn_vector");
      vector.put("dimension", dimension);
      vector.put("space_type", "cosinesimil");
      ObjectNode method = vector.putObject("method");
      method.put("name", "hnsw");
      method.put("engine", layout.engine());
      // Lucene's own defaults, so that both indexes build the same kind of graph.
      method.putObject("parameters").put("m", 16).put("ef_construction", 100);
    }
    return definition;
  }

  private static byte[] ndjson(String source, List<IndexedElement> chunk) {
    ByteArrayOutputStream out = new ByteArrayOutputStream(chunk.size() * 4096);
    try (JsonGenerator json = OpenSearchCluster.JSON.getFactory().createGenerator(out)) {
      for (IndexedElement indexed : chunk) {
        SchemaElement e = indexed.element();
        json.writeStartObject();
        json.writeObjectFieldStart("index");
        json.writeEndObject();
        json.writeEndObject();
        json.writeRaw('\n');
        json.writeStartObject();
        json.writeStringField("source", source);
        json.writeStringField("id", e.id());
        json.writeStringField("kind", e.kind().name());
        json.writeStringField("table_id", e.tableId());
        json.writeStringField("table", e.table());
        json.writeStringField("column", e.column());
        json.writeStringField("details", e.details());
        json.writeArrayFieldStart("linked");
        for (String link : e.linked()) {
          json.writeString(link);
        }
        json.writeEndArray();
        json.writeStringField("text", e.searchText());
        float[] vector = indexed.vector().toArray();
        json.writeArrayFieldStart("vector");
        for (float v : vector) {
          json.writeNumber(v);
        }
        json.writeEndArray();
        json.writeEndObject();
        json.writeRaw('\n');
      }
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
    return out.toByteArray();
  }

  @Override
  public void remove(String source) {
    cluster.drop(KIND, source);
  }

  @Override
  public Optional<IndexStatus> status(String source) {
    return cluster
        .meta(cluster.alias(KIND, source))
        .map(
            meta ->
                new IndexStatus(
                    source,
                    meta.path("model").asText(),
                    meta.path("elements").asInt(),
                    meta.path("fingerprint").asText()));
  }

  @Override
  public List<ElementHit> nearest(String source, ElementKind kind, EmbeddingVector query, int k) {
    OpenSearchCluster.Reply reply =
        cluster.send(
            "search source " + source,
            "POST",
            "/" + cluster.alias(KIND, source) + SEARCH,
            knn(kind, query, k),
            400);
    return knnHits(source, reply.body());
  }

  @Override
  public List<List<ElementHit>> nearestEach(
      String source, ElementKind kind, List<EmbeddingVector> queries, int k) {
    if (queries.isEmpty()) {
      return List.of();
    }
    ByteArrayOutputStream body = new ByteArrayOutputStream();
    try {
      ObjectNode header = OpenSearchCluster.JSON.createObjectNode();
      header.put("index", cluster.alias(KIND, source));
      header.put("ignore_unavailable", true);
      header.put("allow_no_indices", true);
      byte[] head = OpenSearchCluster.JSON.writeValueAsBytes(header);
      for (EmbeddingVector query : queries) {
        body.write(head);
        body.write('\n');
        body.write(OpenSearchCluster.JSON.writeValueAsBytes(knn(kind, query, k)));
        body.write('\n');
      }
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
    JsonNode responses =
        cluster
            .ndjson("search source " + source, "POST", "/_msearch", body.toByteArray())
            .body()
            .path("responses");
    List<List<ElementHit>> out = new ArrayList<>(queries.size());
    for (JsonNode response : responses) {
      out.add(knnHits(source, response));
    }
    return out;
  }

  // A search's hits; a source indexed with no element has no vector field, so nothing is near.
  private List<ElementHit> knnHits(String source, JsonNode response) {
    if (response.has("error")) {
      String reason = OpenSearchCluster.reason(response.path("error"));
      if (reason.contains("not knn_vector type")) {
        return List.of();
      }
      throw new OpenSearchFailedException(
          "OpenSearch at "
              + cluster.where()
              + " refused to search source "
              + source
              + ": "
              + reason);
    }
    return hits(response.path("hits").path("hits"), s -> 2.0 * s - 1.0);
  }

  @Override
  public List<ElementHit> matching(String source, ElementKind kind, String text, int k) {
    Optional<ObjectNode> query = words(kind, text, k);
    if (query.isEmpty()) {
      return List.of();
    }
    return hits(
        search("search source " + source, cluster.alias(KIND, source), query.get()), s -> s);
  }

  @Override
  public List<SourcedHit> nearestInAnySource(ElementKind kind, EmbeddingVector query, int k) {
    return sourced(
        search("search every source", cluster.allAlias(KIND), knn(kind, query, k)),
        s -> 2.0 * s - 1.0);
  }

  @Override
  public List<SourcedHit> matchingInAnySource(ElementKind kind, String text, int k) {
    Optional<ObjectNode> query = words(kind, text, k);
    if (query.isEmpty()) {
      return List.of();
    }
    return sourced(search("search every source", cluster.allAlias(KIND), query.get()), s -> s);
  }

  @Override
  public List<IndexedElement> byIds(String source, Collection<String> ids) {
    if (ids.isEmpty()) {
      return List.of();
    }
    return elementsWhere(source, "id", ids, null);
  }

  @Override
  public List<IndexedElement> columnsOf(String source, Collection<String> tableIds) {
    if (tableIds.isEmpty()) {
      return List.of();
    }
    return elementsWhere(source, "table_id", tableIds, ElementKind.COLUMN);
  }

  private List<IndexedElement> elementsWhere(
      String source, String field, Collection<String> values, ElementKind kind) {
    ObjectNode body = OpenSearchCluster.JSON.createObjectNode();
    body.put("size", MAX_RESULTS);
    body.put("_source", false);
    ArrayNode filter = body.putObject("query").putObject("bool").putArray("filter");
    ArrayNode terms = filter.addObject().putObject("terms").putArray(field);
    values.forEach(terms::add);
    if (kind != null) {
      filter.addObject().putObject("term").put("kind", kind.name());
    }
    return hits(search("read source " + source, cluster.alias(KIND, source), body), s -> s).stream()
        .map(ElementHit::indexed)
        .toList();
  }

  private static ObjectNode knn(ElementKind kind, EmbeddingVector query, int k) {
    ObjectNode body = OpenSearchCluster.JSON.createObjectNode();
    body.put("size", k);
    body.put("_source", false);
    ObjectNode knn = body.putObject("query").putObject("knn").putObject("vector");
    ArrayNode vector = knn.putArray("vector");
    for (float v : query.toArray()) {
      vector.add(v);
    }
    knn.put("k", k);
    knn.putObject("filter").putObject("term").put("kind", kind.name());
    return body;
  }

  // BM25 over the text's words, each word once (as the embedded index's term set); empty when the
  // text has no word at all.
  private static Optional<ObjectNode> words(ElementKind kind, String text, int k) {
    Set<String> words = new LinkedHashSet<>();
    for (String w : text.toLowerCase(Locale.ROOT).split("[^\\p{L}\\p{N}]+")) {
      if (!w.isEmpty()) {
        words.add(w);
      }
    }
    if (words.isEmpty()) {
      return Optional.empty();
    }
    ObjectNode body = OpenSearchCluster.JSON.createObjectNode();
    body.put("size", k);
    body.put("_source", false);
    ObjectNode bool = body.putObject("query").putObject("bool");
    bool.putObject("must")
        .putObject("match")
        .putObject("text")
        .put("query", String.join(" ", words));
    bool.putObject("filter").putObject("term").put("kind", kind.name());
    return Optional.of(body);
  }

  private JsonNode search(String what, String target, ObjectNode body) {
    return cluster.send(what, "POST", "/" + target + SEARCH, body).body().path("hits").path("hits");
  }

  private List<ElementHit> hits(JsonNode hits, DoubleUnaryOperator toScore) {
    List<Decoded> elements = decode(hits);
    List<ElementHit> out = new ArrayList<>(elements.size());
    for (int i = 0; i < hits.size(); i++) {
      if (elements.get(i) != null) {
        out.add(
            new ElementHit(
                elements.get(i).element(),
                toScore.applyAsDouble(hits.get(i).path("_score").asDouble())));
      }
    }
    return out;
  }

  private List<SourcedHit> sourced(JsonNode hits, DoubleUnaryOperator toScore) {
    List<Decoded> elements = decode(hits);
    List<SourcedHit> out = new ArrayList<>(elements.size());
    for (int i = 0; i < hits.size(); i++) {
      Decoded d = elements.get(i);
      if (d != null) {
        out.add(
            new SourcedHit(
                d.source(),
                new ElementHit(
                    d.element(), toScore.applyAsDouble(hits.get(i).path("_score").asDouble()))));
      }
    }
    return out;
  }

  /** An element as decoded from its document, with the source it belongs to. */
  private record Decoded(String source, IndexedElement element) {}

  // Searches return document ids only. A served index never changes (a build makes a new one),
  // so a document decoded once is remembered by index and id, and fetched only the first time:
  // most of a warm service's hits cost no transfer of text and vectors at all. A document gone
  // in between (its index replaced by a newer build) is left out.
  private List<Decoded> decode(JsonNode hits) {
    List<Decoded> out = new ArrayList<>(hits.size());
    List<String> missing = new ArrayList<>();
    ArrayNode docs = OpenSearchCluster.JSON.createArrayNode();
    synchronized (decoded) {
      for (JsonNode hit : hits) {
        String key = hit.path("_index").asText() + "/" + hit.path("_id").asText();
        Decoded d = decoded.get(key);
        out.add(d);
        if (d == null) {
          missing.add(key);
          docs.addObject()
              .put("_index", hit.path("_index").asText())
              .put("_id", hit.path("_id").asText());
        }
      }
    }
    if (missing.isEmpty()) {
      return out;
    }
    ObjectNode body = OpenSearchCluster.JSON.createObjectNode();
    body.set("docs", docs);
    JsonNode found = cluster.send("read elements", "POST", "/_mget", body).body().path("docs");
    java.util.Map<String, Decoded> fresh = new java.util.HashMap<>();
    for (JsonNode doc : found) {
      if (doc.path("found").asBoolean(false)) {
        JsonNode source = doc.path("_source");
        fresh.put(
            doc.path("_index").asText() + "/" + doc.path("_id").asText(),
            new Decoded(source.path("source").asText(), element(source)));
      }
    }
    synchronized (decoded) {
      decoded.putAll(fresh);
    }
    for (int i = 0; i < out.size(); i++) {
      if (out.get(i) == null) {
        String key = hits.get(i).path("_index").asText() + "/" + hits.get(i).path("_id").asText();
        out.set(i, fresh.get(key));
      }
    }
    return out;
  }

  private static IndexedElement element(JsonNode d) {
    Set<String> linked = new LinkedHashSet<>();
    d.path("linked").forEach(l -> linked.add(l.asText()));
    SchemaElement element =
        new SchemaElement(
            d.path("id").asText(),
            ElementKind.valueOf(d.path("kind").asText()),
            d.path("table").asText(),
            d.path("column").asText(),
            d.path("details").asText(),
            linked);
    JsonNode values = d.path("vector");
    float[] vector = new float[values.size()];
    for (int i = 0; i < vector.length; i++) {
      vector[i] = (float) values.get(i).asDouble();
    }
    return new IndexedElement(element, EmbeddingVector.of(vector));
  }
}
