package dev.parlance.adapters.db.sql;

import dev.parlance.domain.retrieval.QueryColumnsPort;

/** The one place that hands out SQL-parsing ports. */
public final class SqlParsing {
  private SqlParsing() {}

  /** The catalog columns a query reads ({@link SqlColumnReferences}). */
  public static QueryColumnsPort queryColumns() {
    return SqlColumnReferences::of;
  }
}
