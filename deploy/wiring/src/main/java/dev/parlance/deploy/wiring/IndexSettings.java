package dev.parlance.deploy.wiring;

import dev.parlance.adapters.index.SearchIndexes;
import dev.parlance.adapters.index.lucene.LuceneIndexes;
import dev.parlance.adapters.index.opensearch.OpenSearchIndexes;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Comparator;
import java.util.Locale;
import java.util.Optional;
import java.util.stream.Stream;

/**
 * Chooses and opens the indexes (keys in docs/design/scale.md): embedded Lucene under the home, or
 * an OpenSearch cluster whose credentials are named by environment variable, never written down.
 * The one place that knows both implementations.
 */
public record IndexSettings(ParlanceSettings settings) {

  /** {@code lucene} (embedded, the default) or {@code opensearch}. */
  public String kind() {
    String kind = settings.get("parlance.index", "lucene").toLowerCase(Locale.ROOT);
    if (!kind.equals("lucene") && !kind.equals("opensearch")) {
      throw new IllegalArgumentException(
          "parlance.index is '" + kind + "'; use lucene or opensearch");
    }
    return kind;
  }

  /** Whether the indexes are on OpenSearch. */
  public boolean isOpenSearch() {
    return kind().equals("opensearch");
  }

  /** Which indexes these are, for output: {@code lucene} or {@code opensearch URL}. */
  public String description() {
    return isOpenSearch() ? "opensearch " + settings.get("parlance.opensearch.url", "") : "lucene";
  }

  /**
   * Whether document embeddings are remembered under the home's {@code embeddings} folder, so that
   * re-indexing embeds only what changed ({@code parlance.embedding.cache}, {@code true} by
   * default).
   */
  public boolean embeddingCache() {
    return !settings.get("parlance.embedding.cache", "true").equalsIgnoreCase("false");
  }

  /** The configured indexes, opened; close them when done. */
  public SearchIndexes open() {
    ParlanceHome home = settings.home();
    return isOpenSearch()
        ? OpenSearchIndexes.connect(openSearch())
        : LuceneIndexes.open(home.index(), home.valueIndex());
  }

  /**
   * Indexes of their own for a benchmark, apart from the installation's: a directory under the
   * home's {@code scratch} folder for Lucene, indexes named {@code <prefix>-<name>-…} on
   * OpenSearch.
   */
  public SearchIndexes openScratch(String name) {
    if (isOpenSearch()) {
      return OpenSearchIndexes.connect(openSearch().withPrefix(prefix() + "-" + name));
    }
    Path directory = scratchDirectory(name);
    return LuceneIndexes.open(directory.resolve("index"), directory.resolve("values"));
  }

  /**
   * Deletes a closed benchmark's embedded indexes (on OpenSearch the benchmark removes its sources
   * itself).
   */
  public void dropScratch(String name) {
    Path directory = scratchDirectory(name);
    if (!Files.exists(directory)) {
      return;
    }
    try (Stream<Path> paths = Files.walk(directory)) {
      paths.sorted(Comparator.reverseOrder()).forEach(p -> p.toFile().delete());
    } catch (IOException e) {
      throw new UncheckedIOException("cannot delete " + directory, e);
    }
  }

  private Path scratchDirectory(String name) {
    return settings.home().root().resolve("scratch").resolve(name);
  }

  private String prefix() {
    return settings.get("parlance.opensearch.index-prefix", "parlance");
  }

  /** How to reach the OpenSearch cluster; fails with the key to set when something is missing. */
  public OpenSearchIndexes.Connection openSearch() {
    String urls =
        settings
            .value("parlance.opensearch.url")
            .orElseThrow(
                () ->
                    new IllegalArgumentException(
                        "parlance.index=opensearch needs parlance.opensearch.url"
                            + " (PARLANCE_OPENSEARCH_URL), e.g. http://localhost:9200"));
    OpenSearchIndexes.Connection connection =
        OpenSearchIndexes.Connection.to(urls).withPrefix(prefix());
    Optional<String> user = secret("parlance.opensearch.user-env");
    Optional<String> password = secret("parlance.opensearch.password-env");
    if (user.isPresent() != password.isPresent()) {
      throw new IllegalArgumentException(
          "OpenSearch basic authentication needs both parlance.opensearch.user-env and"
              + " parlance.opensearch.password-env");
    }
    if (user.isPresent()) {
      connection = connection.withCredentials(user.get(), password.get());
    }
    Optional<String> trustStore = settings.value("parlance.opensearch.truststore");
    if (trustStore.isPresent()) {
      connection =
          connection.withTrustStore(
              Path.of(trustStore.get()), secret("parlance.opensearch.truststore-password-env"));
    }
    return connection;
  }

  // A credential by reference: the key names an environment variable, which must be set.
  private Optional<String> secret(String key) {
    Optional<String> variable = settings.value(key);
    if (variable.isEmpty()) {
      return Optional.empty();
    }
    return Optional.of(
        settings
            .value(variable.get())
            .orElseThrow(
                () ->
                    new IllegalArgumentException(
                        key
                            + " names environment variable "
                            + variable.get()
                            + ", which is not set")));
  }
}
