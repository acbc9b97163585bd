package dev.parlance.adapters.db.governance;

import dev.parlance.domain.governance.RefusalKind;
import dev.parlance.domain.governance.StatementKeywords;
import dev.parlance.domain.source.Dialect;
import java.util.Locale;
import java.util.Optional;
import java.util.concurrent.ExecutorService;
import java.util.function.Consumer;
import net.sf.jsqlparser.JSQLParserException;
import net.sf.jsqlparser.parser.AbstractJSqlParser;
import net.sf.jsqlparser.parser.CCJSqlParser;
import net.sf.jsqlparser.parser.CCJSqlParserUtil;
import net.sf.jsqlparser.statement.Block;
import net.sf.jsqlparser.statement.Commit;
import net.sf.jsqlparser.statement.ResetStatement;
import net.sf.jsqlparser.statement.RollbackStatement;
import net.sf.jsqlparser.statement.SavepointStatement;
import net.sf.jsqlparser.statement.SetStatement;
import net.sf.jsqlparser.statement.ShowStatement;
import net.sf.jsqlparser.statement.Statement;
import net.sf.jsqlparser.statement.Statements;
import net.sf.jsqlparser.statement.UseStatement;
import net.sf.jsqlparser.statement.alter.Alter;
import net.sf.jsqlparser.statement.alter.AlterSession;
import net.sf.jsqlparser.statement.alter.AlterSystemStatement;
import net.sf.jsqlparser.statement.alter.RenameTableStatement;
import net.sf.jsqlparser.statement.alter.sequence.AlterSequence;
import net.sf.jsqlparser.statement.comment.Comment;
import net.sf.jsqlparser.statement.create.function.CreateFunction;
import net.sf.jsqlparser.statement.create.index.CreateIndex;
import net.sf.jsqlparser.statement.create.procedure.CreateProcedure;
import net.sf.jsqlparser.statement.create.schema.CreateSchema;
import net.sf.jsqlparser.statement.create.sequence.CreateSequence;
import net.sf.jsqlparser.statement.create.synonym.CreateSynonym;
import net.sf.jsqlparser.statement.create.table.CreateTable;
import net.sf.jsqlparser.statement.create.view.AlterView;
import net.sf.jsqlparser.statement.create.view.CreateView;
import net.sf.jsqlparser.statement.delete.Delete;
import net.sf.jsqlparser.statement.drop.Drop;
import net.sf.jsqlparser.statement.grant.Grant;
import net.sf.jsqlparser.statement.insert.Insert;
import net.sf.jsqlparser.statement.merge.Merge;
import net.sf.jsqlparser.statement.select.Select;
import net.sf.jsqlparser.statement.select.TableStatement;
import net.sf.jsqlparser.statement.select.Values;
import net.sf.jsqlparser.statement.truncate.Truncate;
import net.sf.jsqlparser.statement.update.Update;
import net.sf.jsqlparser.statement.upsert.Upsert;

/**
 * The first step of the pipeline: checks on the raw text (empty, too long, too deep, several
 * statements, the first keyword, unterminated literals), then the parse, then the statement's kind.
 * Only a single query passes; everything else is refused with its class and a reason.
 */
final class StatementScreen {

  static final int MAX_LENGTH = 100_000;
  static final int MAX_DEPTH = 64;

  /**
   * Terms joined by AND, OR and {@code ||} per statement. The parser's time grows faster than the
   * chain (a 1,000-term OR reads in ~0.07 s warm, a 2,600-term one in ~0.9 s warm and over 3 s in a
   * cold JVM under load): a count, unlike the parse's time limit, gives the same answer every time.
   */
  static final int MAX_TERMS = 1_000;

  private static final long PARSE_TIMEOUT_MS = 3_000;
  static final int INLINE_PARSE_LENGTH = 4_000;
  static final int INLINE_PARSE_DEPTH = 12;

  private StatementScreen() {}

