package dev.parlance.domain.curation;

import java.util.Locale;

/** What an assistant proposes. */
public enum SuggestionKind {
  /** Friendly names and descriptions for a cryptic table and its columns, as a conceptual view. */
  DESCRIPTION,
  /** A partially extended view that pre-joins along a foreign key. */
  VIEW,
  /** A value dictionary for a coded column, from its distinct values. */
  VALUES;

  public String label() {
    return name().toLowerCase(Locale.ROOT);
  }
}
