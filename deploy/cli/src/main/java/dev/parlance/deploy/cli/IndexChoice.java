package dev.parlance.deploy.cli;

import dev.parlance.deploy.Components;
import java.util.Locale;

/** The {@code --index} and {@code --opensearch-url} flags of the benchmark commands. */
final class IndexChoice {
  private IndexChoice() {}

  /**
   * Sets the run's index from the flags (either may be absent) and says which it is, for the
   * output: {@code lucene} or {@code opensearch URL}.
   */
  static String apply(Components components, String index, String openSearchUrl) {
    String kind = index == null ? null : index.strip().toLowerCase(Locale.ROOT);
    if (kind != null && !kind.equals("lucene") && !kind.equals("opensearch")) {
      throw CommandFailure.refused("--index is lucene or opensearch, not '" + index + "'");
    }
    if (openSearchUrl != null) {
      if ("lucene".equals(kind)) {
        throw CommandFailure.refused("--opensearch-url goes with --index opensearch");
      }
      kind = "opensearch";
      components.override("parlance.opensearch.url", openSearchUrl);
    }
    if (kind != null) {
      components.override("parlance.index", kind);
    }
    return components.indexDescription();
  }
}
