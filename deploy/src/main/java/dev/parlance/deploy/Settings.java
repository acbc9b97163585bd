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
