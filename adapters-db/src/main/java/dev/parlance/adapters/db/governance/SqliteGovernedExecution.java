package dev.parlance.adapters.db.governance;

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
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.TimeUnit;

/**
 * Governed execution on SQLite through the system library: the statement is governed by the parser
 * pipeline, then compiled by the engine with the authorizer checking every table and column it
 * actually reads (restricted tables only through this statement's governed TEMP views), checked
 * read-only, and run within the engine's length, depth and memory limits and the policy's deadline.
 * The engine that authorises the statement is the one that runs it.
 */
final class SqliteGovernedExecution implements QueryExecution {

  private static final long RELATIONS_TTL_NANOS = TimeUnit.SECONDS.toNanos(60);
  private static final int MAX_IDLE_PER_SOURCE = 4;

  private record CachedRelations(Relations relations, long readAt) {}

  private final ViewExpansion views;
  private final ResultLimits limits;
  private final Map<String, ArrayDeque<SqliteSession>> idle = new ConcurrentHashMap<>();
  private final Map<String, CachedRelations> relations = new ConcurrentHashMap<>();

  SqliteGovernedExecution(ViewExpansion views, ResultLimits limits) {
    this.views = views;
    this.limits = limits;
  }

  @Override
  public QueryOutcome execute(
      DataSource source, GovernancePolicy policy, UserIdentity user, String sql) {
    long start = System.nanoTime();
    String asked = sql == null ? "" : sql;
    String problem = SqliteLibrary.problem();
    if (problem != null) {
      return new QueryOutcome.Failed(
          FailureKind.UNAVAILABLE,
          problem,
          asked,
          Optional.empty(),
          elapsed(start),
          "engine library missing");
    }
    String path = path(source);
    if (path == null) {
      return new QueryOutcome.Failed(
          FailureKind.UNAVAILABLE,
          "no SQLite database file at " + filePart(source),
          asked,
          Optional.empty(),
          elapsed(start),
          "database file missing");
    }
    SqliteSession session;
    try {
      session = borrow(source, path);
    } catch (SqliteSession.SqliteException e) {
      return new QueryOutcome.Failed(
          FailureKind.UNAVAILABLE,
          "cannot open SQLite database " + path + ": " + e.getMessage(),
          asked,
          Optional.empty(),
          elapsed(start),
          "cannot open the database");
    }
    boolean reusable = true;
    try {
      Relations known;
      try {
        known = relations(source, session);
      } catch (SqliteSession.SqliteException e) {
        reusable = false;
        return new QueryOutcome.Failed(
            FailureKind.UNAVAILABLE,
            "cannot read the tables of source " + source.name() + ": " + e.getMessage(),
            asked,
            Optional.empty(),
            elapsed(start),
            "cannot read the schema");
      }
      SqlGovernor.Decision decision =
          SqlGovernor.decide(
              source, policy, user, asked, known, views, PolicyRewrite.Access.SQLITE_TEMP_VIEWS);
      if (decision instanceof SqlGovernor.Denied denied) {
        return new QueryOutcome.Refused(denied.refusal(), asked, Optional.empty(), elapsed(start));
      }
      SqlGovernor.Allowed allowed = (SqlGovernor.Allowed) decision;
      return run(session, known, policy, allowed, asked, policy.timeoutFor(user).toMillis(), start);
    } finally {
      giveBack(source, session, reusable);
    }
  }

