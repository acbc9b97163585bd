package dev.parlance.application.retrieval;

import java.util.Locale;
import java.util.Map;
import java.util.TreeMap;

/**
 * The tunable parts of retrieval, with the values measured best (docs/retrieval.md). Benchmarks
 * change one at a time by name for ablations: {@code --option lexical-weight=0}.
 *
 * @param candidatePool how many candidates collective selection chooses from (CRUSH4SQL: 100)
 * @param perProbe nearest neighbours fetched per probe
 * @param probeContext how much of the question's embedding is mixed into each probe's (0 = the
 *     probe alone)
 * @param lexicalWeight weight of BM25 matches in the default mode's fused score
 * @param probeWeight weight of the best probe similarity in the default mode's fused score
 * @param tableWeight weight of a column's table score in the default mode's fused score
 * @param keyBonus how strongly the default mode pulls in key columns that join chosen tables
 * @param collective whether the default mode finishes with collective selection
 */
public record RetrievalSettings(
    int candidatePool,
    int perProbe,
    double probeContext,
    double lexicalWeight,
    double probeWeight,
    double tableWeight,
    double keyBonus,
    boolean collective) {

  public static RetrievalSettings defaults() {
    return new RetrievalSettings(100, 30, 0.5, 0.3, 1.0, 0.5, 0.1, false);
  }

  /** A copy with one setting changed by its name (kebab-case), for ablations. */
  public RetrievalSettings with(String name, String value) {
    try {
      return switch (name.strip().toLowerCase(Locale.ROOT)) {
        case "candidate-pool" ->
            new RetrievalSettings(
                Integer.parseInt(value),
                perProbe,
                probeContext,
                lexicalWeight,
                probeWeight,
                tableWeight,
                keyBonus,
                collective);
        case "per-probe" ->
            new RetrievalSettings(
                candidatePool,
                Integer.parseInt(value),
                probeContext,
                lexicalWeight,
                probeWeight,
                tableWeight,
                keyBonus,
                collective);
        case "probe-context" ->
            new RetrievalSettings(
                candidatePool,
                perProbe,
                Double.parseDouble(value),
                lexicalWeight,
                probeWeight,
                tableWeight,
                keyBonus,
                collective);
        case "lexical-weight" ->
            new RetrievalSettings(
                candidatePool,
                perProbe,
                probeContext,
                Double.parseDouble(value),
                probeWeight,
                tableWeight,
                keyBonus,
                collective);
        case "probe-weight" ->
            new RetrievalSettings(
                candidatePool,
                perProbe,
                probeContext,
                lexicalWeight,
                Double.parseDouble(value),
                tableWeight,
                keyBonus,
                collective);
        case "table-weight" ->
            new RetrievalSettings(
                candidatePool,
                perProbe,
                probeContext,
                lexicalWeight,
                probeWeight,
                Double.parseDouble(value),
                keyBonus,
                collective);
        case "key-bonus" ->
            new RetrievalSettings(
                candidatePool,
                perProbe,
                probeContext,
                lexicalWeight,
                probeWeight,
                tableWeight,
                Double.parseDouble(value),
                collective);
        case "collective" ->
            new RetrievalSettings(
                candidatePool,
                perProbe,
                probeContext,
                lexicalWeight,
                probeWeight,
                tableWeight,
                keyBonus,
                Boolean.parseBoolean(value));
        default ->
            throw new IllegalArgumentException(
                "unknown retrieval option '"
                    + name
                    + "'; known: "
                    + String.join(", ", names().keySet()));
      };
    } catch (NumberFormatException e) {
      throw new IllegalArgumentException(
          "option " + name + " needs a number, got '" + value + "'", e);
    }
  }

  /** Every option by name with its value, for reports. */
  public Map<String, String> names() {
    Map<String, String> m = new TreeMap<>();
    m.put("candidate-pool", String.valueOf(candidatePool));
    m.put("per-probe", String.valueOf(perProbe));
    m.put("probe-context", String.valueOf(probeContext));
    m.put("lexical-weight", String.valueOf(lexicalWeight));
    m.put("probe-weight", String.valueOf(probeWeight));
    m.put("table-weight", String.valueOf(tableWeight));
    m.put("key-bonus", String.valueOf(keyBonus));
    m.put("collective", String.valueOf(collective));
    return m;
  }
}
