package dev.parlance.deploy.cli;

import java.util.LinkedHashMap;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;
import org.eclipse.microprofile.config.Config;

/** The {@code --index} and {@code --opensearch-url} flags of the benchmark commands. */
final class IndexChoice {
  private IndexChoice() {}

  /**
   * The settings the flags stand for (either may be absent): {@code parlance.index} and {@code
   * parlance.opensearch.url}.
   */
  static Map<String, String> settings(String index, String openSearchUrl) {
    String kind = index == null ? null : index.strip().toLowerCase(Locale.ROOT);
    if (kind != null && !kind.equals("lucene") && !kind.equals("opensearch")) {
      throw CommandFailure.refused("--index is lucene or opensearch, not '" + index + "'");
    }
    Map<String, String> settings = new LinkedHashMap<>();
    if (openSearchUrl != null) {
      if ("lucene".equals(kind)) {
        throw CommandFailure.refused("--opensearch-url goes with --index opensearch");
      }
      kind = "opensearch";
      settings.put("parlance.opensearch.url", openSearchUrl);
    }
    if (kind != null) {
      settings.put("parlance.index", kind);
    }
    return settings;
  }

  /** Which index a command ran on, for its output: {@code lucene} or {@code opensearch URL}. */
  static String describe(Config config) {
    Optional<String> kind = value(config, "parlance.index");
    if (kind.isPresent() && kind.get().equalsIgnoreCase("opensearch")) {
      return "opensearch " + value(config, "parlance.opensearch.url").orElse("");
    }
    return "lucene";
  }

  private static Optional<String> value(Config config, String key) {
    return config.getOptionalValue(key, String.class).map(String::strip).filter(v -> !v.isEmpty());
  }
}
