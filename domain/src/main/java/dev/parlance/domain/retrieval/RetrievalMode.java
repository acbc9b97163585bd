package dev.parlance.domain.retrieval;

import java.util.Locale;

/** How the schema elements for a question are chosen. */
public enum RetrievalMode {
  /** The question's embedding alone, nearest columns first: CRUSH4SQL's Single DPR baseline. */
  SINGLE,
  /** CRUSH4SQL as published: probes from a hallucinated schema, collective greedy selection. */
  PAPER,
  /**
   * Parlance's best measured combination (see docs/retrieval.md); works with or without a
   * hallucination.
   */
  DEFAULT;

  public static RetrievalMode parse(String text) {
    try {
      return valueOf(text.strip().toUpperCase(Locale.ROOT));
    } catch (IllegalArgumentException e) {
      throw new IllegalArgumentException(
          "unknown retrieval mode '" + text + "' (use single, paper or default)", e);
    }
  }

  public String label() {
    return name().toLowerCase(Locale.ROOT);
  }
}
