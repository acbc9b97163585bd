package dev.parlance.domain.curation;

import java.util.Locale;

/** What an assistant proposes. */
public enum SuggestionKind {
  /** Friendly names and descriptions for a cryptic table and its columns, as a conceptual view. */
  DESCRIPTION,
  /** A partially extended view that pre-joins along a foreign key. */
  VIEW,
  /** A value dictionary for a coded column, from its distinct values. */
  VALUES,
  /**
   * A question staff asked that the source could not answer (the model's SQL read no table or
   * selected only constants): a view or description may be missing. Its proposal is empty.
   */
  UNANSWERED;

  public String label() {
    return name().toLowerCase(Locale.ROOT);
  }
}
