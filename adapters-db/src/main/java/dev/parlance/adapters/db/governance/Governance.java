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

  /**
   * Ungoverned read-only execution, the baseline for benchmarks only; close it when done.
   *
   * @return a port that is also {@link AutoCloseable}
   */
  public static RawQueries raw(JdbcConnections connections) {
    JdbcRawQueryAdapter adapter = new JdbcRawQueryAdapter(connections);
    return new RawQueries() {
      @Override
      public java.util.List<java.util.List<Object>> run(
          dev.parlance.domain.source.DataSource source, String sql, int maxRows) {
        return adapter.run(source, sql, maxRows);
      }

      @Override
      public void close() {
        adapter.close();
      }
    };
  }

  /** The raw baseline, closable. */
  public interface RawQueries
      extends dev.parlance.domain.governance.RunRawQueryPort, AutoCloseable {
    @Override
    void close();
  }
}
