package dev.parlance.adapters.db.governance;

import static dev.parlance.adapters.db.governance.GovernedStatement.elapsed;
import static dev.parlance.adapters.db.governance.SqlExceptions.isConnectionProblem;
import static dev.parlance.adapters.db.governance.SqlExceptions.message;

import dev.parlance.adapters.db.jdbc.DatabaseUnavailableException;
import dev.parlance.adapters.db.jdbc.JdbcConnections;
import dev.parlance.adapters.db.jdbc.ResultBudget;
import dev.parlance.domain.governance.FailureKind;
import dev.parlance.domain.governance.GovernancePolicy;
import dev.parlance.domain.governance.QueryOutcome;
import dev.parlance.domain.governance.Refusal;
import dev.parlance.domain.governance.RefusalKind;
import dev.parlance.domain.governance.ResultLimits;
import dev.parlance.domain.governance.UserIdentity;
import dev.parlance.domain.governance.ViewExpansion;
import dev.parlance.domain.source.DataSource;
import dev.parlance.domain.source.Dialect;
import java.math.BigDecimal;
import java.math.BigInteger;
import java.sql.Clob;
import java.sql.Connection;
import java.sql.SQLException;
import java.util.HexFormat;
import java.util.Optional;
import java.util.concurrent.atomic.AtomicBoolean;

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

  /**
   * What PostgreSQL's driver may buffer of one fetch (its rows whole, values and all): four times
   * the result's byte budget, at least 1 MiB. A fetch above it ends the result there.
   */
  static long resultBuffer(ResultLimits limits) {
    long budget = limits.maxBytes();
    return budget > Long.MAX_VALUE / 8 ? 0 : Math.max(1L << 20, budget * 4);
  }

  private final ViewExpansion views;
  private final KeptConnections kept;
  private final SourceState state;
  private final GovernedStatement statement;

  JdbcGovernedQueryAdapter(JdbcConnections connections, ViewExpansion views, ResultLimits limits) {
    this.views = views;
    this.kept = new KeptConnections(connections, limits);
    this.state = new SourceState(connections);
    this.statement = new GovernedStatement(limits, state);
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
      kept.discardIdle(source);
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
    KeptConnections.Borrowed borrowed;
    try {
      borrowed = kept.borrow(source, mayUseKept, policy.timeoutFor(user).toMillis());
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
        known = state.relations(source, connection);
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
      GovernedStatement.Mode mode = GovernedStatement.Mode.PLAIN;
      if (source.dialect() == Dialect.POSTGRESQL) {
        String digest = state.provisioned(source, connection, policy);
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
          mode = GovernedStatement.Mode.ENFORCED;
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
              mode == GovernedStatement.Mode.ENFORCED
                  ? PolicyRewrite.Access.POSTGRES_PROVISIONED
                  : PolicyRewrite.Access.PLAIN);
      if (decision instanceof SqlGovernor.Denied denied) {
        return new QueryOutcome.Refused(denied.refusal(), asked, Optional.empty(), elapsed(start));
      }
      String run = ((SqlGovernor.Allowed) decision).sql();
      return statement.run(connection, source, policy, user, mode, asked, run, start, sent);
    } catch (SQLException e) {
      reusable = false;
      if (isConnectionProblem(e)) {
        if (borrowed.kept() && !sent.get()) {
          throw new StaleConnection();
        }
        // The server went away under the statement: the kept connections went with it.
        kept.discardIdle(source);
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
      kept.giveBack(source, connection, reusable);
    }
  }

  private static QueryOutcome unenforceable(String reason, String asked, long start) {
    return new QueryOutcome.Refused(
        new Refusal(RefusalKind.UNENFORCEABLE_POLICY, reason),
        asked,
        Optional.empty(),
        elapsed(start));
  }

  @Override
  public void close() {
    kept.closeAll();
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
