package dev.parlance.adapters.db.governance;

import dev.parlance.adapters.db.jdbc.DatabaseUnavailableException;
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
 * Runs governed statements over JDBC on PostgreSQL and H2, on connections that are read-only at the
 * database level (PostgreSQL {@code READ ONLY} transactions that are always rolled back, H2 {@code
 * ACCESS_MODE_DATA=r}). A watchdog cancels a statement at the user's timeout (the largest of their
 * roles' own timeouts, else the policy's); PostgreSQL also gets it as {@code statement_timeout},
 * with {@code work_mem} bounded. Rows are streamed and reading stops at the row cap.
 *
 * <p>On a PostgreSQL database where {@code policy apply} provisioned the current policy, every
 * statement runs as {@link PostgresGovernance#QUERY_ROLE} with the user's signed request context:
 * the engine's row-level security and masking views enforce the policy. A user whom a row filter or
 * column rule binds is refused where the engine cannot enforce it: an unprovisioned or outdated
 * PostgreSQL database, and H2 (a development-only source kind).
 */
final class JdbcGovernedQueryAdapter implements QueryExecution {

  private static final Pattern PLAN_COST = Pattern.compile("cost=[0-9.]+\\.\\.([0-9.]+)");
  private static final long PROVISIONING_TTL_NANOS = TimeUnit.SECONDS.toNanos(60);

  /** Memory per sort or hash step of a statement on PostgreSQL. */
  static final String WORK_MEM = "64MB";

  private static final long RELATIONS_TTL_NANOS = TimeUnit.SECONDS.toNanos(60);
  private static final int MAX_IDLE_PER_SOURCE = 4;

  /**
   * What PostgreSQL's driver may buffer of one fetch (its rows whole, values and all): four times
   * the result's byte budget, at least 1 MiB. A fetch above it ends the result there.
   */
  static long resultBuffer(ResultLimits limits) {
    long budget = limits.maxBytes();
    return budget > Long.MAX_VALUE / 8 ? 0 : Math.max(1L << 20, budget * 4);
  }

  /**
   * Rows of a statement's first fetch: few, so that even rows of the widest values the budget cuts
   * fit the driver's buffer; later fetches take what the buffer holds.
   */
  static final int FIRST_FETCH_ROWS = 2;

  /** How much longer than the policy's timeout a read on the connection may wait for the server. */
  static final long NETWORK_MARGIN_MS = 5_000;

  private static final ScheduledExecutorService WATCHDOG =
      Executors.newSingleThreadScheduledExecutor(
          r -> {
            Thread t = new Thread(r, "parlance-statement-watchdog");
            t.setDaemon(true);
            return t;
          });

  private record CachedRelations(Relations relations, long readAt) {}

  /** What {@code policy apply} left in a PostgreSQL database: the policy digest, or none. */
  private record Provisioned(String digest, long readAt) {}

  private enum Mode {
    /** Parser governance on the connection's own role: nothing binds the user. */
    PLAIN,
    /** The provisioned policy, enforced by the engine under the query role. */
    ENFORCED
  }

  private final JdbcConnections connections;
  private final ViewExpansion views;
  private final ResultLimits limits;
  private final Map<String, ArrayDeque<Connection>> idle = new ConcurrentHashMap<>();
  private final Map<String, CachedRelations> relations = new ConcurrentHashMap<>();
  private final Map<String, Provisioned> provisioned = new ConcurrentHashMap<>();
  private final Map<String, byte[]> contextKeys = new ConcurrentHashMap<>();

  JdbcGovernedQueryAdapter(JdbcConnections connections, ViewExpansion views, ResultLimits limits) {
    this.connections = connections;
    this.views = views;
    this.limits = limits;
  }

  @Override
  public QueryOutcome execute(
      DataSource source, GovernancePolicy policy, UserIdentity user, String sql) {
    long start = System.nanoTime();
    try {
      return execute(source, policy, user, sql, start, true);
    } catch (StaleConnection stale) {
      // A kept connection died while idle (the server restarted): the others did too. Nothing of
      // the user's statement was sent, so it runs once more on a new connection (which is never
      // stale: it is not a kept one).
      discardIdle(source);
      return execute(source, policy, user, sql, start, false);
    }
  }

  /** A kept connection failed before the user's statement was sent; never leaves this class. */
  private static final class StaleConnection extends RuntimeException {
    StaleConnection() {
      super(null, null, false, false);
    }
  }

  private QueryOutcome execute(
      DataSource source,
      GovernancePolicy policy,
      UserIdentity user,
      String sql,
      long start,
      boolean mayUseKept) {
    String asked = sql == null ? "" : sql;
    Borrowed borrowed;
    try {
      borrowed = borrow(source, mayUseKept, policy.timeoutFor(user).toMillis());
    } catch (DatabaseUnavailableException e) {
      return new QueryOutcome.Failed(
          FailureKind.UNAVAILABLE, e.getMessage(), asked, Optional.empty(), elapsed(start));
    }
    Connection connection = borrowed.connection();
    AtomicBoolean sent = new AtomicBoolean();
    boolean reusable = true;
    try {
      Relations known;
      try {
        known = relations(source, connection);
      } catch (SQLException e) {
        reusable = false;
        if (borrowed.kept() && isConnectionProblem(e)) {
          throw new StaleConnection();
        }
        return new QueryOutcome.Failed(
            FailureKind.UNAVAILABLE,
            "cannot read the tables of source " + source.name() + ": " + e.getMessage(),
            asked,
            Optional.empty(),
            elapsed(start));
      }
      Mode mode = Mode.PLAIN;
      if (source.dialect() == Dialect.POSTGRESQL) {
        String digest = provisioned(source, connection, policy);
        if (digest != null) {
          if (!digest.equals(policy.enforcementDigest())) {
            return unenforceable(
                "the database of source '"
                    + source.name()
                    + "' holds another version of its policy than version "
                    + policy.version()
                    + "; an administrator provisions it with 'parlance policy apply --source "
                    + source.name()
                    + "'",
                asked,
                start);
          }
          mode = Mode.ENFORCED;
        } else if (policy.restrictsAnything(user)) {
          return unenforceable(
              "row filters and column rules bind you on source '"
                  + source.name()
                  + "', but its database does not enforce them yet; an administrator provisions"
                  + " them with 'parlance policy apply --source "
                  + source.name()
                  + "'",
              asked,
              start);
        }
      } else if (policy.restrictsAnything(user)) {
        return unenforceable(
            "source '"
                + source.name()
                + "' is an H2 database, a development-only source kind that cannot enforce row"
                + " filters or column rules; they bind you, so Parlance runs nothing for you here"
                + " (use SQLite or PostgreSQL for governed data)",
            asked,
            start);
      }
      SqlGovernor.Decision decision =
          SqlGovernor.decide(
              source,
              policy,
              user,
              asked,
              known,
              views,
              mode == Mode.ENFORCED
                  ? PolicyRewrite.Access.POSTGRES_PROVISIONED
                  : PolicyRewrite.Access.PLAIN);
      if (decision instanceof SqlGovernor.Denied denied) {
        return new QueryOutcome.Refused(denied.refusal(), asked, Optional.empty(), elapsed(start));
      }
      String run = ((SqlGovernor.Allowed) decision).sql();
      return run(connection, source, policy, user, mode, asked, run, start, sent);
    } catch (SQLException e) {
      reusable = false;
      if (isConnectionProblem(e)) {
        if (borrowed.kept() && !sent.get()) {
          throw new StaleConnection();
        }
        // The server went away under the statement: the kept connections went with it.
        discardIdle(source);
        return new QueryOutcome.Failed(
            FailureKind.UNAVAILABLE,
            "the database server of source "
                + source.name()
                + " ended the connection during the statement (it stopped, restarted or stopped"
                + " answering): "
                + message(e),
            asked,
            Optional.empty(),
            elapsed(start));
      }
      return new QueryOutcome.Failed(
          FailureKind.UNAVAILABLE, message(e), asked, Optional.empty(), elapsed(start));
    } catch (DatabaseUnavailableException e) {
      return new QueryOutcome.Failed(
          FailureKind.UNAVAILABLE, e.getMessage(), asked, Optional.empty(), elapsed(start));
    } finally {
      giveBack(source, connection, reusable);
    }
  }

  private static QueryOutcome unenforceable(String reason, String asked, long start) {
    return new QueryOutcome.Refused(
        new Refusal(RefusalKind.UNENFORCEABLE_POLICY, reason),
        asked,
        Optional.empty(),
        elapsed(start));
  }

  private QueryOutcome run(
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
                3, PostgresGovernance.context(user, pid, timeoutMs + 60_000, contextKey(source)));
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
                  + resultBuffer(limits) / (1024 * 1024)
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
              row.add(value(rs.getObject(i), budget));
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
          DatabaseErrors.describe(serverMessage(e), e.getSQLState(), serverPosition(e), asked);
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

  static boolean isResultBufferExceeded(SQLException e) {
    for (Throwable t = e; t != null; t = t.getCause()) {
      String m = t.getMessage();
      if (m != null && m.contains("maxResultBuffer")) {
        return true;
      }
    }
    return false;
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

  private static String serverMessage(SQLException e) {
    if (e instanceof org.postgresql.util.PSQLException p && p.getServerErrorMessage() != null) {
      return p.getServerErrorMessage().getMessage();
    }
    return e.getMessage();
  }

  private static int serverPosition(SQLException e) {
    if (e instanceof org.postgresql.util.PSQLException p && p.getServerErrorMessage() != null) {
      return p.getServerErrorMessage().getPosition();
    }
    return 0;
  }

  // The policy digest {@code policy apply} recorded, or null: re-read when it differs from the
  // policy in hand (it may just have been applied) and otherwise every minute.
  private String provisioned(DataSource source, Connection connection, GovernancePolicy policy)
      throws SQLException {
    String key = key(source);
    Provisioned cached = provisioned.get(key);
    long now = System.nanoTime();
    if (cached != null
        && now - cached.readAt() < PROVISIONING_TTL_NANOS
        && (cached.digest() == null || cached.digest().equals(policy.enforcementDigest()))) {
      return cached.digest();
    }
    String digest = null;
    try (Statement st = connection.createStatement()) {
      try (ResultSet rs =
          st.executeQuery(
              "SELECT to_regclass('" + PostgresGovernance.SCHEMA + ".applied') IS NOT NULL")) {
        rs.next();
        if (rs.getBoolean(1)) {
          try (ResultSet applied =
              st.executeQuery(
                  "SELECT policy_digest FROM " + PostgresGovernance.SCHEMA + ".applied")) {
            digest = applied.next() ? applied.getString(1) : null;
          }
        }
      }
    } finally {
      connection.rollback();
    }
    provisioned.put(key, new Provisioned(digest, now));
    return digest;
  }

  private byte[] contextKey(DataSource source) {
    return contextKeys.computeIfAbsent(
        key(source),
        k ->
            PostgresGovernance.key(
                connections
                    .password(source)
                    .orElseThrow(
                        () ->
                            new DatabaseUnavailableException(
                                source.name(),
                                "its credentials name no password, from which the request"
                                    + " context's key derives"))));
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

  /** A connection, and whether it was kept from an earlier statement. */
  private record Borrowed(Connection connection, boolean kept) {}

  private Borrowed borrow(DataSource source, boolean mayUseKept, long timeoutMs) {
    Connection c = null;
    if (mayUseKept) {
      ArrayDeque<Connection> pool = idle.computeIfAbsent(key(source), k -> new ArrayDeque<>());
      synchronized (pool) {
        c = pool.pollFirst();
      }
    }
    boolean kept = c != null;
    if (c == null) {
      c = connections.openReadOnly(source, resultBuffer(limits));
    }
    try {
      if (source.dialect() == Dialect.POSTGRESQL) {
        if (!kept) {
          c.setAutoCommit(false);
          c.setReadOnly(true);
        }
        // A server that stops answering (frozen, or the network cut) ends the wait: the policy's
        // timeout bounds the statement, this bounds every read on the connection.
        c.setNetworkTimeout(
            Runnable::run, (int) Math.min(Integer.MAX_VALUE, timeoutMs + NETWORK_MARGIN_MS));
      }
    } catch (SQLException e) {
      close(c);
      throw new DatabaseUnavailableException(source.name(), e);
    }
    return new Borrowed(c, kept);
  }

  private void discardIdle(DataSource source) {
    ArrayDeque<Connection> pool = idle.get(key(source));
    if (pool == null) {
      return;
    }
    List<Connection> dropped;
    synchronized (pool) {
      dropped = new ArrayList<>(pool);
      pool.clear();
    }
    dropped.forEach(JdbcGovernedQueryAdapter::close);
  }

  private void giveBack(DataSource source, Connection connection, boolean reusable) {
    if (reusable && isOpen(connection)) {
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

  private static boolean isOpen(Connection connection) {
    try {
      return !connection.isClosed();
    } catch (SQLException e) {
      return false;
    }
  }

  // The connection is gone: a connection exception (08…), or PostgreSQL ending the session
  // because it shuts down or restarts (57P01–57P03).
  private static boolean isConnectionProblem(SQLException e) {
    String state = e.getSQLState();
    return state != null
        && (state.startsWith("08")
            || state.equals("57P01")
            || state.equals("57P02")
            || state.equals("57P03"));
  }

  private static String message(SQLException e) {
    String m = e.getMessage();
    return m == null ? e.getClass().getSimpleName() : m.replaceAll("\\s+", " ").strip();
  }

  private static long elapsed(long start) {
    return TimeUnit.NANOSECONDS.toMillis(System.nanoTime() - start);
  }

  static Object value(Object v) throws SQLException {
    return value(v, ResultBudget.unlimited(1));
  }

  /** A driver's value as a result holds it, text shortened to the budget's longest value. */
  static Object value(Object v, ResultBudget budget) throws SQLException {
    return switch (v) {
      case null -> null;
      case String s -> budget.text(s);
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
      case Clob clob ->
          budget.text(
              clob.getSubString(
                  1,
                  (int) Math.min(clob.length(), Math.min(1_000_000, budget.maxValueBytes() + 1))));
      default -> budget.text(v.toString());
    };
  }
}
