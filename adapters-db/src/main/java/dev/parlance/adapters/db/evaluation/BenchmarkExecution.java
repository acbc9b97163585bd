package dev.parlance.adapters.db.evaluation;

import dev.parlance.adapters.db.jdbc.JdbcConnections;
import dev.parlance.domain.evaluation.RunBenchmarkQueryPort;

/** The one place that builds the runner of benchmark queries. */
public final class BenchmarkExecution {
  private BenchmarkExecution() {}

  /**
   * Runs benchmark queries read-only over JDBC, as Python's {@code sqlite3} runs them for the
   * official evaluators, cancelling them when their time runs out.
   */
  public static RunBenchmarkQueryPort readOnly(JdbcConnections connections) {
    return new JdbcBenchmarkQueryAdapter(connections, JdbcBenchmarkQueryAdapter.MAX_VALUES);
  }

  /** The same, reading at most {@code maxValues} values of a result before giving up. */
  public static RunBenchmarkQueryPort readOnly(JdbcConnections connections, long maxValues) {
    return new JdbcBenchmarkQueryAdapter(connections, maxValues);
  }
}
