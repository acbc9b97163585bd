package dev.parlance.adapters.index.opensearch;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ObjectNode;
import java.io.IOException;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.time.Instant;
import java.util.ArrayList;
import java.util.HexFormat;
import java.util.List;
import java.util.Locale;
import java.util.Optional;
import java.util.concurrent.ThreadLocalRandom;
import java.util.regex.Pattern;
import org.opensearch.client.opensearch.generic.Body;
import org.opensearch.client.opensearch.generic.OpenSearchGenericClient;
import org.opensearch.client.opensearch.generic.Requests;
import org.opensearch.client.opensearch.generic.Response;
import org.opensearch.client.transport.OpenSearchTransport;
import org.opensearch.client.transport.httpclient5.ResponseException;

/**
 * One connection to an OpenSearch cluster as the index adapters use it: requests as JSON, failures
 * as {@link OpenSearchFailedException}, and the naming and life cycle of Parlance's indexes.
 *
 * <p>Each source has one concrete index per kind ({@code schema}, {@code values}), named {@code
 * <prefix>-<kind>-<source>.<build>}, reached through the alias {@code <prefix>-<kind>-<source>};
 * every source's index is also behind {@code <prefix>-<kind>}, to search all sources at once. A
 * build writes a new index and then moves both aliases in one request, so readers see the old index
 * or the new one, never a half-built one.
 */
final class OpenSearchCluster implements AutoCloseable {

  static final ObjectMapper JSON = new ObjectMapper();

  private static final Pattern UNSAFE = Pattern.compile("[^a-z0-9_-]");

  /** How often a build tries to switch its alias while other builds delete what it names. */
  private static final int SWITCH_ATTEMPTS = 3;

  private static final String NDJSON = "application/x-ndjson";
  private static final String JSON_TYPE = "application/json";

  private final OpenSearchTransport transport;
  private final OpenSearchGenericClient client;
  private final String prefix;
  private final String where;

  /** A reply: its HTTP status and JSON body ({@code null} when it had none). */
  record Reply(int status, JsonNode body) {
    boolean found() {
      return status != 404;
    }
  }

  /**
   * @param prefix the first part of every index and alias name, so that several installations can
   *     share a cluster
   * @param where the cluster's address, for messages
   */
  OpenSearchCluster(OpenSearchTransport transport, String prefix, String where) {
    this.transport = transport;
    this.client = new OpenSearchGenericClient(transport);
    this.prefix = prefix;
    this.where = where;
  }

  String where() {
    return where;
  }

  // ---- names

  /** The alias a source's current index of a kind is reached by. */
  String alias(String kind, String source) {
    return prefix + "-" + kind + "-" + key(source);
  }

  /** The alias over every source's index of a kind. */
  String allAlias(String kind) {
    return prefix + "-" + kind;
  }

  /** The name of a new concrete index for a source: later builds sort after earlier ones. */
  String newIndex(String kind, String source) {
    return alias(kind, source)
        + "."
        + String.format(
            Locale.ROOT,
            "%013d%04d",
            Instant.now().toEpochMilli(),
            ThreadLocalRandom.current().nextInt(10_000));
  }

  /**
   * A source name as index names allow it: lower-case letters, digits, {@code _} and {@code -};
   * when that changes the name, a hash of the original keeps different sources apart. Never
   * contains a dot, which separates the build from the name.
   */
  static String key(String source) {
    String lower = source.toLowerCase(Locale.ROOT);
    String safe = UNSAFE.matcher(lower).replaceAll("_");
    if (safe.equals(source) && !safe.startsWith("_") && !safe.startsWith("-")) {
      return safe;
    }
    return "s" + safe + "-" + sha1(source).substring(0, 8);
  }

  private static String sha1(String text) {
    try {
      return HexFormat.of()
          .formatHex(
              MessageDigest.getInstance("SHA-1").digest(text.getBytes(StandardCharsets.UTF_8)));
    } catch (NoSuchAlgorithmException e) {
      throw new IllegalStateException(e);
    }
  }

