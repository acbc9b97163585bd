package dev.parlance.adapters.db.governance;

import static dev.parlance.adapters.db.governance.SqlExceptions.isConnectionProblem;
import static dev.parlance.adapters.db.governance.SqlExceptions.isResultBufferExceeded;
import static dev.parlance.adapters.db.governance.SqlExceptions.serverMessage;
import static dev.parlance.adapters.db.governance.SqlExceptions.serverPosition;

import dev.parlance.adapters.db.jdbc.JdbcConnections;
import dev.parlance.adapters.db.jdbc.ResultBudget;
import dev.parlance.domain.governance.FailureKind;
import dev.parlance.domain.governance.GovernancePolicy;
import dev.parlance.domain.governance.QueryOutcome;
import dev.parlance.domain.governance.QueryResult;
import dev.parlance.domain.governance.Refusal;
import dev.parlance.domain.governance.RefusalKind;
import dev.parlance.domain.governance.ResultColumn;
import dev.parlance.domain.governance.ResultLimits;
import dev.parlance.domain.governance.UserIdentity;
import dev.parlance.domain.source.DataSource;
import dev.parlance.domain.source.Dialect;
import java.sql.Connection;
import java.sql.ResultSet;
import java.sql.ResultSetMetaData;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.concurrent.Executors;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.ScheduledFuture;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * Runs one governed statement on a borrowed connection: the session's limits (and, enforced, the
 * signed request context and the query role) set, the cost ceiling checked, a watchdog armed at the
 * user's timeout, rows streamed into the result's budget; a failure said as a refusal, a timeout or
 * the database's error.
 */
final class GovernedStatement {

  private static final Pattern PLAN_COST = Pattern.compile("cost=[0-9.]+\\.\\.([0-9.]+)");

  /** Memory per sort or hash step of a statement on PostgreSQL. */
  static final String WORK_MEM = "64MB";

  /**
   * Rows of a statement's first fetch: few, so that even rows of the widest values the budget cuts
   * fit the driver's buffer; later fetches take what the buffer holds.
   */
  static final int FIRST_FETCH_ROWS = 2;

  private static final ScheduledExecutorService WATCHDOG =
      Executors.newSingleThreadScheduledExecutor(
          r -> {
            Thread t = new Thread(r, "parlance-statement-watchdog");
            t.setDaemon(true);
            return t;
          });

  /** How a statement runs on PostgreSQL. */
  enum Mode {
    /** Parser governance on the connection's own role: nothing binds the user. */
    PLAIN,
    /** The provisioned policy, enforced by the engine under the query role. */
    ENFORCED
  }

  private final ResultLimits limits;
  private final SourceState state;

  GovernedStatement(ResultLimits limits, SourceState state) {
    this.limits = limits;
    this.state = state;
  }

