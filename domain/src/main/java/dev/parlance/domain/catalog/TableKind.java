package dev.parlance.domain.catalog;

/** Whether a relation stores rows or is defined by a query. */
public enum TableKind {
  TABLE,
  VIEW
}
