package dev.parlance.domain.evaluation;

import dev.parlance.domain.source.DataSource;

/**
 * Runs one benchmark query on a benchmark database, read-only, and returns everything it returned.
 * Unlike governed execution there is no row cap or rewriting: the statement runs as the official
 * evaluators run it. Failures and timeouts are values, never exceptions.
 */
@FunctionalInterface
public interface RunBenchmarkQueryPort {

  /**
   * @param database the database to run on (the benchmark's SQLite file, or a configured source)
   * @param sql one statement, exactly as it should run
   */
  ExecutionOutcome run(DataSource database, String sql, ExecutionLimits limits);
}
