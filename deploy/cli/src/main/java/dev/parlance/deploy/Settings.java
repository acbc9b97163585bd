package dev.parlance.deploy;

import java.util.Map;

/**
 * Configuration read MicroProfile-style: a key {@code parlance.embedding.model} can be set as a
 * system property of that name or as the environment variable {@code PARLANCE_EMBEDDING_MODEL}; the
 * system property wins.
 */
public record Settings(Map<String, String> environment) {

  /** The in-process embedding model (measured in docs/retrieval.md). */
  public String embeddingModel() {
    return get("parlance.embedding.model", "bge-small-en-v15-q");
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

  /** A value from the environment this installation runs in (for credentials by reference). */
  public String environmentValue(String variable) {
    return environment.get(variable);
  }

  public String get(String key, String fallback) {
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