  QueryOutcome run(
      Connection connection,
      DataSource source,
      GovernancePolicy policy,
      UserIdentity user,
      Mode mode,
      String asked,
      String run,
      long start,
      AtomicBoolean sent)
      throws SQLException {
    boolean postgres = source.dialect() == Dialect.POSTGRESQL;
    long timeoutMs = policy.timeoutFor(user).toMillis();
    AtomicBoolean timedOut = new AtomicBoolean();
    try {
      if (postgres) {
        // One round trip: limits, then (enforced) the signed context, then the query role.
        String settings =
            "SELECT set_config('statement_timeout', ?, true), set_config('work_mem', ?, true)"
                + (mode == Mode.ENFORCED
                    ? ", set_config('"
                        + PostgresGovernance.CONTEXT_SETTING
                        + "', ?, true), set_config('role', ?, true)"
                    : "");
        try (java.sql.PreparedStatement set = connection.prepareStatement(settings)) {
          set.setString(1, String.valueOf(timeoutMs));
          set.setString(2, WORK_MEM);
          if (mode == Mode.ENFORCED) {
            int pid = connection.unwrap(org.postgresql.PGConnection.class).getBackendPID();
            set.setString(
                3,
                PostgresGovernance.context(
                    user, pid, timeoutMs + 60_000, state.contextKey(source)));
            set.setString(4, PostgresGovernance.QUERY_ROLE);
          }
          set.executeQuery().close();
        }
        if (policy.costCeiling().isPresent()) {
          double cost = estimatedCost(connection, run);
          if (cost > policy.costCeiling().getAsDouble()) {
            return new QueryOutcome.Refused(
                new Refusal(
                    RefusalKind.COST_CEILING,
                    String.format(
                        java.util.Locale.ROOT,
                        "the planner estimates a cost of %.0f; the policy's ceiling is %.0f"
                            + " (narrow the query with filters or a LIMIT)",
                        cost,
                        policy.costCeiling().getAsDouble())),
                asked,
                Optional.of(run),
                elapsed(start));
          }
        }
      }
      try (Statement statement = connection.createStatement()) {
        statement.setEscapeProcessing(false);
        int cap = policy.rowCap();
        statement.setMaxRows(cap + 1);
        // A few rows first; the driver then fetches as many as its buffer holds (adaptive fetch).
        statement.setFetchSize(Math.min(cap + 1, FIRST_FETCH_ROWS));
        statement.setQueryTimeout((int) Math.min(Integer.MAX_VALUE, timeoutMs / 1000 + 2));
        ScheduledFuture<?> watchdog =
            WATCHDOG.schedule(
                () -> {
                  timedOut.set(true);
                  // Cancelling talks to the server, which may hang: never on the watchdog's thread.
                  Thread.ofVirtual()
                      .start(
                          () -> {
                            try {
                              statement.cancel();
                            } catch (SQLException | RuntimeException ignored) {
                              // the statement ended meanwhile
                            }
                          });
                },
                timeoutMs,
                TimeUnit.MILLISECONDS);
        sent.set(true);
        ResultBudget budget =
            new ResultBudget(limits, cap, System.nanoTime() + timeoutMs * 1_000_000L);
        ResultSet opened;
        try {
          opened = statement.executeQuery(run);
        } catch (SQLException e) {
          if (!isResultBufferExceeded(e)) {
            throw e;
          }
          // The driver reads a fetch's rows whole; it refused one larger than its buffer before
          // reading it, and stopped midway in the server's answer: the connection is not kept.
          connection.abort(Runnable::run);
          return new QueryOutcome.Failed(
              FailureKind.TOO_LARGE,
              "the first rows are larger than the result's memory budget (the driver buffers at"
                  + " most "
                  + JdbcGovernedQueryAdapter.resultBuffer(limits) / (1024 * 1024)
                  + " MiB); select fewer or shorter columns",
              asked,
              Optional.of(run),
              elapsed(start),
              "rows larger than the memory budget");
        }
        try (ResultSet rs = opened) {
          ResultSetMetaData md = rs.getMetaData();
          int n = budget.columns(md.getColumnCount());
          List<ResultColumn> columns = new ArrayList<>(n);
          for (int i = 1; i <= n; i++) {
            columns.add(new ResultColumn(md.getColumnLabel(i), md.getColumnTypeName(i)));
          }
          List<List<Object>> rows = new ArrayList<>();
          boolean truncated = false;
          while (next(rs, rows, budget)) {
            if (budget.expired()) {
              // The watchdog cancels the server's work; the copy stops here too.
              timedOut.set(true);
              throw new SQLException("cancelled at the deadline while copying rows", "57014");
            }
            if (!budget.roomForRow(rows.size())) {
              truncated = true;
              break;
            }
            List<Object> row = new ArrayList<>(n);
            for (int i = 1; i <= n; i++) {
              row.add(JdbcGovernedQueryAdapter.value(rs.getObject(i), budget));
            }
            if (!budget.fits(row, rows.size())) {
              truncated = true;
              break;
            }
            rows.add(row);
          }
          if (budget.stoppedByDriver()) {
            // The driver stopped reading the server's answer midway: the connection is not kept.
            connection.abort(Runnable::run);
          }
          return new QueryOutcome.Ran(
              new QueryResult(
                  columns,
                  rows,
                  truncated || budget.truncated(),
                  elapsed(start),
                  asked,
                  run,
                  budget.cuts()));
        } finally {
          watchdog.cancel(false);
        }
      }
    } catch (SQLException e) {
      boolean timeout = timedOut.get() || "57014".equals(e.getSQLState());
      if (isConnectionProblem(e)) {
        // Dead or not answering: a rollback would wait for it once more. Dropped, never kept.
        connection.abort(Runnable::run);
        if (!timeout) {
          throw e;
        }
      }
      if (timeout) {
        return new QueryOutcome.Failed(
            FailureKind.TIMEOUT,
            "cancelled after the policy's timeout of " + timeoutMs + " ms",
            asked,
            Optional.of(run),
            elapsed(start),
            "cancelled at the policy's timeout");
      }
      Optional<QueryOutcome> enforced = engineRefusal(e, mode, asked, run, start);
      if (enforced.isPresent()) {
        return enforced.get();
      }
      DatabaseErrors.Described d =
          DatabaseErrors.describe(serverMessage(e), e.getSQLState(), serverPosition(e), asked, run);
      return new QueryOutcome.Failed(
          FailureKind.DATABASE_ERROR,
          d.message(),
          asked,
          Optional.of(run),
          elapsed(start),
          d.kind());
    } finally {
      if (postgres && !connection.isClosed()) {
        connection.rollback();
      }
    }
  }

