package dev.parlance.adapters.db.governance;

import dev.parlance.adapters.db.jdbc.DatabaseUnavailableException;
import dev.parlance.adapters.db.jdbc.JdbcConnections;
import dev.parlance.domain.governance.FailureKind;
import dev.parlance.domain.governance.GovernancePolicy;
import dev.parlance.domain.governance.QueryOutcome;
import dev.parlance.domain.governance.QueryResult;
import dev.parlance.domain.governance.Refusal;
import dev.parlance.domain.governance.RefusalKind;
import dev.parlance.domain.governance.ResultColumn;
import dev.parlance.domain.governance.UserIdentity;
import dev.parlance.domain.governance.ViewExpansion;
import dev.parlance.domain.source.DataSource;
import dev.parlance.domain.source.Dialect;
import java.math.BigDecimal;
import java.math.BigInteger;
import java.sql.Clob;
import java.sql.Connection;
import java.sql.ResultSet;
import java.sql.ResultSetMetaData;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.HexFormat;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.Executors;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.ScheduledFuture;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * Runs governed statements over JDBC on connections that are read-only at the database level
 * (SQLite {@code mode=ro} and {@code query_only}, PostgreSQL {@code READ ONLY} transactions that
 * are always rolled back, H2 {@code ACCESS_MODE_DATA=r}). A watchdog cancels a statement at the
 * policy's timeout; PostgreSQL also gets it as {@code statement_timeout}. Rows are streamed and
 * reading stops at the row cap.
 */
final class JdbcGovernedQueryAdapter implements QueryExecution {

  private static final Pattern PLAN_COST = Pattern.compile("cost=[0-9.]+\\.\\.([0-9.]+)");
  private static final long RELATIONS_TTL_NANOS = TimeUnit.SECONDS.toNanos(60);
  private static final int MAX_IDLE_PER_SOURCE = 4;

  private static final ScheduledExecutorService WATCHDOG =
      Executors.newSingleThreadScheduledExecutor(
          r -> {
            Thread t = new Thread(r, "parlance-statement-watchdog");
            t.setDaemon(true);
            return t;
          });

  private record CachedRelations(Relations relations, long readAt) {}

  private final JdbcConnections connections;
  private final ViewExpansion views;
  private final Map<String, ArrayDeque<Connection>> idle = new ConcurrentHashMap<>();
  private final Map<String, CachedRelations> relations = new ConcurrentHashMap<>();

  JdbcGovernedQueryAdapter(JdbcConnections connections, ViewExpansion views) {
    this.connections = connections;
    this.views = views;
  }

  @Override
  public QueryOutcome execute(
      DataSource source, GovernancePolicy policy, UserIdentity user, String sql) {
    long start = System.nanoTime();
    String asked = sql == null ? "" : sql;
    Connection connection;
    try {
      connection = borrow(source);
    } catch (DatabaseUnavailableException e) {
      return new QueryOutcome.Failed(
          FailureKind.UNAVAILABLE, e.getMessage(), asked, Optional.empty(), elapsed(start));
    }
    boolean reusable = true;
    try {
      Relations known;
      try {
        known = relations(source, connection);
      } catch (SQLException e) {
        reusable = false;
        return new QueryOutcome.Failed(
            FailureKind.UNAVAILABLE,
            "cannot read the tables of source " + source.name() + ": " + e.getMessage(),
            asked,
            Optional.empty(),
            elapsed(start));
      }
      SqlGovernor.Decision decision = SqlGovernor.decide(source, policy, user, asked, known, views);
      if (decision instanceof SqlGovernor.Denied denied) {
        return new QueryOutcome.Refused(denied.refusal(), asked, Optional.empty(), elapsed(start));
      }
      String run = ((SqlGovernor.Allowed) decision).sql();
      return run(connection, source, policy, asked, run, start);
    } catch (SQLException e) {
      reusable = false;
      return new QueryOutcome.Failed(
          FailureKind.UNAVAILABLE, message(e), asked, Optional.empty(), elapsed(start));
    } finally {
      giveBack(source, connection, reusable);
    }
  }