  private QueryOutcome run(
      SqliteSession session,
      Relations known,
      GovernancePolicy policy,
      SqlGovernor.Allowed allowed,
      String asked,
      long timeoutMs,
      long start) {
    Set<String> viewNames = new HashSet<>();
    List<String> created = new ArrayList<>();
    try {
      for (PolicyRewrite.TempView v : allowed.views()) {
        session.createView(v.name(), v.sql());
        created.add(v.name());
        viewNames.add(v.name());
      }
      SqliteAuthorizer.Request request =
          new SqliteAuthorizer.Request(
              viewNames,
              readable(known, policy, allowed.restricted()),
              known.all().stream()
                  .map(r -> r.name().toLowerCase(Locale.ROOT))
                  .collect(java.util.stream.Collectors.toSet()),
              asked);
      try {
        SqliteSession.Rows rows =
            session.run(
                request,
                allowed.sql(),
                new ResultBudget(
                    limits, policy.rowCap(), System.nanoTime() + timeoutMs * 1_000_000L),
                timeoutMs);
        List<ResultColumn> columns = new ArrayList<>();
        for (int i = 0; i < rows.names().size(); i++) {
          columns.add(new ResultColumn(rows.names().get(i), rows.types().get(i)));
        }
        return new QueryOutcome.Ran(
            new QueryResult(
                columns,
                rows.rows(),
                rows.truncated(),
                elapsed(start),
                asked,
                allowed.sql(),
                rows.cuts()));
      } catch (SqliteSession.SqliteException e) {
        if (request.denial() != null) {
          return new QueryOutcome.Refused(
              request.denial(), asked, Optional.of(allowed.sql()), elapsed(start));
        }
        if (e.code() == SqliteLibrary.AUTH) {
          return new QueryOutcome.Refused(
              new Refusal(
                  RefusalKind.NOT_A_QUERY,
                  "the database engine refused the statement: " + e.getMessage()),
              asked,
              Optional.of(allowed.sql()),
              elapsed(start));
        }
        if (e.code() == SqliteLibrary.INTERRUPT) {
          return new QueryOutcome.Failed(
              FailureKind.TIMEOUT,
              "cancelled after the policy's timeout of " + timeoutMs + " ms",
              asked,
              Optional.of(allowed.sql()),
              elapsed(start),
              "cancelled at the policy's timeout");
        }
        DatabaseErrors.Described d =
            DatabaseErrors.describe(
                e.getMessage(),
                e.codeName(),
                position(allowed.sql(), e.offset()),
                asked,
                allowed.sql());
        return new QueryOutcome.Failed(
            FailureKind.DATABASE_ERROR,
            d.message(),
            asked,
            Optional.of(allowed.sql()),
            elapsed(start),
            d.kind());
      }
    } catch (SqliteSession.SqliteException e) {
      DatabaseErrors.Described d = DatabaseErrors.describe(e.getMessage(), e.codeName(), 0, "");
      return new QueryOutcome.Refused(
          new Refusal(
              RefusalKind.UNPARSABLE,
              "the policy's row filters or masks do not compile on this database ("
                  + d.kind()
                  + "); ask a steward to fix the policy"),
          asked,
          Optional.empty(),
          elapsed(start));
    } finally {
      for (String name : created) {
        try {
          session.dropView(name);
        } catch (SqliteSession.SqliteException ignored) {
          // the connection goes on; the name was never shown before this statement ended
        }
      }
    }
  }

  // What the user may read directly: allowed relations no filter or rule restricts for them.
  private static Set<String> readable(
      Relations known, GovernancePolicy policy, Set<String> restricted) {
    Set<String> out = new HashSet<>();
    for (Relations.Relation r : known.all()) {
      String key = r.name().toLowerCase(Locale.ROOT);
      if (policy.allowsRelation(r.policySchema(), r.name(), r.view())
          && !restricted.contains(key)) {
        out.add(key);
      }
    }
    return out;
  }

  // SQLite reports a byte offset into the statement; users count characters from 1.
  private static int position(String sql, int byteOffset) {
    if (byteOffset < 0) {
      return 0;
    }
    byte[] utf8 = sql.getBytes(StandardCharsets.UTF_8);
    int bytes = Math.min(byteOffset, utf8.length);
    return new String(utf8, 0, bytes, StandardCharsets.UTF_8).length() + 1;
  }

  private Relations relations(DataSource source, SqliteSession session)
      throws SqliteSession.SqliteException {
    String key = key(source);
    CachedRelations cached = relations.get(key);
    long now = System.nanoTime();
    if (cached != null && now - cached.readAt() < RELATIONS_TTL_NANOS) {
      return cached.relations();
    }
    Relations read = session.relations(DialectRules.of(source.dialect()));
    relations.put(key, new CachedRelations(read, now));
    return read;
  }

  private SqliteSession borrow(DataSource source, String path)
      throws SqliteSession.SqliteException {
    ArrayDeque<SqliteSession> pool = idle.computeIfAbsent(key(source), k -> new ArrayDeque<>());
    synchronized (pool) {
      SqliteSession s = pool.pollFirst();
      if (s != null) {
        return s;
      }
    }
    return SqliteSession.open(path);
  }

  private void giveBack(DataSource source, SqliteSession session, boolean reusable) {
    if (reusable) {
      ArrayDeque<SqliteSession> pool = idle.computeIfAbsent(key(source), k -> new ArrayDeque<>());
      synchronized (pool) {
        if (pool.size() < MAX_IDLE_PER_SOURCE) {
          pool.addFirst(session);
          return;
        }
      }
    }
    session.close();
  }

  @Override
  public void close() {
    for (ArrayDeque<SqliteSession> pool : idle.values()) {
      synchronized (pool) {
        pool.forEach(SqliteSession::close);
        pool.clear();
      }
    }
  }

  private static String key(DataSource source) {
    return source.name() + "\u0000" + source.jdbcUrl();
  }

  private static String filePart(DataSource source) {
    String path = source.jdbcUrl().substring("jdbc:sqlite:".length());
    int query = path.indexOf('?');
    if (query >= 0) {
      path = path.substring(0, query);
    }
    if (path.startsWith("file:")) {
      path = path.substring("file:".length());
    }
    return path;
  }

  /** The database file a source names, or null when there is none. */
  private static String path(DataSource source) {
    String path = filePart(source);
    if (path.isEmpty() || path.equals(":memory:")) {
      return ":memory:";
    }
    return Files.isRegularFile(Path.of(path)) ? path : null;
  }

  private static long elapsed(long start) {
    return TimeUnit.NANOSECONDS.toMillis(System.nanoTime() - start);
  }
}