  /**
   * The next row, or false at the end; also false when the driver refused to buffer a batch larger
   * than its result buffer ({@code maxResultBuffer}, {@link JdbcConnections}): the rows copied so
   * far are the result, cut by the byte budget.
   */
  private static boolean next(ResultSet rs, List<List<Object>> rows, ResultBudget budget)
      throws SQLException {
    try {
      return rs.next();
    } catch (SQLException e) {
      if (isResultBufferExceeded(e)) {
        budget.stopAtBytes(rows.size());
        return false;
      }
      throw e;
    }
  }

  private static double estimatedCost(Connection connection, String sql) throws SQLException {
    try (Statement explain = connection.createStatement()) {
      explain.setEscapeProcessing(false);
      try (ResultSet rs = explain.executeQuery("EXPLAIN " + sql)) {
        if (rs.next()) {
          Matcher m = PLAN_COST.matcher(rs.getString(1));
          if (m.find()) {
            return Double.parseDouble(m.group(1));
          }
        }
      }
    }
    return 0;
  }

  // Where the engine, not the parser, stopped the statement: a refusal, with a reason.
  private static Optional<QueryOutcome> engineRefusal(
      SQLException e, Mode mode, String asked, String run, long start) {
    String state = e.getSQLState();
    String message = serverMessage(e);
    if (mode == Mode.ENFORCED && "42501".equals(state)) {
      return Optional.of(
          new QueryOutcome.Refused(
              new Refusal(
                  RefusalKind.FORBIDDEN_RELATION,
                  "the database engine refused the statement: it reads a relation or column the"
                      + " policy does not let you read (a construct Parlance's analysis did not"
                      + " see); rewrite the query more plainly"),
              asked,
              Optional.of(run),
              elapsed(start)));
    }
    if (message != null && message.startsWith("parlance: missing attribute ")) {
      return Optional.of(
          new QueryOutcome.Refused(
              new Refusal(
                  RefusalKind.MISSING_ATTRIBUTE,
                  "a row filter needs the user attribute '"
                      + message.substring("parlance: missing attribute ".length()).strip()
                      + "', which you do not have"),
              asked,
              Optional.of(run),
              elapsed(start)));
    }
    if (message != null && message.startsWith("parlance: ")) {
      return Optional.of(
          new QueryOutcome.Refused(
              new Refusal(
                  RefusalKind.UNENFORCEABLE_POLICY,
                  "the database could not verify the request's context ("
                      + message.substring("parlance: ".length()).strip()
                      + "); an administrator runs 'parlance policy apply' again"),
              asked,
              Optional.of(run),
              elapsed(start)));
    }
    return Optional.empty();
  }

  static long elapsed(long start) {
    return TimeUnit.NANOSECONDS.toMillis(System.nanoTime() - start);
  }
}
