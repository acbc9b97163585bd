package dev.parlance.domain.retrieval;

/** What a retrievable schema element stands for. */
public enum ElementKind {
  TABLE,
  COLUMN
}
