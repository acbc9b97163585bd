package dev.parlance.domain.retrieval;

/** What a retrievable schema element stands for. */
public enum ElementKind {
  TABLE,
  COLUMN,
  /**
   * A steward's verified question with its SQL: a few-shot example. Its {@code table} holds the
   * question, its {@code column} the verified question's id, its {@code details} the SQL, and its
   * {@code linked} the columns the SQL reads.
   */
  VERIFIED_QUERY
}
