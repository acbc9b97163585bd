package dev.parlance.adapters.index.opensearch;

import com.fasterxml.jackson.core.JsonGenerator;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.parlance.adapters.index.ValueIndex;
import dev.parlance.domain.values.ColumnValue;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Optional;

/**
 * Distinct column values in OpenSearch, one index per source, searched by shared character trigrams
 * with an exact match boosted (as the embedded value index); replaced by building a new index and
 * moving its alias.
 */
final class OpenSearchValueIndexAdapter implements ValueIndex {

  static final String KIND = "values";

  private static final int BULK = 2_000;

  private final OpenSearchCluster cluster;
  private final OpenSearchIndexes.Layout layout;

  OpenSearchValueIndexAdapter(OpenSearchCluster cluster, OpenSearchIndexes.Layout layout) {
    this.cluster = cluster;
    this.layout = layout;
  }

  @Override
  public void replace(String source, List<ColumnValue> values) {
    cluster.rebuild(
        KIND,
        source,
        true,
        definition(source, values.size()),
        index -> {
          for (int from = 0; from < values.size(); from += BULK) {
            List<ColumnValue> chunk = values.subList(from, Math.min(values.size(), from + BULK));
            cluster.bulk(
                "index the values of source " + source,
                index,
                ndjson(source, chunk),
                i -> "value " + chunk.get(i).columnId() + " = " + chunk.get(i).value());
          }
        });
  }

  private ObjectNode definition(String source, int count) {
    ObjectNode definition = OpenSearchCluster.settings(layout.shards(), layout.replicas());
    ObjectNode analysis =
        ((ObjectNode) definition.path("settings").path("index")).putObject("analysis");
    // Every character counts, spaces included, as in the embedded index's trigrams.
    analysis
        .putObject("tokenizer")
        .putObject("trigrams")
        .put("type", "ngram")
        .put("min_gram", 3)
        .put("max_gram", 3)
        .putArray("token_chars");
    ObjectNode analyzer = analysis.putObject("analyzer").putObject("trigrams");
    analyzer.put("type", "custom").put("tokenizer", "trigrams");
    analyzer.putArray("filter").add("lowercase");
    ObjectNode mappings = definition.putObject("mappings");
    mappings.put("dynamic", "strict");
    mappings.putObject("_meta").put("source", source).put("values", count);
    ObjectNode properties = mappings.putObject("properties");
    properties.putObject("source").put("type", "keyword");
    for (String stored : List.of("table", "column", "value")) {
      properties
          .putObject(stored)
          .put("type", "keyword")
          .put("index", false)
          .put("doc_values", false);
    }
    properties.putObject("grams").put("type", "text").put("analyzer", "trigrams");
    properties.putObject("exact").put("type", "keyword").put("ignore_above", 2_000);
    return definition;
  }

  private static byte[] ndjson(String source, List<ColumnValue> chunk) {
    ByteArrayOutputStream out = new ByteArrayOutputStream(chunk.size() * 128);
    try (JsonGenerator json = OpenSearchCluster.JSON.getFactory().createGenerator(out)) {
      for (ColumnValue v : chunk) {
        json.writeRaw("{\"index\":{}}\n");
        json.writeStartObject();
        json.writeStringField("source", source);
        json.writeStringField("table", v.table());
        json.writeStringField("column", v.column());
        json.writeStringField("value", v.value());
        json.writeStringField("grams", v.value());
        json.writeStringField("exact", normal(v.value()));
        json.writeEndObject();
        json.writeRaw('\n');
      }
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
    return out.toByteArray();
  }

  @Override
  public Optional<Integer> count(String source) {
    return cluster.meta(cluster.alias(KIND, source)).map(meta -> meta.path("values").asInt());
  }

  @Override
  public List<ColumnValue> candidates(String source, String phrase, int k) {
    ObjectNode body = OpenSearchCluster.JSON.createObjectNode();
    body.put("size", k);
    ObjectNode bool = body.putObject("query").putObject("bool");
    ArrayNode should = bool.putArray("should");
    should
        .addObject()
        .putObject("term")
        .putObject("exact")
        .put("value", normal(phrase))
        .put("boost", 10);
    should.addObject().putObject("match").putObject("grams").put("query", phrase);
    bool.put("minimum_should_match", 1);
    JsonNode hits =
        cluster
            .send(
                "search the values of source " + source,
                "POST",
                "/"
                    + cluster.alias(KIND, source)
                    + "/_search?ignore_unavailable=true&allow_no_indices=true",
                body)
            .body()
            .path("hits")
            .path("hits");
    List<ColumnValue> out = new ArrayList<>(hits.size());
    for (JsonNode hit : hits) {
      JsonNode d = hit.path("_source");
      out.add(
          new ColumnValue(
              d.path("table").asText(), d.path("column").asText(), d.path("value").asText()));
    }
    return out;
  }

  private static String normal(String text) {
    return text.strip().toLowerCase(Locale.ROOT);
  }
}
