package dev.parlance.application.ask;

import java.util.Arrays;
import java.util.Locale;
import java.util.stream.Collectors;

/** The prompt strategies a question can be asked with (METHODS §3). */
public enum StrategyName {
  /** LangChain's SQLQueryChain: tables as CREATE TABLE with sample rows, one prompt. */
  DIRECT("direct"),
  /** C3: table recall, column recall, calibration hints, consistent output. */
  C3("c3"),
  /** DIN-SQL: schema linking, classification, generation per class, self-correction. */
  DIN("din"),
  /** TA-SQL: dummy SQL, parsed schema links, pandas-like symbolic representation, SQL. */
  TA_SQL("ta-sql"),
  /** RB-SQL: table and column retrievers, skeleton-ranked examples, skeleton before SQL. */
  RB_SQL("rb-sql");

  private final String label;

  StrategyName(String label) {
    this.label = label;
  }

  public String label() {
    return label;
  }

  public static StrategyName parse(String text) {
    String t = text.strip().toLowerCase(Locale.ROOT);
    for (StrategyName s : values()) {
      if (s.label.equals(t) || s.name().equalsIgnoreCase(t)) {
        return s;
      }
    }
    throw new IllegalArgumentException(
        "unknown strategy '"
            + text
            + "' (use "
            + Arrays.stream(values()).map(StrategyName::label).collect(Collectors.joining(", "))
            + ")");
  }
}
