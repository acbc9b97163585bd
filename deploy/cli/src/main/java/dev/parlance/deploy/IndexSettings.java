package dev.parlance.deploy;

import dev.parlance.adapters.index.SearchIndexes;
import dev.parlance.adapters.index.lucene.LuceneIndexes;
import dev.parlance.adapters.index.opensearch.OpenSearchIndexes;
import java.nio.file.Path;
import java.util.Locale;
import java.util.Optional;

/**
 * Chooses and opens the indexes (keys in docs/scale.md): embedded Lucene under PARLANCE_HOME, or an
 * OpenSearch cluster whose credentials are named by environment variable, never written down.
 */
public record IndexSettings(Settings settings) {

  /** The configured indexes, opened; close them when done. */
  public SearchIndexes open(ParlanceHome home) {
    return switch (settings.index().strip().toLowerCase(Locale.ROOT)) {
      case "lucene" -> LuceneIndexes.open(home.index(), home.valueIndex());
      case "opensearch" -> OpenSearchIndexes.connect(openSearch());
      default ->
          throw new IllegalArgumentException(
              "parlance.index is '" + settings.index() + "'; use lucene or opensearch");
    };
  }

  /**
   * Indexes of their own for a benchmark, apart from the installation's: a directory under
   * PARLANCE_HOME/scratch for Lucene, indexes named {@code <prefix>-<name>-…} on OpenSearch.
   */
  public SearchIndexes openScratch(ParlanceHome home, String name) {
    if (isOpenSearch()) {
      return OpenSearchIndexes.connect(
          openSearch().withPrefix(settings.openSearchIndexPrefix() + "-" + name));
    }
    Path directory = scratchDirectory(home, name);
    return LuceneIndexes.open(directory.resolve("index"), directory.resolve("values"));
  }

  /** Where a benchmark's own Lucene indexes are. */
  public static Path scratchDirectory(ParlanceHome home, String name) {
    return home.root().resolve("scratch").resolve(name);
  }

  /** Whether the indexes are on OpenSearch. */
  public boolean isOpenSearch() {
    return settings.index().strip().equalsIgnoreCase("opensearch");
  }

  /** How to reach the OpenSearch cluster; fails with the key to set when something is missing. */
  public OpenSearchIndexes.Connection openSearch() {
    String urls = settings.openSearchUrl();
    if (urls.isBlank()) {
      throw new IllegalArgumentException(
          "parlance.index=opensearch needs parlance.opensearch.url (PARLANCE_OPENSEARCH_URL), e.g."
              + " http://localhost:9200");
    }
    OpenSearchIndexes.Connection connection =
        OpenSearchIndexes.Connection.to(urls).withPrefix(settings.openSearchIndexPrefix());
    Optional<String> user =
        secret("parlance.opensearch.user-env", settings.openSearchUserVariable());
    Optional<String> password =
        secret("parlance.opensearch.password-env", settings.openSearchPasswordVariable());
    if (user.isPresent() != password.isPresent()) {
      throw new IllegalArgumentException(
          "OpenSearch basic authentication needs both parlance.opensearch.user-env and"
              + " parlance.opensearch.password-env");
    }
    if (user.isPresent()) {
      connection = connection.withCredentials(user.get(), password.get());
    }
    if (!settings.openSearchTrustStore().isBlank()) {
      connection =
          connection.withTrustStore(
              Path.of(settings.openSearchTrustStore()),
              secret(
                  "parlance.opensearch.truststore-password-env",
                  settings.openSearchTrustStorePasswordVariable()));
    }
    return connection;
  }

  // A credential by reference: the key names an environment variable, which must be set.
  private Optional<String> secret(String key, String variable) {
    if (variable.isBlank()) {
      return Optional.empty();
    }
    String value = settings.environmentValue(variable);
    if (value == null) {
      throw new IllegalArgumentException(
          key + " names environment variable " + variable + ", which is not set");
    }
    return Optional.of(value);
  }
}
