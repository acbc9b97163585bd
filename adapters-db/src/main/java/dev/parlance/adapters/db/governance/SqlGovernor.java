package dev.parlance.adapters.db.governance;

import dev.parlance.domain.governance.GovernancePolicy;
import dev.parlance.domain.governance.Refusal;
import dev.parlance.domain.governance.RefusalKind;
import dev.parlance.domain.governance.UserIdentity;
import dev.parlance.domain.governance.ViewExpansion;
import dev.parlance.domain.source.DataSource;
import java.security.SecureRandom;
import java.util.HexFormat;
import java.util.List;
import java.util.Locale;
import java.util.Optional;
import java.util.Set;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;
import net.sf.jsqlparser.statement.select.Select;

/**
 * The statement pipeline's parse, allowlist and rewrite: one SQL text in, either a refusal with its
 * reason or the statement to run with what the engine needs to enforce it. Three separately tested
 * steps — {@link StatementScreen} (raw-text checks, parse, statement kind), {@link PolicyRewrite}
 * (every relation resolved, checked and replaced by what the engine governs), {@link RowCap} — then
 * {@link TreeCheck}, an independent traversal of the result, and the target dialect's lexer on the
 * printed text, so that what the database reads is what was checked.
 */
final class SqlGovernor {

  private static final SecureRandom RANDOM = new SecureRandom();
  private static final long WORK_TIMEOUT_MS = 10_000;

  // Long statements are parsed, walked and printed on threads with a deep stack (the parser and
  // the printer recurse over the tree) and a time limit.
  private static final ExecutorService WORKERS =
      Executors.newCachedThreadPool(
          r -> {
            Thread t = new Thread(null, r, "parlance-sql-governor", 64L * 1024 * 1024);
            t.setDaemon(true);
            return t;
          });

  /** What the governor decided. */
  sealed interface Decision {}

  /**
   * The statement may run, as {@code sql}.
   *
   * @param views TEMP views the SQLite executor creates for this statement (empty elsewhere)
   * @param restricted the tables a row filter or column rule binds the user on, lower-case
   */
  record Allowed(String sql, List<PolicyRewrite.TempView> views, Set<String> restricted)
      implements Decision {
    Allowed(String sql) {
      this(sql, List.of(), Set.of());
    }
  }

  record Denied(Refusal refusal) implements Decision {}

  private SqlGovernor() {}

  static Decision decide(
      DataSource source,
      GovernancePolicy policy,
      UserIdentity user,
      String sql,
      Relations relations,
      ViewExpansion views) {
    return decide(source, policy, user, sql, relations, views, defaultAccess(source));
  }

  static PolicyRewrite.Access defaultAccess(DataSource source) {
    return switch (source.dialect()) {
      case SQLITE -> PolicyRewrite.Access.SQLITE_TEMP_VIEWS;
      case POSTGRESQL -> PolicyRewrite.Access.POSTGRES_PROVISIONED;
      case H2 -> PolicyRewrite.Access.PLAIN;
    };
  }

  static Decision decide(
      DataSource source,
      GovernancePolicy policy,
      UserIdentity user,
      String sql,
      Relations relations,
      ViewExpansion views,
      PolicyRewrite.Access access) {
    String text = sql == null ? "" : sql;
    if (policy.closedTo(user)) {
      // A new source is closed to analysts until an administrator publishes its policy.
      return new Denied(
          new Refusal(
              RefusalKind.NO_POLICY,
              "source '"
                  + source.name()
                  + "' is closed to analysts until an administrator publishes its policy (the"
                  + " Policies page, or 'parlance policy set "
                  + source.name()
                  + " --file policy.json')"));
    }
    if (text.length() <= StatementScreen.INLINE_PARSE_LENGTH) {
      return guarded(() -> governed(source, policy, user, text, relations, views, access));
    }
    Future<Decision> work =
        WORKERS.submit(
            () -> guarded(() -> governed(source, policy, user, text, relations, views, access)));
    try {
      return work.get(WORK_TIMEOUT_MS, TimeUnit.MILLISECONDS);
    } catch (TimeoutException e) {
      work.cancel(true);
      return new Denied(
          new Refusal(
              RefusalKind.TOO_COMPLEX,
              "the statement took more than "
                  + WORK_TIMEOUT_MS / 1000
                  + " s to analyse; write it more plainly"));
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
      return couldNotAnalyse(e);
    } catch (ExecutionException e) {
      return couldNotAnalyse(e.getCause() == null ? e : e.getCause());
    }
  }

  private static Decision guarded(java.util.function.Supplier<Allowed> work) {
    try {
      return work.get();
    } catch (Deny d) {
      return new Denied(d.refusal());
    } catch (RuntimeException | StackOverflowError e) {
      // Fail closed: a statement the walk cannot handle is refused, never run unchecked.
      return couldNotAnalyse(e);
    }
  }

  private static Denied couldNotAnalyse(Throwable e) {
    return new Denied(
        new Refusal(
            e instanceof StackOverflowError ? RefusalKind.TOO_COMPLEX : RefusalKind.UNPARSABLE,
            e instanceof StackOverflowError
                ? "the statement is nested too deeply for Parlance to analyse; write it more plainly"
                : "Parlance could not analyse this statement; rewrite it more plainly"));
  }

  private static Allowed governed(
      DataSource source,
      GovernancePolicy policy,
      UserIdentity user,
      String sql,
      Relations relations,
      ViewExpansion views,
      PolicyRewrite.Access access) {
    Select select = StatementScreen.screen(sql, source.dialect(), WORKERS);
    PolicyRewrite rewrite =
        new PolicyRewrite(source, policy, user, relations, views, access, WORKERS, token());
    PolicyRewrite.Result result = rewrite.run(select);
    Select top = RowCap.apply(result.select(), policy.rowCap());
    TreeCheck.check(top, rewrite.governed(), relations.rules());
    String run = top.toString();
    recheck(run, source, relations.rules());
    return new Allowed(run, result.views(), result.restricted());
  }

  private static String token() {
    byte[] bytes = new byte[8];
    RANDOM.nextBytes(bytes);
    return "p" + HexFormat.of().formatHex(bytes);
  }

  /** A second traversal over a rewritten tree; see {@link TreeCheck}. */
  static Optional<Refusal> ungoverned(Select top, Set<Object> governed) {
    return TreeCheck.ungoverned(
        top, governed, DialectRules.of(dev.parlance.domain.source.Dialect.POSTGRESQL));
  }

  // The rewritten text, read as the database will read it.
  private static void recheck(String run, DataSource source, DialectRules rules) {
    SqlLexer.Scan scan = SqlLexer.scan(run, source.dialect());
    if (scan.statements() != 1 || scan.comments() || scan.unterminated()) {
      throw new Deny(
          RefusalKind.UNPARSABLE,
          "the statement reads differently to "
              + source.dialect().name().toLowerCase(Locale.ROOT)
              + " than to Parlance's parser (quoting or escape tricks); write it plainly");
    }
    for (String name : scan.calledNames()) {
      if (rules.forbidsFunction(name)) {
        throw new Deny(
            RefusalKind.FORBIDDEN_FUNCTION,
            "function "
                + name
                + "() is refused: it has side effects or reaches files, the network or other"
                + " sessions");
      }
    }
  }

  static String quote(String identifier) {
    return SqlNames.quote(identifier);
  }

  static String literal(String value) {
    return SqlNames.literal(value);
  }
}
