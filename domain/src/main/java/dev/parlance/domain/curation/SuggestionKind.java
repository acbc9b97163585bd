package dev.parlance.domain.curation;

import java.util.Locale;

/** What an assistant (or a user's feedback) proposes. */
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
  UNANSWERED,
  /** A question a user marked right, with its SQL, proposed as a verified question. */
  VERIFIED,
  /** A user's report that an answer was wrong, with their comment: for a steward to look into. */
  FEEDBACK;

  public String label() {
    return name().toLowerCase(Locale.ROOT);
  }
}