  // ---- index life cycle

  /** Fills a new concrete index with documents. */
  @FunctionalInterface
  interface Filler {
    void fill(String index);
  }

  /**
   * Builds a source's index of a kind anew and makes it the one served. When anything fails, the
   * new index is deleted and the old one keeps serving.
   *
   * @param searchedWithAll whether the index joins the alias over all sources
   * @param definition the new index's settings and mappings
   */
  void rebuild(
      String kind, String source, boolean searchedWithAll, ObjectNode definition, Filler filler) {
    String alias = alias(kind, source);
    String index = newIndex(kind, source);
    send("create index " + index, "PUT", "/" + index, definition);
    try {
      filler.fill(index);
      // A served index never changes: one segment makes each search one graph walk.
      send(
          "merge index " + index,
          "POST",
          "/" + index + "/_forcemerge?max_num_segments=1&flush=true",
          null);
      send("refresh index " + index, "POST", "/" + index + "/_refresh", null);
      if (!switchTo(kind, alias, index, searchedWithAll)) {
        // A later build of the same source finished first: it is newer, ours is obsolete.
        deleteQuietly(List.of(index));
        return;
      }
    } catch (RuntimeException e) {
      deleteQuietly(List.of(index));
      if (servedByNewer(alias, index)) {
        // A newer build of the same source (another instance's) finished meanwhile and removed
        // this one with the older builds: the newer one serves, which is what this build was for.
        return;
      }
      throw e;
    }
    // Earlier builds, served until now, and any a crash left half-built.
    deleteQuietly(concreteIndexes(alias).stream().filter(i -> i.compareTo(index) < 0).toList());
  }

  /**
   * Points the source's alias (and the alias over all sources) at a freshly built index, unless a
   * newer build of the same source exists. Several instances may build one source at once (each
   * server indexes missing sources at start): the alias actions name the older builds by wildcard,
   * and one that another instance deletes between resolving and applying answers 404, so the check
   * and the switch are tried again.
   *
   * @return false when a newer build exists (this one is obsolete)
   */
  private boolean switchTo(String kind, String alias, String index, boolean searchedWithAll) {
    for (int attempt = 1; ; attempt++) {
      if (concreteIndexes(alias).stream().anyMatch(other -> other.compareTo(index) > 0)) {
        return false;
      }
      ObjectNode actions = JSON.createObjectNode();
      var list = actions.putArray("actions");
      for (String name : List.of(alias, allAlias(kind))) {
        ObjectNode remove = list.addObject().putObject("remove");
        remove.put("index", alias + ".*");
        remove.put("alias", name);
        remove.put("must_exist", false);
      }
      for (String name : searchedWithAll ? List.of(alias, allAlias(kind)) : List.of(alias)) {
        ObjectNode add = list.addObject().putObject("add");
        add.put("index", index);
        add.put("alias", name);
      }
      String what = "switch " + alias + " to " + index;
      if (send(what, "POST", "/_aliases", actions, 404).found()) {
        return true;
      }
      if (attempt == SWITCH_ATTEMPTS) {
        throw new OpenSearchFailedException(
            "OpenSearch at "
                + where
                + " refused to "
                + what
                + ": an index it named was deleted meanwhile, "
                + SWITCH_ATTEMPTS
                + " times");
      }
    }
  }

  /** Whether the alias serves an index built after {@code index}. */
  private boolean servedByNewer(String alias, String index) {
    Reply reply = send("read the alias " + alias, "GET", "/_alias/" + alias, null, 404);
    if (!reply.found() || reply.body() == null) {
      return false;
    }
    for (var served = reply.body().fieldNames(); served.hasNext(); ) {
      if (served.next().compareTo(index) > 0) {
        return true;
      }
    }
    return false;
  }

