package dev.parlance.domain.benchmark;

import java.util.Arrays;
import java.util.Locale;
import java.util.stream.Collectors;

/** The schema-retrieval benchmarks of CRUSH4SQL (§5.1). */
public enum RetrievalDataset {
  /** The 11 BIRD dev schemas as one (798 columns), gold from CRUSH4SQL's bird_dev.json. */
  BIRDUNION,
  /** The 166 Spider schemas as one (4,502 columns), gold parsed from Spider dev SQL. */
  SPIDERUNION,
  /** A real data warehouse catalogue (1,046 tables, 18,891 columns); no gold, speed only. */
  SOCIALDB;

  public static RetrievalDataset parse(String text) {
    try {
      return valueOf(text.strip().toUpperCase(Locale.ROOT));
    } catch (IllegalArgumentException e) {
      throw new IllegalArgumentException(
          "unknown dataset '"
              + text
              + "' (use "
              + Arrays.stream(values())
                  .map(RetrievalDataset::label)
                  .collect(Collectors.joining(", "))
              + ")",
          e);
    }
  }

  public String label() {
    return name().toLowerCase(Locale.ROOT);
  }
}
