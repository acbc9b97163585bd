package dev.parlance.domain.curation;

import java.util.Locale;

/**
 * The three kinds of LLM-friendly views of Nascimento's dissertation (chapter 6.2.2), in order of
 * how much they pre-join.
 */
public enum ViewKind {
  /** One view per table, renaming the table and its columns into the users' words. */
  CONCEPTUAL,
  /** A conceptual view plus columns that pre-join along foreign keys (the paper's best: 0.74). */
  PARTIALLY_EXTENDED,
  /** One denormalised view per subject: fewer joins, wider and more confusable. */
  FULLY_EXTENDED;

  /** {@code conceptual}, {@code partially-extended}, {@code fully-extended}. */
  public String label() {
    return name().toLowerCase(Locale.ROOT).replace('_', '-');
  }

  public static ViewKind parse(String text) {
    String key = text == null ? "" : text.strip().toUpperCase(Locale.ROOT).replace('-', '_');
    for (ViewKind k : values()) {
      if (k.name().equals(key)) {
        return k;
      }
    }
    throw new IllegalArgumentException(
        "unknown view kind '" + text + "' (use conceptual, partially-extended or fully-extended)");
  }
}
