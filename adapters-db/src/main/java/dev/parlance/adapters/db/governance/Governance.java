package dev.parlance.adapters.db.governance;

import dev.parlance.adapters.db.jdbc.JdbcConnections;
import dev.parlance.domain.governance.ViewExpansion;

/** The one place that builds governed execution over JDBC. */
public final class Governance {
  private Governance() {}

  /** Governed, read-only execution; curated views reach it through {@code views}. */
  public static QueryExecution jdbc(JdbcConnections connections, ViewExpansion views) {
    return new JdbcGovernedQueryAdapter(connections, views);
  }

  public static QueryExecution jdbc(JdbcConnections connections) {
    return jdbc(connections, ViewExpansion.none());
  }
}
