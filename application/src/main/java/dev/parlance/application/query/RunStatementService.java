package dev.parlance.application.query;

import dev.parlance.application.access.SourceAccess;
import dev.parlance.application.retrieval.UnknownSourceException;
import dev.parlance.domain.governance.QueryOutcome;
import dev.parlance.domain.governance.UserIdentity;
import dev.parlance.domain.source.DataSourcesPort;

/** Checks the user's stewardship, then runs the statement through governed execution. */
public final class RunStatementService implements RunStatementUseCase {

  /** Longest statement accepted from a person (governance has its own, larger, limit). */
  public static final int MAX_SQL = 100_000;

  private final DataSourcesPort sources;
  private final RunQueryUseCase queries;

  public RunStatementService(DataSourcesPort sources, RunQueryUseCase queries) {
    this.sources = sources;
    this.queries = queries;
  }

  @Override
  public QueryOutcome run(UserIdentity user, String source, String sql) {
    SourceAccess.requireStewardship(user, source);
    requireStatement(sources, source, sql);
    return queries.run(new RunQueryUseCase.Command(source, user, sql));
  }

  /** A statement a person typed, for a source that exists. */
  static void requireStatement(DataSourcesPort sources, String source, String sql) {
    if (sql == null || sql.isBlank()) {
      throw new IllegalArgumentException("sql: the statement is empty");
    }
    if (sql.length() > MAX_SQL) {
      throw new IllegalArgumentException("sql: longer than " + MAX_SQL + " characters");
    }
    if (sources.find(source).isEmpty()) {
      throw new UnknownSourceException(source);
    }
  }
}