  /** Deletes every index of a source's kind; nothing happens if it has none. */
  void drop(String kind, String source) {
    List<String> indexes = concreteIndexes(alias(kind, source));
    if (!indexes.isEmpty()) {
      send("delete " + indexes, "DELETE", "/" + String.join(",", indexes), null);
    }
  }

  /** The {@code _meta} of the index an alias serves, if the alias exists. */
  Optional<JsonNode> meta(String alias) {
    Reply reply = send("read the mapping of " + alias, "GET", "/" + alias + "/_mapping", null, 404);
    if (!reply.found() || reply.body() == null || !reply.body().fields().hasNext()) {
      return Optional.empty();
    }
    JsonNode mapping = reply.body().fields().next().getValue().path("mappings");
    JsonNode meta = mapping.path("_meta");
    return meta.isMissingNode() ? Optional.empty() : Optional.of(meta);
  }

  /** Concrete indexes of a source's kind, built or half-built, oldest first. */
  List<String> concreteIndexes(String alias) {
    Reply reply =
        send(
            "list the indexes of " + alias,
            "GET",
            "/_cat/indices/" + alias + ".*?format=json&h=index&expand_wildcards=all",
            null,
            404);
    List<String> names = new ArrayList<>();
    if (reply.found() && reply.body() != null) {
      reply.body().forEach(row -> names.add(row.path("index").asText()));
    }
    names.sort(null);
    return names;
  }

  private void deleteQuietly(List<String> indexes) {
    if (indexes.isEmpty()) {
      return;
    }
    try {
      send("delete " + indexes, "DELETE", "/" + String.join(",", indexes), null, 404);
    } catch (OpenSearchFailedException ignored) {
      // Left behind, it is removed by the source's next build.
    }
  }

  // ---- requests

  /**
   * Sends documents in one bulk request and fails, naming the first refused document and its
   * reason, when any of them was refused.
   *
   * @param describe what the n-th document is, for the message
   */
  void bulk(
      String what, String index, byte[] ndjson, java.util.function.IntFunction<String> describe) {
    Reply reply = ndjson(what, "POST", "/" + index + "/_bulk", ndjson);
    if (!reply.body().path("errors").asBoolean(false)) {
      return;
    }
    JsonNode items = reply.body().path("items");
    int failed = 0;
    String first = null;
    for (int i = 0; i < items.size(); i++) {
      JsonNode result = items.get(i).elements().next();
      if (result.has("error")) {
        failed++;
        if (first == null) {
          first = describe.apply(i) + ": " + reason(result.path("error"));
        }
      }
    }
    throw new OpenSearchFailedException(
        "OpenSearch at "
            + where
            + " refused "
            + failed
            + " of "
            + items.size()
            + " documents to "
            + what
            + "; the first, "
            + first);
  }

  /** A request with a body of JSON lines (bulk, multi-search); any status but 2xx fails. */
  Reply ndjson(String what, String method, String endpoint, byte[] lines) {
    return send(what, method, endpoint, lines, NDJSON);
  }

  /** A JSON request; any status but 2xx and {@code accepted} fails. */
  Reply send(String what, String method, String endpoint, JsonNode body, int... accepted) {
    byte[] bytes;
    try {
      bytes = body == null ? null : JSON.writeValueAsBytes(body);
    } catch (IOException e) {
      throw new IllegalStateException(e);
    }
    return send(what, method, endpoint, bytes, JSON_TYPE, accepted);
  }

