package dev.parlance.deploy;

import java.util.Map;

/**
 * Configuration read MicroProfile-style: a key {@code parlance.embedding.model} can be set as a
 * system property of that name or as the environment variable {@code PARLANCE_EMBEDDING_MODEL}; the
 * system property wins. A command-line flag that stands for a key ({@code --index}) overrides both.
 */
public record Settings(Map<String, String> environment, Map<String, String> overrides) {

  public Settings {
    environment = Map.copyOf(environment);
    overrides = Map.copyOf(overrides);
  }

  public Settings(Map<String, String> environment) {
    this(environment, Map.of());
  }

  /** These settings with {@code key} set, whatever the environment says. */
  public Settings with(String key, String value) {
    Map<String, String> more = new java.util.HashMap<>(overrides);
    more.put(key, value);
    return new Settings(environment, more);
  }

  /** The in-process embedding model (measured in docs/retrieval.md). */
  public String embeddingModel() {
    return get("parlance.embedding.model", "bge-small-en-v15-q");
  }

  /**
   * Whether document embeddings are remembered under PARLANCE_HOME/embeddings, so that re-indexing
   * embeds only what changed ({@code true}, the default).
   */
  public boolean embeddingCache() {
    return !get("parlance.embedding.cache", "true").strip().equalsIgnoreCase("false");
  }

  /** The metadata store's JDBC URL; empty means the embedded H2 file under PARLANCE_HOME. */
  public String storeUrl() {
    return get("parlance.store.url", "");
  }

  /** The environment variable holding the metadata store's user name, if it needs one. */
  public String storeUserVariable() {
    return get("parlance.store.user-env", "");
  }

  /** The environment variable holding the metadata store's password, if it needs one. */
  public String storePasswordVariable() {
    return get("parlance.store.password-env", "");
  }

  /**
   * How audit records are written: {@code sync} (each statement waits for its commit, the default)
   * or {@code buffered} (a background thread writes batches; nothing is lost on a clean exit).
   */
  public String auditMode() {
    return get("parlance.audit.mode", "sync");
  }

  /** Where the indexes live: {@code lucene} (embedded, the default) or {@code opensearch}. */
  public String index() {
    return get("parlance.index", "lucene");
  }

  /**
   * The OpenSearch cluster's node URLs, comma-separated, when {@code parlance.index=opensearch}.
   */
  public String openSearchUrl() {
    return get("parlance.opensearch.url", "");
  }

  /** The environment variable holding the OpenSearch user name, if the cluster wants one. */
  public String openSearchUserVariable() {
    return get("parlance.opensearch.user-env", "");
  }

  /** The environment variable holding the OpenSearch user's password. */
  public String openSearchPasswordVariable() {
    return get("parlance.opensearch.password-env", "");
  }

  /** A PKCS#12 or JKS trust store for an HTTPS cluster; empty means the JVM's own authorities. */
  public String openSearchTrustStore() {
    return get("parlance.opensearch.truststore", "");
  }

  /** The environment variable holding the trust store's password, if it has one. */
  public String openSearchTrustStorePasswordVariable() {
    return get("parlance.opensearch.truststore-password-env", "");
  }

  /** The first part of every index and alias name, so that installations can share a cluster. */
  public String openSearchIndexPrefix() {
    return get("parlance.opensearch.index-prefix", "parlance");
  }

  /** A value from the environment this installation runs in (for credentials by reference). */
  public String environmentValue(String variable) {
    return environment.get(variable);
  }

  public String get(String key, String fallback) {
    String override = overrides.get(key);
    if (override != null && !override.isBlank()) {
      return override;
    }
    String property = System.getProperty(key);
    if (property != null && !property.isBlank()) {
      return property;
    }
    String env = environment.get(environmentName(key));
    return env == null || env.isBlank() ? fallback : env;
  }

  /** {@code parlance.llm.api-key} → {@code PARLANCE_LLM_API_KEY}. */
  public static String environmentName(String key) {
    return key.toUpperCase(java.util.Locale.ROOT).replaceAll("[^A-Z0-9]", "_");
  }
}
