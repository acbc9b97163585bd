package dev.parlance.adapters.index.opensearch;

import com.fasterxml.jackson.databind.JsonNode;
import dev.parlance.adapters.index.SchemaIndex;
import dev.parlance.adapters.index.SearchIndexes;
import dev.parlance.adapters.index.ValueIndex;
import java.io.IOException;
import java.io.InputStream;
import java.net.URI;
import java.nio.file.Files;
import java.nio.file.Path;
import java.security.GeneralSecurityException;
import java.security.KeyStore;
import java.util.Base64;
import java.util.List;
import java.util.Locale;
import java.util.Objects;
import java.util.Optional;
import java.util.OptionalLong;
import java.util.concurrent.TimeUnit;
import javax.net.ssl.SSLContext;
import javax.net.ssl.TrustManagerFactory;
import org.apache.hc.client5.http.config.ConnectionConfig;
import org.apache.hc.client5.http.impl.nio.PoolingAsyncClientConnectionManagerBuilder;
import org.apache.hc.client5.http.ssl.ClientTlsStrategyBuilder;
import org.apache.hc.core5.http.Header;
import org.apache.hc.core5.http.HttpHost;
import org.apache.hc.core5.http.message.BasicHeader;
import org.apache.hc.core5.util.Timeout;
import org.opensearch.client.json.jackson.JacksonJsonpMapper;
import org.opensearch.client.transport.OpenSearchTransport;
import org.opensearch.client.transport.httpclient5.ApacheHttpClient5TransportBuilder;

/**
 * The one place that connects to OpenSearch: Parlance's schema and value indexes on a cluster with
 * the k-NN plugin, over HTTP or HTTPS, with basic authentication when a user is given.
 */
public final class OpenSearchIndexes {
  private OpenSearchIndexes() {}

  /**
   * Where the cluster is and how to reach it.
   *
   * @param urls one or more nodes, e.g. {@code https://search-1:9200}; requests are spread over
   *     them
   * @param user basic-authentication user, if the cluster wants one
   * @param password the user's password
   * @param trustStore a PKCS#12 or JKS file with the certificate authorities an HTTPS cluster is
   *     trusted by; empty means the JVM's own
   * @param trustStorePassword the trust store's password, if it has one
   * @param prefix the start of every index and alias name, so that installations can share a
   *     cluster
   * @param layout how each index is laid out
   */
  public record Connection(
      List<URI> urls,
      Optional<String> user,
      Optional<String> password,
      Optional<Path> trustStore,
      Optional<String> trustStorePassword,
      String prefix,
      Layout layout) {

    public Connection {
      urls = List.copyOf(urls);
      if (urls.isEmpty()) {
        throw new IllegalArgumentException("OpenSearch needs at least one URL");
      }
      for (URI url : urls) {
        String scheme = url.getScheme() == null ? "" : url.getScheme().toLowerCase(Locale.ROOT);
        if (!scheme.equals("http") && !scheme.equals("https") || url.getHost() == null) {
          throw new IllegalArgumentException(
              "OpenSearch URL '" + url + "' is not http://HOST:PORT or https://HOST:PORT");
        }
      }
      Objects.requireNonNull(user, "user");
      Objects.requireNonNull(password, "password");
      if (user.isPresent() != password.isPresent()) {
        throw new IllegalArgumentException(
            "OpenSearch needs both a user and a password, or neither");
      }
      Objects.requireNonNull(trustStore, "trustStore");
      Objects.requireNonNull(trustStorePassword, "trustStorePassword");
      if (prefix == null || !prefix.matches("[a-z0-9][a-z0-9_-]*")) {
        throw new IllegalArgumentException(
            "the OpenSearch index prefix '"
                + prefix
                + "' must be lower-case letters, digits, '_' or '-', starting with a letter or digit");
      }
      Objects.requireNonNull(layout, "layout");
    }

    /** A node without authentication, the default layout and prefix {@code parlance}. */
    public static Connection to(String urls) {
      return new Connection(
          parseUrls(urls),
          Optional.empty(),
          Optional.empty(),
          Optional.empty(),
          Optional.empty(),
          "parlance",
          Layout.defaults());
    }

    /** {@code http://a:9200,http://b:9200} as URIs. */
    public static List<URI> parseUrls(String urls) {
      try {
        return java.util.Arrays.stream(urls.split(","))
            .map(String::strip)
            .filter(s -> !s.isEmpty())
            .map(URI::create)
            .toList();
      } catch (IllegalArgumentException e) {
        throw new IllegalArgumentException("OpenSearch URL list '" + urls + "': " + e.getMessage());
      }
    }

    public Connection withPrefix(String other) {
      return new Connection(urls, user, password, trustStore, trustStorePassword, other, layout);
    }

    public Connection withCredentials(String name, String secret) {
      return new Connection(
          urls,
          Optional.of(name),
          Optional.of(secret),
          trustStore,
          trustStorePassword,
          prefix,
          layout);
    }

    public Connection withTrustStore(Path file, Optional<String> secret) {
      return new Connection(urls, user, password, Optional.of(file), secret, prefix, layout);
    }

    String where() {
      return String.join(",", urls.stream().map(URI::toString).toList());
    }
  }

  /**
   * How each source's index is laid out.
   *
   * @param shards primary shards per index (one suits a source of up to a few million elements)
   * @param replicas OpenSearch's {@code auto_expand_replicas}, e.g. {@code 0-1}: a copy on a second
   *     node when there is one
   * @param engine the k-NN engine: {@code lucene} (measured in docs/measurements/scale.md; the
   *     Maven Central k-NN plugin ships without the native faiss library)
   */
  public record Layout(int shards, String replicas, String engine) {
    public Layout {
      if (shards < 1) {
        throw new IllegalArgumentException("an index needs at least one shard");
      }
      Objects.requireNonNull(replicas, "replicas");
      Objects.requireNonNull(engine, "engine");
    }

