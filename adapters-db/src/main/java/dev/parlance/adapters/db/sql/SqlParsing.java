package dev.parlance.adapters.db.sql;

import dev.parlance.domain.sql.AnalyzeSqlPort;

/** The one place that builds SQL readers. */
public final class SqlParsing {
  private SqlParsing() {}

  public static AnalyzeSqlPort analyzer() {
    return new JSqlParserAnalyzeAdapter();
  }
}