  /** The one query {@code sql} holds. */
  static Select screen(String sql, Dialect dialect, ExecutorService parser) {
    if (sql.isBlank()) {
      throw new Deny(RefusalKind.EMPTY, "the statement is empty");
    }
    if (sql.length() > MAX_LENGTH) {
      throw new Deny(
          RefusalKind.TOO_LONG,
          "the statement has " + sql.length() + " characters; the limit is " + MAX_LENGTH);
    }
    SqlLexer.Scan scan = SqlLexer.scan(sql, dialect);
    if (scan.maxDepth() > MAX_DEPTH) {
      throw new Deny(
          RefusalKind.TOO_COMPLEX,
          "the statement nests parentheses "
              + scan.maxDepth()
              + " deep; the limit is "
              + MAX_DEPTH);
    }
    if (scan.statements() == 0) {
      throw new Deny(RefusalKind.EMPTY, "the statement holds nothing but comments or semicolons");
    }
    if (scan.statements() > 1) {
      throw multiple(scan.statements());
    }
    Optional<RefusalKind> byKeyword = StatementKeywords.classify(scan.firstKeyword());
    if (byKeyword.isPresent()) {
      throw new Deny(
          byKeyword.get(),
          "'"
              + scan.firstKeyword().toUpperCase(Locale.ROOT)
              + "' statements are refused: "
              + byKeyword.get().description()
              + "; Parlance runs read-only queries only");
    }
    if (scan.unterminated()) {
      throw new Deny(
          RefusalKind.UNPARSABLE, "the statement has an unterminated string, name or comment");
    }
    if (scan.connectives() + 1 > MAX_TERMS) {
      throw new Deny(
          RefusalKind.TOO_COMPLEX,
          String.format(
              Locale.ROOT,
              "the statement joins %,d terms with AND, OR or ||; the limit is %,d: write a long"
                  + " list of values as IN (…)",
              scan.connectives() + 1,
              MAX_TERMS));
    }
    Statements statements = parse(sql, dialect, scan.maxDepth(), parser);
    if (statements.size() != 1) {
      throw multiple(statements.size());
    }
    Statement statement = statements.get(0);
    if (statement instanceof Select select
        && !(statement instanceof Values)
        && !(statement instanceof TableStatement)) {
      return select;
    }
    throw refuse(statement);
  }

  private static Deny multiple(int count) {
    return new Deny(
        RefusalKind.MULTIPLE_STATEMENTS,
        "found " + count + " statements; Parlance runs exactly one query at a time");
  }