    public static Layout defaults() {
      return new Layout(1, "0-1", "lucene");
    }
  }

  /** Both indexes on the cluster, over one connection; close it when done. */
  public static SearchIndexes connect(Connection connection) {
    return over(
        transport(connection), connection.prefix(), connection.layout(), connection.where());
  }

  /** Both indexes over a transport built elsewhere (tests swap it). */
  public static SearchIndexes over(
      OpenSearchTransport transport, String prefix, Layout layout, String where) {
    return new ClusterIndexes(new OpenSearchCluster(transport, prefix, where), layout);
  }

  /** The cluster connection behind indexes this factory made. */
  static OpenSearchCluster clusterOf(SearchIndexes indexes) {
    return ((ClusterIndexes) indexes).cluster;
  }

  private static final class ClusterIndexes implements SearchIndexes {
    private final OpenSearchCluster cluster;
    private final SchemaIndex schema;
    private final ValueIndex values;

    ClusterIndexes(OpenSearchCluster cluster, Layout layout) {
      this.cluster = cluster;
      this.schema = new OpenSearchSchemaIndexAdapter(cluster, layout);
      this.values = new OpenSearchValueIndexAdapter(cluster, layout);
    }

    @Override
    public SchemaIndex schema() {
      return schema;
    }

    @Override
    public ValueIndex values() {
      return values;
    }

    @Override
    public Footprint footprint() {
      // Every source's indexes, served or still building.
      JsonNode stats =
          cluster
              .send(
                  "read index statistics",
                  "GET",
                  "/"
                      + cluster.allAlias(OpenSearchSchemaIndexAdapter.KIND)
                      + "-*,"
                      + cluster.allAlias(OpenSearchValueIndexAdapter.KIND)
                      + "-*/_stats/store,docs?ignore_unavailable=true&allow_no_indices=true",
                  null)
              .body()
              .path("_all")
              .path("primaries");
      JsonNode nodes =
          cluster
              .send("read node statistics", "GET", "/_nodes/stats/jvm", null)
              .body()
              .path("nodes");
      long heap = 0;
      for (JsonNode node : nodes) {
        heap += node.path("jvm").path("mem").path("heap_used_in_bytes").asLong();
      }
      return new Footprint(
          stats.path("store").path("size_in_bytes").asLong(),
          stats.path("docs").path("count").asLong(),
          OptionalLong.of(heap));
    }

    @Override
    public void close() {
      cluster.close();
    }
  }

  private static OpenSearchTransport transport(Connection c) {
    HttpHost[] hosts =
        c.urls().stream()
            .map(
                u ->
                    new HttpHost(
                        u.getScheme().toLowerCase(Locale.ROOT),
                        u.getHost(),
                        u.getPort() > 0 ? u.getPort() : 9200))
            .toArray(HttpHost[]::new);
    Optional<SSLContext> tls = c.trustStore().map(file -> sslContext(file, c.trustStorePassword()));
    var builder =
        ApacheHttpClient5TransportBuilder.builder(hosts)
            .setMapper(new JacksonJsonpMapper())
            .setHttpClientConfigCallback(
                http -> {
                  var connections =
                      PoolingAsyncClientConnectionManagerBuilder.create()
                          .setMaxConnTotal(32)
                          .setMaxConnPerRoute(16)
                          .setDefaultConnectionConfig(
                              ConnectionConfig.custom()
                                  .setConnectTimeout(Timeout.of(5, TimeUnit.SECONDS))
                                  .setSocketTimeout(Timeout.of(300, TimeUnit.SECONDS))
                                  .build());
                  tls.ifPresent(
                      ssl ->
                          connections.setTlsStrategy(
                              ClientTlsStrategyBuilder.create().setSslContext(ssl).buildAsync()));
                  // No gzip: compressing a search's documents (vectors as JSON numbers, ~5 KB
                  // each) cost OpenSearch ~10 ms per 100 here, four times what the smaller answer
                  // saves on a 1 Gbit/s link (docs/measurements/scale.md, "A million columns").
                  return http.setConnectionManager(connections.build()).disableContentCompression();
                })
            .setRequestConfigCallback(
                request -> request.setResponseTimeout(Timeout.of(300, TimeUnit.SECONDS)));
    if (c.user().isPresent()) {
      // Sent with every request: OpenSearch's security plugin answers an unauthenticated request
      // with 401, so waiting for the challenge would only cost a round trip.
      String token =
          Base64.getEncoder()
              .encodeToString(
                  (c.user().get() + ":" + c.password().orElseThrow())
                      .getBytes(java.nio.charset.StandardCharsets.UTF_8));
      builder.setDefaultHeaders(new Header[] {new BasicHeader("Authorization", "Basic " + token)});
    }
    return builder.build();
  }

  private static SSLContext sslContext(Path file, Optional<String> password) {
    char[] secret = password.map(String::toCharArray).orElse(null);
    try (InputStream in = Files.newInputStream(file)) {
      KeyStore store =
          KeyStore.getInstance(
              file.toString().toLowerCase(Locale.ROOT).endsWith(".jks") ? "JKS" : "PKCS12");
      store.load(in, secret);
      TrustManagerFactory trust =
          TrustManagerFactory.getInstance(TrustManagerFactory.getDefaultAlgorithm());
      trust.init(store);
      SSLContext context = SSLContext.getInstance("TLS");
      context.init(null, trust.getTrustManagers(), null);
      return context;
    } catch (IOException | GeneralSecurityException e) {
      throw new IllegalArgumentException(
          "cannot read the OpenSearch trust store " + file + ": " + e.getMessage(), e);
    }
  }
}
