package dev.parlance.adapters.db.sql;

import dev.parlance.domain.retrieval.QueryColumnsPort;
import dev.parlance.domain.sql.AnalyzeSqlPort;

/** The one place that builds SQL readers. */
public final class SqlParsing {
  private SqlParsing() {}

  public static AnalyzeSqlPort analyzer() {
    return new JSqlParserAnalyzeAdapter();
  }

  /** The catalog columns a query reads ({@link SqlColumnReferences}). */
  public static QueryColumnsPort queryColumns() {
    return SqlColumnReferences::of;
  }
}
