package dev.parlance.domain.retrieval;

import java.util.Locale;

/** How the schema elements for a question are chosen. */
public enum RetrievalMode {
  /** The question's embedding alone, nearest columns first: CRUSH4SQL's Single DPR baseline. */
  SINGLE,
  /** CRUSH4SQL as published: probes from a hallucinated schema, collective greedy selection. */
  PAPER,
  /**
   * Parlance's best measured combination (see docs/measurements/retrieval.md); works with or
   * without a hallucination.
   */
  DEFAULT,
  /**
   * Lexical only: BM25 over the columns' names, descriptions, synonyms and sampled values, with the
   * question and any hallucinated probes, fused by rank. What a source answers with before its
   * dense vectors exist (a new source, or a publish, while they are built in the background).
   */
  LEXICAL;

  public static RetrievalMode parse(String text) {
    try {
      return valueOf(text.strip().toUpperCase(Locale.ROOT));
    } catch (IllegalArgumentException e) {
      throw new IllegalArgumentException(
          "unknown retrieval mode '" + text + "' (use single, paper, default or lexical)", e);
    }
  }

  public String label() {
    return name().toLowerCase(Locale.ROOT);
  }
}