  /** What kind of statement it is, by the parser's statement types, and why it is refused. */
  static Deny refuse(Statement statement) {
    record Kind(RefusalKind kind, String label) {}
    Kind k =
        switch (statement) {
          case Insert i -> new Kind(RefusalKind.DATA_CHANGE, "Insert");
          case Update u -> new Kind(RefusalKind.DATA_CHANGE, "Update");
          case Delete d -> new Kind(RefusalKind.DATA_CHANGE, "Delete");
          case Merge m -> new Kind(RefusalKind.DATA_CHANGE, "Merge");
          case Upsert u -> new Kind(RefusalKind.DATA_CHANGE, "Upsert");
          case Truncate t -> new Kind(RefusalKind.DATA_CHANGE, "Truncate");
          case CreateTable c -> new Kind(RefusalKind.SCHEMA_CHANGE, "Create Table");
          case CreateView c -> new Kind(RefusalKind.SCHEMA_CHANGE, "Create View");
          case CreateIndex c -> new Kind(RefusalKind.SCHEMA_CHANGE, "Create Index");
          case CreateSchema c -> new Kind(RefusalKind.SCHEMA_CHANGE, "Create Schema");
          case CreateSequence c -> new Kind(RefusalKind.SCHEMA_CHANGE, "Create Sequence");
          case CreateFunction c -> new Kind(RefusalKind.SCHEMA_CHANGE, "Create Function");
          case CreateProcedure c -> new Kind(RefusalKind.SCHEMA_CHANGE, "Create Procedure");
          case CreateSynonym c -> new Kind(RefusalKind.SCHEMA_CHANGE, "Create Synonym");
          case Alter a -> new Kind(RefusalKind.SCHEMA_CHANGE, "Alter");
          case AlterView a -> new Kind(RefusalKind.SCHEMA_CHANGE, "Alter View");
          case AlterSequence a -> new Kind(RefusalKind.SCHEMA_CHANGE, "Alter Sequence");
          case AlterSession a -> new Kind(RefusalKind.SCHEMA_CHANGE, "Alter Session");
          case AlterSystemStatement a -> new Kind(RefusalKind.SCHEMA_CHANGE, "Alter System");
          case Drop d -> new Kind(RefusalKind.SCHEMA_CHANGE, "Drop");
          case Grant g -> new Kind(RefusalKind.SCHEMA_CHANGE, "Grant");
          case Comment c -> new Kind(RefusalKind.SCHEMA_CHANGE, "Comment");
          case RenameTableStatement r -> new Kind(RefusalKind.SCHEMA_CHANGE, "Rename Table");
          case Commit c -> new Kind(RefusalKind.TRANSACTION_CONTROL, "Commit");
          case RollbackStatement r -> new Kind(RefusalKind.TRANSACTION_CONTROL, "Rollback");
          case SavepointStatement s -> new Kind(RefusalKind.TRANSACTION_CONTROL, "Savepoint");
          case Block b -> new Kind(RefusalKind.TRANSACTION_CONTROL, "Block");
          case SetStatement s -> new Kind(RefusalKind.SESSION_CONTROL, "Set");
          case ResetStatement r -> new Kind(RefusalKind.SESSION_CONTROL, "Reset");
          case UseStatement u -> new Kind(RefusalKind.SESSION_CONTROL, "Use");
          case ShowStatement s -> new Kind(RefusalKind.SESSION_CONTROL, "Show");
          case Values v -> new Kind(RefusalKind.NOT_A_QUERY, "Values");
          case TableStatement t -> new Kind(RefusalKind.NOT_A_QUERY, "Table");
          default -> new Kind(RefusalKind.NOT_A_QUERY, "This kind of");
        };
    return new Deny(
        k.kind(),
        k.label()
            + " statements are refused: "
            + k.kind().description()
            + "; Parlance runs read-only queries only");
  }

  // Per dialect: PostgreSQL's and H2's grammar variants; SQLite also quotes names in brackets.
  // Short, shallow statements parse on the caller's thread (the hand-off to a timed thread costs
  // more than their parse); longer or deeper ones get a thread and a time limit.
  static Statements parse(String sql, Dialect dialect, int depth, ExecutorService parser) {
    Consumer<CCJSqlParser> configure =
        p -> {
          p.withTimeOut(PARSE_TIMEOUT_MS).withBackslashEscapeCharacter(false);
          switch (dialect) {
            case POSTGRESQL -> p.withDialect(AbstractJSqlParser.Dialect.POSTGRESQL);
            case H2 -> p.withDialect(AbstractJSqlParser.Dialect.H2);
            case SQLITE -> p.withSquareBracketQuotation(true);
          }
        };
    try {
      if (sql.length() <= INLINE_PARSE_LENGTH && depth <= INLINE_PARSE_DEPTH) {
        try {
          CCJSqlParser p = CCJSqlParserUtil.newParser(sql);
          configure.accept(p);
          return p.Statements();
        } catch (net.sf.jsqlparser.parser.ParseException
            | net.sf.jsqlparser.parser.TokenMgrException e) {
          // Rare: let the full parser (which retries with complex parsing) have a go.
        }
      }
      return CCJSqlParserUtil.parseStatements(sql, parser, configure);
    } catch (JSQLParserException e) {
      throw new Deny(
          RefusalKind.UNPARSABLE, "cannot parse the statement: " + ParseErrors.describe(e));
    } catch (StackOverflowError e) {
      throw new Deny(RefusalKind.TOO_COMPLEX, "the statement is nested too deeply to read");
    }
  }
}