  private QueryOutcome run(
      Connection connection,
      DataSource source,
      GovernancePolicy policy,
      String asked,
      String run,
      long start)
      throws SQLException {
    boolean postgres = source.dialect() == Dialect.POSTGRESQL;
    long timeoutMs = policy.timeout().toMillis();
    AtomicBoolean timedOut = new AtomicBoolean();
    try {
      if (postgres) {
        try (Statement settings = connection.createStatement()) {
          settings.execute("SET LOCAL statement_timeout = " + timeoutMs);
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
        statement.setFetchSize(Math.min(cap + 1, 1000));
        statement.setQueryTimeout((int) Math.min(Integer.MAX_VALUE, timeoutMs / 1000 + 2));
        ScheduledFuture<?> watchdog =
            WATCHDOG.schedule(
                () -> {
                  timedOut.set(true);
                  try {
                    statement.cancel();
                  } catch (SQLException | RuntimeException ignored) {
                    // the statement ended meanwhile
                  }
                },
                timeoutMs,
                TimeUnit.MILLISECONDS);
        try (ResultSet rs = statement.executeQuery(run)) {
          ResultSetMetaData md = rs.getMetaData();
          int n = md.getColumnCount();
          List<ResultColumn> columns = new ArrayList<>(n);
          for (int i = 1; i <= n; i++) {
            columns.add(new ResultColumn(md.getColumnLabel(i), md.getColumnTypeName(i)));
          }
          List<List<Object>> rows = new ArrayList<>();
          boolean truncated = false;
          while (rs.next()) {
            if (rows.size() == cap) {
              truncated = true;
              break;
            }
            List<Object> row = new ArrayList<>(n);
            for (int i = 1; i <= n; i++) {
              row.add(value(rs.getObject(i)));
            }
            rows.add(row);
          }
          return new QueryOutcome.Ran(
              new QueryResult(columns, rows, truncated, elapsed(start), asked, run));
        } finally {
          watchdog.cancel(false);
        }
      }
    } catch (SQLException e) {
      boolean timeout = timedOut.get() || "57014".equals(e.getSQLState());
      if (isConnectionProblem(e) && !timeout) {
        throw e;
      }
      return new QueryOutcome.Failed(
          timeout ? FailureKind.TIMEOUT : FailureKind.DATABASE_ERROR,
          timeout
              ? "cancelled after the policy's timeout of " + timeoutMs + " ms (" + message(e) + ")"
              : message(e),
          asked,
          Optional.of(run),
          elapsed(start));
    } finally {
      if (postgres && !connection.isClosed()) {
        connection.rollback();
      }
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

  private Relations relations(DataSource source, Connection connection) throws SQLException {
    String key = key(source);
    CachedRelations cached = relations.get(key);
    long now = System.nanoTime();
    if (cached != null && now - cached.readAt() < RELATIONS_TTL_NANOS) {
      return cached.relations();
    }
    Relations read = Relations.read(connection, source);
    if (source.dialect() == Dialect.POSTGRESQL) {
      connection.rollback();
    }
    relations.put(key, new CachedRelations(read, now));
    return read;
  }

  private Connection borrow(DataSource source) {
    ArrayDeque<Connection> pool = idle.computeIfAbsent(key(source), k -> new ArrayDeque<>());
    synchronized (pool) {
      Connection c = pool.pollFirst();
      if (c != null) {
        return c;
      }
    }
    Connection c = connections.openReadOnly(source);
    try {
      if (source.dialect() == Dialect.POSTGRESQL) {
        c.setAutoCommit(false);
        c.setReadOnly(true);
      }
    } catch (SQLException e) {
      close(c);
      throw new DatabaseUnavailableException(source.name(), e);
    }
    return c;
  }

  private void giveBack(DataSource source, Connection connection, boolean reusable) {
    if (reusable) {
      ArrayDeque<Connection> pool = idle.computeIfAbsent(key(source), k -> new ArrayDeque<>());
      synchronized (pool) {
        if (pool.size() < MAX_IDLE_PER_SOURCE) {
          pool.addFirst(connection);
          return;
        }
      }
    }
    close(connection);
  }

  @Override
  public void close() {
    for (ArrayDeque<Connection> pool : idle.values()) {
      synchronized (pool) {
        pool.forEach(JdbcGovernedQueryAdapter::close);
        pool.clear();
      }
    }
  }

  private static void close(Connection c) {
    try {
      c.close();
    } catch (SQLException ignored) {
      // nothing left to release
    }
  }

  private static String key(DataSource source) {
    return source.name() + "\u0000" + source.jdbcUrl() + "\u0000" + source.credentials();
  }

  private static boolean isConnectionProblem(SQLException e) {
    String state = e.getSQLState();
    return state != null && state.startsWith("08");
  }

  private static String message(SQLException e) {
    String m = e.getMessage();
    return m == null ? e.getClass().getSimpleName() : m.replaceAll("\\s+", " ").strip();
  }

  private static long elapsed(long start) {
    return TimeUnit.NANOSECONDS.toMillis(System.nanoTime() - start);
  }

  static Object value(Object v) throws SQLException {
    return switch (v) {
      case null -> null;
      case String s -> s;
      case Long l -> l;
      case Integer i -> i.longValue();
      case Short s -> s.longValue();
      case Byte b -> b.longValue();
      case BigInteger b -> new BigDecimal(b);
      case BigDecimal b -> b;
      case Double d -> d;
      case Float f -> f.doubleValue();
      case Boolean b -> b;
      case byte[] bytes -> "0x" + HexFormat.of().formatHex(bytes, 0, Math.min(bytes.length, 64));
      case Clob clob -> clob.getSubString(1, (int) Math.min(clob.length(), 1_000_000));
      default -> v.toString();
    };
  }
}
