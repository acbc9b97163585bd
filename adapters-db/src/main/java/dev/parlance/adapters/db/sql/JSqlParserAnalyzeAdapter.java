package dev.parlance.adapters.db.sql;

import dev.parlance.domain.catalog.Names;
import dev.parlance.domain.catalog.SchemaCatalog;
import dev.parlance.domain.sql.AnalyzeSqlPort;
import dev.parlance.domain.sql.SqlShape;
import java.util.LinkedHashSet;
import java.util.Optional;
import java.util.Set;
import net.sf.jsqlparser.JSQLParserException;
import net.sf.jsqlparser.parser.CCJSqlParserUtil;
import net.sf.jsqlparser.statement.Statement;
import net.sf.jsqlparser.statement.select.ParenthesedSelect;
import net.sf.jsqlparser.statement.select.PlainSelect;
import net.sf.jsqlparser.statement.select.Select;
import net.sf.jsqlparser.statement.select.SetOperationList;
import net.sf.jsqlparser.util.TablesNamesFinder;

/** Reads a statement's tables, columns and top-level ordering with JSqlParser. */
final class JSqlParserAnalyzeAdapter implements AnalyzeSqlPort {

  @Override
  public SqlShape analyze(String sql, SchemaCatalog catalog) {
    Statement statement;
    try {
      statement = CCJSqlParserUtil.parse(sql);
    } catch (JSQLParserException | RuntimeException e) {
      return SqlShape.unreadable("cannot parse SQL: " + parseProblem(e));
    }
    if (!(statement instanceof Select select)) {
      return new SqlShape(
          false, Set.of(), Set.of(), false, Optional.of("not a query (SELECT or WITH)"));
    }
    Set<String> columns;
    try {
      columns = SqlColumnReferences.of(sql, catalog);
    } catch (RuntimeException e) {
      columns = Set.of();
    }
    Set<String> tables = new LinkedHashSet<>();
    boolean readsRelation = true;
    try {
      Set<String> named = new TablesNamesFinder<>().getTables(statement);
      readsRelation = !named.isEmpty();
      for (String name : named) {
        catalog.table(unquote(name)).ifPresent(t -> tables.add(Names.key(t.name())));
      }
    } catch (UnsupportedOperationException e) {
      // The finder does not know every construct; the columns still name their tables.
    }
    for (String column : columns) {
      tables.add(column.substring(0, column.lastIndexOf('.')));
    }
    return new SqlShape(
        true,
        tables,
        columns,
        ordered(select),
        Optional.empty(),
        !readsRelation || constantsOnly(select));
  }

  // Every branch's select list holds only literals or NULL (possibly cast or signed).
  private static boolean constantsOnly(Select select) {
    return switch (select) {
      case PlainSelect plain ->
          plain.getSelectItems() != null
              && !plain.getSelectItems().isEmpty()
              && plain.getSelectItems().stream().allMatch(i -> literal(i.getExpression()))
              // a constant chosen by a sub-query's rows ('yes' WHERE EXISTS (…)) is an answer
              && !readsInSubQuery(plain.getWhere())
              && !readsInSubQuery(plain.getHaving());
      case SetOperationList set ->
          set.getSelects().stream().allMatch(JSqlParserAnalyzeAdapter::constantsOnly);
      case ParenthesedSelect p -> constantsOnly(p.getSelect());
      default -> false;
    };
  }

  private static boolean readsInSubQuery(net.sf.jsqlparser.expression.Expression e) {
    if (e == null) {
      return false;
    }
    try {
      return !new TablesNamesFinder<>().getTables(e).isEmpty();
    } catch (UnsupportedOperationException unknown) {
      return true; // cannot tell: treat it as an answer, which then runs governed
    }
  }

  private static boolean literal(net.sf.jsqlparser.expression.Expression e) {
    return switch (e) {
      case net.sf.jsqlparser.expression.NullValue n -> true;
      case net.sf.jsqlparser.expression.LongValue l -> true;
      case net.sf.jsqlparser.expression.DoubleValue d -> true;
      case net.sf.jsqlparser.expression.StringValue s -> true;
      case net.sf.jsqlparser.expression.BooleanValue b -> true;
      case net.sf.jsqlparser.expression.SignedExpression s -> literal(s.getExpression());
      case net.sf.jsqlparser.expression.CastExpression c -> literal(c.getLeftExpression());
      case net.sf.jsqlparser.expression.operators.relational.ParenthesedExpressionList<?> p ->
          p.size() == 1 && literal(p.get(0));
      case null, default -> false;
    };
  }

  private static boolean ordered(Select select) {
    return switch (select) {
      case PlainSelect plain ->
          plain.getOrderByElements() != null && !plain.getOrderByElements().isEmpty();
      case SetOperationList set ->
          set.getOrderByElements() != null && !set.getOrderByElements().isEmpty();
      case ParenthesedSelect p ->
          (p.getOrderByElements() != null && !p.getOrderByElements().isEmpty())
              || ordered(p.getSelect());
      default -> false;
    };
  }

  private static String unquote(String name) {
    StringBuilder out = new StringBuilder();
    for (String part : name.split("\\.")) {
      if (!out.isEmpty()) {
        out.append('.');
      }
      String p = part.strip();
      if (p.length() >= 2
          && ((p.startsWith("\"") && p.endsWith("\""))
              || (p.startsWith("`") && p.endsWith("`"))
              || (p.startsWith("[") && p.endsWith("]")))) {
        p = p.substring(1, p.length() - 1);
      }
      out.append(p);
    }
    return out.toString();
  }

  // JSqlParser's own message is the statement; its cause (the grammar's ParseException) says what
  // was found where: "Encountered: <S_IDENTIFIER> / "t", at line 3, column 6, in lexical state …".
  private static String parseProblem(Exception e) {
    Throwable cause = e.getCause();
    if (e instanceof JSQLParserException && cause != null && cause.getMessage() != null) {
      return firstLine(cause.getMessage()).replaceFirst(",? in lexical state \\w+\\.?$", "");
    }
    return firstLine(e.getMessage());
  }

  private static String firstLine(String message) {
    if (message == null) {
      return "syntax error";
    }
    return message.lines().findFirst().orElse("syntax error").strip();
  }
}
