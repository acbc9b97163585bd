package dev.parlance.adapters.db.governance;

import dev.parlance.adapters.db.jdbc.JdbcConnections;
import dev.parlance.domain.governance.ResultLimits;
import dev.parlance.domain.governance.ViewExpansion;

/** The one place that builds governed execution over JDBC. */
public final class Governance {
  private Governance() {}

  /**
   * Governed, read-only execution; curated views reach it through {@code views}. SQLite sources run
   * on the system SQLite library under its authorizer, PostgreSQL and H2 sources over JDBC.
   */
  public static QueryExecution jdbc(JdbcConnections connections, ViewExpansion views) {
    return jdbc(connections, views, ResultLimits.defaults());
  }

  /**
   * Governed, read-only execution whose results are copied within {@code limits} (a byte budget,
   * the longest value, the most columns), besides the policy's row cap and timeout.
   */
  public static QueryExecution jdbc(
      JdbcConnections connections, ViewExpansion views, ResultLimits limits) {
    QueryExecution sqlite = new SqliteGovernedExecution(views, limits);
    QueryExecution other = new JdbcGovernedQueryAdapter(connections, views, limits);
    return new QueryExecution() {
      @Override
      public dev.parlance.domain.governance.QueryOutcome execute(
          dev.parlance.domain.source.DataSource source,
          dev.parlance.domain.governance.GovernancePolicy policy,
          dev.parlance.domain.governance.UserIdentity user,
          String sql) {
        return source.dialect() == dev.parlance.domain.source.Dialect.SQLITE
            ? sqlite.execute(source, policy, user, sql)
            : other.execute(source, policy, user, sql);
      }

      @Override
      public void close() {
        try {
          sqlite.close();
        } finally {
          other.close();
        }
      }
    };
  }

  /** Provisions policies in sources' databases ({@code parlance policy apply}). */
  public static dev.parlance.domain.governance.ProvisionPolicyPort provisioning(
      JdbcConnections connections) {
    return new PostgresProvisioning(connections);
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
