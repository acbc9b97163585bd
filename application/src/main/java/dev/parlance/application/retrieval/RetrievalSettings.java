package dev.parlance.application.retrieval;

import java.util.LinkedHashMap;
import java.util.Locale;
import java.util.Map;

/**
 * The tunable parts of retrieval, with the values measured best (docs/measurements/retrieval.md).
 * Benchmarks change them by name for ablations: {@code --option lexical-weight=0}.
 *
 * @param candidatePool how many candidates each search contributes (CRUSH4SQL: 100)
 * @param perProbe nearest neighbours fetched per hallucinated column
 * @param lexicalWeight weight of BM25 (normalised to the best match) in a column's score
 * @param probeWeight weight of the best hallucinated-column similarity in a column's score
 * @param tableWeight weight of a column's table score (the mean of its best columns' scores)
 * @param tableColumns how many of a table's best columns make its score
 * @param coverage whether every hallucinated column gets its best match early (CRUSH4SQL's
 *     coverage, as an interleaving)
 * @param joinKeys whether the key columns joining a newly chosen table to those already chosen
 *     follow it at once
 * @param probeContext paper mode only: how much of the question's embedding is mixed into each
 *     probe's, standing in for CRUSH4SQL's "x t.c" contextual embedding
 */
public record RetrievalSettings(
    int candidatePool,
    int perProbe,
    double lexicalWeight,
    double probeWeight,
    double tableWeight,
    int tableColumns,
    boolean coverage,
    boolean joinKeys,
    double probeContext) {

  public RetrievalSettings {
    if (candidatePool < 1 || perProbe < 1 || tableColumns < 1) {
      throw new IllegalArgumentException(
          "candidate-pool, per-probe and table-columns must be at least 1");
    }
  }

  public static RetrievalSettings defaults() {
    return new RetrievalSettings(100, 30, 0.1, 1.0, 0.2, 2, true, true, 0.5);
  }

  /** A copy with one setting changed by its kebab-case name, for ablations. */
  public RetrievalSettings with(String name, String value) {
    Map<String, String> all = names();
    String key = name.strip().toLowerCase(Locale.ROOT);
    if (!all.containsKey(key)) {
      throw new IllegalArgumentException(
          "unknown retrieval option '" + name + "'; known: " + String.join(", ", all.keySet()));
    }
    all.put(key, value.strip());
    try {
      return new RetrievalSettings(
          Integer.parseInt(all.get("candidate-pool")),
          Integer.parseInt(all.get("per-probe")),
          Double.parseDouble(all.get("lexical-weight")),
          Double.parseDouble(all.get("probe-weight")),
          Double.parseDouble(all.get("table-weight")),
          Integer.parseInt(all.get("table-columns")),
          parseBoolean(all.get("coverage")),
          parseBoolean(all.get("join-keys")),
          Double.parseDouble(all.get("probe-context")));
    } catch (NumberFormatException e) {
      throw new IllegalArgumentException(
          "option " + name + " needs a number, got '" + value + "'", e);
    }
  }

  /** Every option by name with its value, in a stable order, for reports. */
  public Map<String, String> names() {
    Map<String, String> m = new LinkedHashMap<>();
    m.put("candidate-pool", String.valueOf(candidatePool));
    m.put("per-probe", String.valueOf(perProbe));
    m.put("lexical-weight", String.valueOf(lexicalWeight));
    m.put("probe-weight", String.valueOf(probeWeight));
    m.put("table-weight", String.valueOf(tableWeight));
    m.put("table-columns", String.valueOf(tableColumns));
    m.put("coverage", String.valueOf(coverage));
    m.put("join-keys", String.valueOf(joinKeys));
    m.put("probe-context", String.valueOf(probeContext));
    return m;
  }

  private static boolean parseBoolean(String text) {
    return switch (text.toLowerCase(Locale.ROOT)) {
      case "true", "on", "yes" -> true;
      case "false", "off", "no" -> false;
      default -> throw new NumberFormatException("not a boolean: " + text);
    };
  }
}