  private Reply send(
      String what, String method, String endpoint, byte[] body, String type, int... accepted) {
    var request = Requests.builder().method(method).endpoint(endpoint);
    if (body != null) {
      request.body(Body.from(body, type));
    }
    try (Response response = client.execute(request.build())) {
      int status = response.getStatus();
      JsonNode json = null;
      Optional<Body> content = response.getBody();
      if (content.isPresent()) {
        try (Body b = content.get();
            InputStream in = b.body()) {
          byte[] bytes = in.readAllBytes();
          json = bytes.length == 0 ? null : JSON.readTree(bytes);
        }
      }
      if (status / 100 == 2 || contains(accepted, status)) {
        return new Reply(status, json);
      }
      throw new OpenSearchFailedException(refusal(what, status, json));
    } catch (IOException e) {
      ResponseException refused = refusedBy(e);
      if (refused != null) {
        // The transport answers some statuses (401, 403, …) with an exception: still a refusal,
        // whose message ends with the response body, OpenSearch's error object.
        JsonNode json = errorBody(refused.getMessage());
        if (contains(accepted, refused.status())) {
          return new Reply(refused.status(), json);
        }
        throw new OpenSearchFailedException(refusal(what, refused.status(), json), e);
      }
      throw new OpenSearchFailedException(
          "cannot reach OpenSearch at " + where + " to " + what + ": " + message(e), e);
    } catch (RuntimeException e) {
      if (e instanceof OpenSearchFailedException) {
        throw e;
      }
      throw new OpenSearchFailedException(
          "OpenSearch at " + where + " failed to " + what + ": " + message(e), e);
    }
  }

  private static ResponseException refusedBy(Throwable e) {
    for (Throwable t = e; t != null; t = t.getCause() == t ? null : t.getCause()) {
      if (t instanceof ResponseException r) {
        return r;
      }
    }
    return null;
  }

  private static JsonNode errorBody(String message) {
    String text = message == null ? "" : message;
    int line = text.indexOf("status line");
    int brace = line < 0 ? -1 : text.indexOf('{', line);
    if (brace < 0) {
      return null;
    }
    try {
      return JSON.readTree(text.substring(brace));
    } catch (IOException unreadable) {
      return null;
    }
  }

  private String refusal(String what, int status, JsonNode json) {
    String reason =
        json == null ? "" : json.has("error") ? reason(json.path("error")) : json.toString();
    String hint =
        switch (status) {
          case 401 -> " (check the user and password of parlance.opensearch.user-env/password-env)";
          case 403 -> " (the user lacks a permission on Parlance's indexes)";
          default -> "";
        };
    return "OpenSearch at "
        + where
        + " refused to "
        + what
        + " (HTTP "
        + status
        + ")"
        + (reason.isEmpty() ? "" : ": " + reason)
        + hint;
  }

  // OpenSearch's error object: its type and reason, and the root cause's when it differs.
  static String reason(JsonNode error) {
    if (error.isTextual()) {
      return error.asText();
    }
    String reason = error.path("type").asText("") + " " + error.path("reason").asText("");
    JsonNode cause = error.path("caused_by");
    if (!cause.isMissingNode()) {
      reason += " (" + cause.path("reason").asText(cause.path("type").asText()) + ")";
    }
    return reason.strip();
  }

  private static String message(Throwable e) {
    Throwable root = e;
    while (root.getCause() != null && root.getCause() != root) {
      root = root.getCause();
    }
    String text = root.getMessage() == null ? root.getClass().getSimpleName() : root.getMessage();
    return text.replaceAll("\\s+", " ").strip();
  }

  private static boolean contains(int[] values, int value) {
    for (int v : values) {
      if (v == value) {
        return true;
      }
    }
    return false;
  }

  /** Index settings every Parlance index shares. */
  static ObjectNode settings(int shards, String replicas) {
    ObjectNode definition = JSON.createObjectNode();
    ObjectNode index = definition.putObject("settings").putObject("index");
    index.put("number_of_shards", shards);
    index.put("auto_expand_replicas", replicas);
    // A build is refreshed once, when it is complete; a served index never changes.
    index.put("refresh_interval", "-1");
    return definition;
  }

  @Override
  public void close() {
    try {
      transport.close();
    } catch (IOException e) {
      throw new OpenSearchFailedException("cannot close the connection to " + where, e);
    }
  }
}
