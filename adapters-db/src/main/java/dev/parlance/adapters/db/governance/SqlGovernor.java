package dev.parlance.adapters.db.governance;

import dev.parlance.domain.governance.ColumnRule;
import dev.parlance.domain.governance.ColumnTreatment;
import dev.parlance.domain.governance.GovernancePolicy;
import dev.parlance.domain.governance.Refusal;
import dev.parlance.domain.governance.RefusalKind;
import dev.parlance.domain.governance.RowFilter;
import dev.parlance.domain.governance.StatementKeywords;
import dev.parlance.domain.governance.UserIdentity;
import dev.parlance.domain.governance.ViewExpansion;
import dev.parlance.domain.source.DataSource;
import dev.parlance.domain.source.Dialect;
import java.util.ArrayList;
import java.util.Collections;
import java.util.HashMap;
import java.util.HashSet;
import java.util.IdentityHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import net.sf.jsqlparser.JSQLParserException;
import net.sf.jsqlparser.expression.Alias;
import net.sf.jsqlparser.expression.AnyComparisonExpression;
import net.sf.jsqlparser.expression.Expression;
import net.sf.jsqlparser.expression.ExpressionVisitorAdapter;
import net.sf.jsqlparser.expression.Function;
import net.sf.jsqlparser.expression.JdbcNamedParameter;
import net.sf.jsqlparser.expression.JdbcParameter;
import net.sf.jsqlparser.expression.LongValue;
import net.sf.jsqlparser.expression.NextValExpression;
import net.sf.jsqlparser.parser.AbstractJSqlParser;
import net.sf.jsqlparser.parser.CCJSqlParser;
import net.sf.jsqlparser.parser.CCJSqlParserUtil;
import net.sf.jsqlparser.schema.Column;
import net.sf.jsqlparser.schema.Table;
import net.sf.jsqlparser.statement.Statement;
import net.sf.jsqlparser.statement.Statements;
import net.sf.jsqlparser.statement.select.AllColumns;
import net.sf.jsqlparser.statement.select.FromItem;
import net.sf.jsqlparser.statement.select.GroupByElement;
import net.sf.jsqlparser.statement.select.Join;
import net.sf.jsqlparser.statement.select.LateralSubSelect;
import net.sf.jsqlparser.statement.select.Limit;
import net.sf.jsqlparser.statement.select.OrderByElement;
import net.sf.jsqlparser.statement.select.ParenthesedFromItem;
import net.sf.jsqlparser.statement.select.ParenthesedSelect;
import net.sf.jsqlparser.statement.select.PlainSelect;
import net.sf.jsqlparser.statement.select.Select;
import net.sf.jsqlparser.statement.select.SelectItem;
import net.sf.jsqlparser.statement.select.SelectVisitor;
import net.sf.jsqlparser.statement.select.SetOperationList;
import net.sf.jsqlparser.statement.select.TableFunction;
import net.sf.jsqlparser.statement.select.TableStatement;
import net.sf.jsqlparser.statement.select.Values;
import net.sf.jsqlparser.statement.select.WithItem;
import net.sf.jsqlparser.util.TablesNamesFinder;

/**
 * The statement pipeline's parse, allowlist and rewrite steps: one SQL text in, either a refusal
 * with its reason or the statement to run.
 *
 * <p>The rewrite replaces every reference to a restricted table, wherever it stands (FROM, JOIN,
 * sub-queries, set operations, CTE bodies, view definitions), by a derived table that applies the
 * user's row filters and column masks and leaves hidden columns out; every other table reference is
 * schema-qualified as resolved, so that the database reads exactly the relation that was checked. A
 * CTE may not take the name of a table, so a name is never both. The rewritten text is read again
 * with the target dialect's lexer before it runs.
 */
final class SqlGovernor {

  static final int MAX_LENGTH = 100_000;
  static final int MAX_DEPTH = 64;
  private static final long PARSE_TIMEOUT_MS = 3_000;
  private static final int INLINE_PARSE_LENGTH = 4_000;
  private static final int INLINE_PARSE_DEPTH = 12;

  // The parser runs on its own threads so that a pathological input can be timed out.
  private static final ExecutorService PARSER =
      Executors.newCachedThreadPool(
          r -> {
            Thread t = new Thread(r, "parlance-sql-parser");
            t.setDaemon(true);
            return t;
          });

  /** What the governor decided. */
  sealed interface Decision {}

  /** The statement may run, as {@code sql}. */
  record Allowed(String sql) implements Decision {}

  record Denied(Refusal refusal) implements Decision {}

  private SqlGovernor() {}

  static Decision decide(
      DataSource source,
      GovernancePolicy policy,
      UserIdentity user,
      String sql,
      Relations relations,
      ViewExpansion views) {
    try {
      return new Allowed(
          new Rewrite(source, policy, user, relations, views).run(sql == null ? "" : sql));
    } catch (Deny d) {
      return new Denied(d.refusal);
    } catch (RuntimeException | StackOverflowError e) {
      // Fail closed: a statement the walk cannot handle is refused, never run unchecked.
      return new Denied(
          new Refusal(
              RefusalKind.UNPARSABLE,
              "Parlance could not analyse this statement ("
                  + e.getClass().getSimpleName()
                  + "); rewrite it more plainly"));
    }
  }

  /** A refusal raised from deep inside the walk. */
  private static final class Deny extends RuntimeException {
    private final transient Refusal refusal;

    Deny(RefusalKind kind, String reason) {
      super(reason, null, false, false);
      this.refusal = new Refusal(kind, reason);
    }
  }

  // Per dialect: PostgreSQL's and H2's grammar variants; SQLite also quotes names in brackets.
  // Short, shallow statements parse on the caller's thread (the hand-off to a timed thread costs
  // more than their parse); longer or deeper ones get a thread and a time limit.
  private static Statements parse(String sql, Dialect dialect, int depth) {
    java.util.function.Consumer<CCJSqlParser> configure =
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
          CCJSqlParser parser = CCJSqlParserUtil.newParser(sql);
          configure.accept(parser);
          return parser.Statements();
        } catch (net.sf.jsqlparser.parser.ParseException
            | net.sf.jsqlparser.parser.TokenMgrException e) {
          // Rare: let the full parser (which retries with complex parsing) have a go.
        }
      }
      return CCJSqlParserUtil.parseStatements(sql, PARSER, configure);
    } catch (JSQLParserException e) {
      throw new ParseFailure(firstLine(e));
    } catch (StackOverflowError e) {
      throw new Deny(RefusalKind.TOO_COMPLEX, "the statement is nested too deeply to read");
    }
  }

  private static final class ParseFailure extends RuntimeException {
    ParseFailure(String message) {
      super(message, null, false, false);
    }
  }

  private static String firstLine(Throwable e) {
    Throwable t = e.getCause() != null && e.getMessage() == null ? e.getCause() : e;
    String m = t.getMessage();
    if (m == null) {
      return t.getClass().getSimpleName();
    }
    m = m.replace("net.sf.jsqlparser.parser.ParseException: ", "");
    int nl = m.indexOf('\n');
    return (nl < 0 ? m : m.substring(0, nl)).strip();
  }

  private static final class Rewrite implements SelectVisitor<Void> {
    private final DataSource source;
    private final GovernancePolicy policy;
    private final UserIdentity user;
    private final Relations relations;
    private final DialectRules rules;
    private final ViewExpansion views;
    private final Set<String> cteNames = new HashSet<>();
    private final List<WithItem<?>> viewCtes = new ArrayList<>();
    private final Set<String> expandedViews = new HashSet<>();
    private final Map<String, Set<String>> hiddenByAlias = new HashMap<>();
    private final List<Column> columns = new ArrayList<>();
    private final Set<Object> governed = Collections.newSetFromMap(new IdentityHashMap<>());
    private final Expressions expressions = new Expressions();

    Rewrite(
        DataSource source,
        GovernancePolicy policy,
        UserIdentity user,
        Relations relations,
        ViewExpansion views) {
      this.source = source;
      this.policy = policy;
      this.user = user;
      this.relations = relations;
      this.rules = relations.rules();
      this.views = views;
      expressions.setSelectVisitor(this);
    }

    String run(String sql) {
      if (sql.isBlank()) {
        throw new Deny(RefusalKind.EMPTY, "the statement is empty");
      }
      if (sql.length() > MAX_LENGTH) {
        throw new Deny(
            RefusalKind.TOO_LONG,
            "the statement has " + sql.length() + " characters; the limit is " + MAX_LENGTH);
      }
      SqlLexer.Scan scan = SqlLexer.scan(sql, source.dialect());
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
        throw new Deny(
            RefusalKind.MULTIPLE_STATEMENTS,
            "found "
                + scan.statements()
                + " statements; Parlance runs exactly one query at a time");
      }
      Optional<RefusalKind> byKeyword = StatementKeywords.classify(scan.firstKeyword());
      if (byKeyword.isPresent()) {
        throw refuseKeyword(byKeyword.get(), scan.firstKeyword());
      }
      if (scan.unterminated()) {
        throw new Deny(
            RefusalKind.UNPARSABLE, "the statement has an unterminated string, name or comment");
      }
      Statements statements;
      try {
        statements = parse(sql, source.dialect(), scan.maxDepth());
      } catch (ParseFailure e) {
        throw new Deny(RefusalKind.UNPARSABLE, "cannot parse the statement: " + e.getMessage());
      }
      if (statements.size() != 1) {
        throw new Deny(
            RefusalKind.MULTIPLE_STATEMENTS,
            "found "
                + statements.size()
                + " statements; Parlance runs exactly one query at a time");
      }
      Statement statement = statements.get(0);
      if (!(statement instanceof Select select)
          || statement instanceof Values
          || statement instanceof TableStatement) {
        throw refuseStatement(statement);
      }
      walkSelect(select);
      refuseHiddenColumns();
      Select top = select;
      if (!viewCtes.isEmpty()) {
        List<WithItem<?>> with = new ArrayList<>(viewCtes);
        if (top.getWithItemsList() != null) {
          with.addAll(top.getWithItemsList());
        }
        top.setWithItemsList(with);
      }
      top = capped(top, policy.rowCap());
      verifyEveryTableGoverned(top);
      String run = top.toString();
      recheck(run);
      return run;
    }

    private Deny refuseKeyword(RefusalKind kind, String keyword) {
      return new Deny(
          kind,
          "'"
              + keyword.toUpperCase(Locale.ROOT)
              + "' statements are refused: "
              + kind.description()
              + "; Parlance runs read-only queries only");
    }

    private Deny refuseStatement(Statement statement) {
      String type = statement.getClass().getSimpleName();
      RefusalKind kind =
          switch (type) {
            case "Insert", "Update", "Delete", "Merge", "Upsert", "Truncate" ->
                RefusalKind.DATA_CHANGE;
            case "CreateTable",
                "CreateView",
                "CreateIndex",
                "CreateSchema",
                "CreateSequence",
                "CreateFunction",
                "CreateProcedure",
                "CreateSynonym",
                "Alter",
                "AlterView",
                "AlterSequence",
                "AlterSession",
                "AlterSystemStatement",
                "Drop",
                "Grant",
                "Comment",
                "RenameTableStatement" ->
                RefusalKind.SCHEMA_CHANGE;
            case "Commit", "RollbackStatement", "SavepointStatement", "Block" ->
                RefusalKind.TRANSACTION_CONTROL;
            case "SetStatement", "ResetStatement", "UseStatement", "ShowStatement" ->
                RefusalKind.SESSION_CONTROL;
            default -> RefusalKind.NOT_A_QUERY;
          };
      return new Deny(
          kind,
          type.replaceAll("([a-z])([A-Z])", "$1 $2").replace(" Statement", "")
              + " statements are refused: "
              + kind.description()
              + "; Parlance runs read-only queries only");
    }

    // ---- CTE names: a CTE may not shadow a relation, so a name means one thing everywhere.

    private void declareCte(WithItem<?> w) {
      String name = unquote(w.getAlias().getName()).toLowerCase(Locale.ROOT);
      if (relations.resolve(null, name, false).isPresent()) {
        throw new Deny(
            RefusalKind.FORBIDDEN_RELATION,
            "the WITH clause names '"
                + name
                + "' like a table of the source; give the CTE another name");
      }
      cteNames.add(name);
    }

    // ---- the walk

    private void walkSelect(Select s) {
      if (s == null) {
        return;
      }
      if (s.getForMode() != null
          || s.getForUpdateTable() != null
          || s.getForUpdate() != null
          || s.isNoWait()
          || s.getWait() != null) {
        throw new Deny(
            RefusalKind.LOCKING_CLAUSE,
            "locking clauses (FOR UPDATE, FOR SHARE, …) are refused: queries never lock rows");
      }
      {
        if (s.getWithItemsList() != null) {
          for (WithItem<?> w : s.getWithItemsList()) {
            if (!(w.getParenthesedStatement() instanceof ParenthesedSelect)) {
              throw new Deny(
                  RefusalKind.WRITABLE_CTE,
                  "the WITH clause '"
                      + w.getAlias().getName()
                      + "' holds a data-changing statement; only queries may appear in WITH");
            }
            declareCte(w);
            walkSelect(w.getSelect().getSelect());
          }
        }
        switch (s) {
          case LateralSubSelect lateral -> walkSelect(lateral.getSelect());
          case ParenthesedSelect parenthesed -> walkSelect(parenthesed.getSelect());
          case PlainSelect plain -> walkPlain(plain);
          case SetOperationList set -> {
            for (Select part : set.getSelects()) {
              walkSelect(part);
            }
          }
          case Values values -> expression(values.getExpressions());
          case TableStatement table ->
              throw new Deny(
                  RefusalKind.NOT_A_QUERY,
                  "TABLE statements are refused; write SELECT * FROM " + table.getTable());
          default ->
              throw new Deny(
                  RefusalKind.NOT_A_QUERY,
                  "this form of query (" + s.getClass().getSimpleName() + ") is not supported");
        }
        if (s.getOrderByElements() != null) {
          for (OrderByElement o : s.getOrderByElements()) {
            expression(o.getExpression());
          }
        }
        if (s.getLimit() != null) {
          expression(s.getLimit().getRowCount());
          expression(s.getLimit().getOffset());
        }
        if (s.getOffset() != null) {
          expression(s.getOffset().getOffset());
        }
        if (s.getFetch() != null) {
          expression(s.getFetch().getExpression());
        }
      }
    }

    private void walkPlain(PlainSelect p) {
      if (p.getIntoTables() != null
          || p.getIntoTempTable() != null
          || p.getMySqlSelectIntoClause() != null) {
        throw new Deny(
            RefusalKind.SELECT_INTO,
            "SELECT … INTO creates a table and is refused; remove the INTO clause");
      }
      if (p.getOracleHierarchical() != null
          || p.getKsqlWindow() != null
          || p.getLateralViews() != null
          || p.getWindowDefinitions() != null
          || p.getPreferringClause() != null
          || p.getForXmlPath() != null) {
        throw new Deny(
            RefusalKind.NOT_A_QUERY,
            "the query uses a clause Parlance does not govern (CONNECT BY, named WINDOW, LATERAL"
                + " VIEW, …); rewrite it without");
      }
      p.setFromItem(from(p.getFromItem()));
      if (p.getJoins() != null) {
        for (Join join : p.getJoins()) {
          join(join);
        }
      }
      for (SelectItem<?> item : p.getSelectItems()) {
        expression(item.getExpression());
      }
      if (p.getDistinct() != null && p.getDistinct().getOnSelectItems() != null) {
        for (SelectItem<?> item : p.getDistinct().getOnSelectItems()) {
          expression(item.getExpression());
        }
      }
      expression(p.getWhere());
      expression(p.getPreWhere());
      GroupByElement groupBy = p.getGroupBy();
      if (groupBy != null) {
        expression(groupBy.getGroupByExpressionList());
        if (groupBy.getGroupingSets() != null) {
          groupBy.getGroupingSets().forEach(this::expression);
        }
      }
      expression(p.getHaving());
      expression(p.getQualify());
      if (p.getTop() != null) {
        expression(p.getTop().getExpression());
      }
    }

    private void join(Join join) {
      join.setFromItem(from(join.getFromItem()));
      for (Expression on : join.getOnExpressions()) {
        expression(on);
      }
    }

    private FromItem from(FromItem item) {
      if (item == null) {
        return null;
      }
      if (item.getPivot() != null || item.getUnPivot() != null) {
        throw new Deny(RefusalKind.NOT_A_QUERY, "PIVOT and UNPIVOT are not supported");
      }
      switch (item) {
        case Table table -> {
          return table(table);
        }
        case ParenthesedSelect derived -> {
          walkSelect(derived.getSelect());
          return derived;
        }
        case ParenthesedFromItem nested -> {
          nested.setFromItem(from(nested.getFromItem()));
          if (nested.getJoins() != null) {
            for (Join join : nested.getJoins()) {
              join(join);
            }
          }
          return nested;
        }
        case TableFunction function -> {
          for (Function f : function.getFunctions()) {
            expression(f);
          }
          return function;
        }
        case Values values -> {
          expression(values.getExpressions());
          return values;
        }
        default ->
            throw new Deny(
                RefusalKind.FORBIDDEN_RELATION,
                "this kind of FROM item ("
                    + item.getClass().getSimpleName()
                    + ") is not supported");
      }
    }

    private FromItem table(Table table) {
      if (table.getDatabase() != null
          && table.getDatabase().getDatabaseName() != null
          && !table.getDatabase().getDatabaseName().isEmpty()) {
        throw new Deny(
            RefusalKind.FORBIDDEN_RELATION,
            "references to other databases or catalogs ("
                + table.getFullyQualifiedName()
                + ") are refused");
      }
      String written = table.getName();
      boolean quoted = isQuoted(written);
      String name = unquote(written);
      String schema = table.getSchemaName() == null ? null : unquote(table.getSchemaName());
      if (schema == null && cteNames.contains(name.toLowerCase(Locale.ROOT))) {
        governed.add(table);
        return table;
      }
      if (rules.isSystemRelation(schema, name)) {
        throw new Deny(
            RefusalKind.FORBIDDEN_RELATION,
            "system catalog "
                + table.getFullyQualifiedName()
                + " is not readable through Parlance");
      }
      Optional<Relations.Relation> resolved = relations.resolve(schema, name, quoted);
      if (resolved.isEmpty()) {
        if (schema == null && expandView(name)) {
          governed.add(table);
          return table;
        }
        throw new Deny(
            RefusalKind.FORBIDDEN_RELATION,
            "source '"
                + source.name()
                + "' has no table or view named "
                + table.getFullyQualifiedName()
                + " that Parlance may read");
      }
      Relations.Relation relation = resolved.get();
      if (!policy.allowsRelation(relation.schema(), relation.name(), relation.view())) {
        throw new Deny(
            RefusalKind.FORBIDDEN_RELATION,
            (relation.view() ? "view " : "table ")
                + relation.name()
                + " is not allowed by the policy of source '"
                + source.name()
                + "' (version "
                + policy.version()
                + ")"
                + (relation.view() ? "; views must be named in the policy's allowed tables" : ""));
      }
      Alias alias = table.getAlias() != null ? table.getAlias() : new Alias(written, false);
      String aliasKey = unquote(alias.getName()).toLowerCase(Locale.ROOT);
      List<RowFilter> filters = policy.rowFiltersFor(user, relation.schema(), relation.name());
      Map<String, ColumnRule> columnRules =
          policy.columnRulesFor(user, relation.schema(), relation.name());
      String qualified =
          (relation.schema() == null ? "" : quote(relation.schema()) + ".")
              + quote(relation.name());
      if (filters.isEmpty() && columnRules.isEmpty()) {
        Table checked =
            relation.schema() == null
                ? new Table(quote(relation.name()))
                : new Table(quote(relation.schema()), quote(relation.name()));
        checked.setAlias(alias);
        governed.add(checked);
        return checked;
      }
      StringBuilder inner = new StringBuilder("SELECT ");
      if (columnRules.isEmpty()) {
        inner.append('*');
      } else {
        Set<String> hidden = new HashSet<>();
        List<String> items = new ArrayList<>();
        for (String column : relation.columns()) {
          ColumnRule rule = columnRules.get(column.toLowerCase(Locale.ROOT));
          if (rule == null) {
            items.add(quote(column));
          } else if (rule.treatment() == ColumnTreatment.HIDE) {
            hidden.add(column.toLowerCase(Locale.ROOT));
          } else {
            items.add(rule.maskSql() + " AS " + quote(column));
          }
        }
        if (items.isEmpty()) {
          throw new Deny(
              RefusalKind.HIDDEN_COLUMN,
              "every column of " + relation.name() + " is hidden from your roles");
        }
        inner.append(String.join(", ", items));
        hiddenByAlias.computeIfAbsent(aliasKey, k -> new HashSet<>()).addAll(hidden);
        hiddenByAlias
            .computeIfAbsent(relation.name().toLowerCase(Locale.ROOT), k -> new HashSet<>())
            .addAll(hidden);
      }
      inner.append(" FROM ").append(qualified);
      if (!filters.isEmpty()) {
        inner.append(" WHERE ");
        for (int i = 0; i < filters.size(); i++) {
          if (i > 0) {
            inner.append(" AND ");
          }
          try {
            inner.append('(').append(filters.get(i).bind(user, SqlGovernor::literal)).append(')');
          } catch (IllegalStateException e) {
            throw new Deny(RefusalKind.MISSING_ATTRIBUTE, e.getMessage());
          }
        }
      }
      Statements parsed;
      try {
        parsed =
            parse(
                inner.toString(),
                source.dialect(),
                SqlLexer.scan(inner.toString(), source.dialect()).maxDepth());
      } catch (ParseFailure e) {
        throw new Deny(
            RefusalKind.UNPARSABLE,
            "the policy's row filter or mask for "
                + relation.name()
                + " does not parse ("
                + e.getMessage()
                + "); ask a steward to fix the policy");
      }
      ParenthesedSelect derived = new ParenthesedSelect();
      derived.setSelect((Select) parsed.get(0));
      derived.setAlias(alias);
      governed.add(derived);
      return derived;
    }

    private boolean expandView(String name) {
      String key = name.toLowerCase(Locale.ROOT);
      if (expandedViews.contains(key)) {
        return true;
      }
      Optional<ViewExpansion.ViewDefinition> view = views.find(source, name);
      if (view.isEmpty()) {
        return false;
      }
      expandedViews.add(key);
      cteNames.add(key);
      Statements parsed;
      try {
        parsed =
            parse(
                "WITH " + cteName(view.get().name()) + " AS (" + view.get().sql() + ") SELECT 1",
                source.dialect(),
                SqlLexer.scan(view.get().sql(), source.dialect()).maxDepth() + 1);
      } catch (ParseFailure e) {
        throw new Deny(
            RefusalKind.UNPARSABLE,
            "the definition of view " + name + " does not parse: " + e.getMessage());
      }
      Select wrapper = (Select) parsed.get(0);
      WithItem<?> item = wrapper.getWithItemsList().get(0);
      walkSelect(item.getSelect().getSelect());
      viewCtes.add(item);
      return true;
    }

    private void expression(Expression e) {
      if (e != null) {
        e.accept(expressions, null);
      }
    }

    private void refuseHiddenColumns() {
      if (hiddenByAlias.isEmpty()) {
        return;
      }
      for (Column c : columns) {
        String name = c.getUnquotedColumnName().toLowerCase(Locale.ROOT);
        Table qualifier = c.getTable();
        if (qualifier != null && qualifier.getName() != null) {
          Set<String> hidden =
              hiddenByAlias.get(unquote(qualifier.getName()).toLowerCase(Locale.ROOT));
          if (hidden != null && hidden.contains(name)) {
            throw hiddenColumn(c);
          }
        } else {
          for (Set<String> hidden : hiddenByAlias.values()) {
            if (hidden.contains(name)) {
              throw hiddenColumn(c);
            }
          }
        }
      }
    }

    private Deny hiddenColumn(Column c) {
      return new Deny(
          RefusalKind.HIDDEN_COLUMN,
          "column " + c.getFullyQualifiedName() + " is hidden from your roles by the policy");
    }

    private final class Expressions extends ExpressionVisitorAdapter<Void> {
      @Override
      public <S> Void visit(Function function, S context) {
        String name =
            function.getMultipartName() == null || function.getMultipartName().isEmpty()
                ? function.getName()
                : function.getMultipartName().get(function.getMultipartName().size() - 1);
        if (name != null && rules.forbidsFunction(unquote(name))) {
          throw new Deny(
              RefusalKind.FORBIDDEN_FUNCTION,
              "function "
                  + unquote(name)
                  + "() is refused: it has side effects or reaches files, the network or other"
                  + " sessions");
        }
        return super.visit(function, context);
      }

      @Override
      public <S> Void visit(JdbcParameter parameter, S context) {
        throw new Deny(
            RefusalKind.PARAMETER,
            "bind parameters (" + parameter + ") are refused; write the value into the query");
      }

      @Override
      public <S> Void visit(JdbcNamedParameter parameter, S context) {
        throw new Deny(
            RefusalKind.PARAMETER,
            "bind parameters (" + parameter + ") are refused; write the value into the query");
      }

      @Override
      public <S> Void visit(NextValExpression next, S context) {
        throw new Deny(
            RefusalKind.FORBIDDEN_FUNCTION, "NEXT VALUE FOR changes a sequence and is refused");
      }

      @Override
      public <S> Void visit(Column column, S context) {
        columns.add(column);
        return null;
      }

      @Override
      public <S> Void visit(ParenthesedSelect select, S context) {
        walkSelect(select);
        return null;
      }

      @Override
      public <S> Void visit(AnyComparisonExpression any, S context) {
        walkSelect(any.getSelect());
        return null;
      }

      @Override
      public <S> Void visit(Select select, S context) {
        walkSelect(select);
        return null;
      }
    }

    // SelectVisitor: sub-queries met inside expressions (ANY, EXISTS, …) come back to the walk.

    @Override
    public <S> Void visit(ParenthesedSelect select, S context) {
      walkSelect(select);
      return null;
    }

    @Override
    public <S> Void visit(PlainSelect select, S context) {
      walkSelect(select);
      return null;
    }

    @Override
    public <S> Void visit(net.sf.jsqlparser.statement.piped.FromQuery query, S context) {
      throw new Deny(RefusalKind.NOT_A_QUERY, "piped FROM queries are not supported");
    }

    @Override
    public <S> Void visit(SetOperationList select, S context) {
      walkSelect(select);
      return null;
    }

    @Override
    public <S> Void visit(WithItem<?> with, S context) {
      if (!(with.getParenthesedStatement() instanceof ParenthesedSelect)) {
        throw new Deny(RefusalKind.WRITABLE_CTE, "WITH may hold queries only");
      }
      walkSelect(with.getSelect().getSelect());
      return null;
    }

    @Override
    public <S> Void visit(Values values, S context) {
      walkSelect(values);
      return null;
    }

    @Override
    public <S> Void visit(LateralSubSelect select, S context) {
      walkSelect(select);
      return null;
    }

    @Override
    public <S> Void visit(TableStatement table, S context) {
      walkSelect(table);
      return null;
    }

    // ---- the row cap and the final check

    private static Select capped(Select top, int cap) {
      long limit = cap + 1L; // one more than the cap tells the executor the result was cut
      if (top instanceof PlainSelect || top instanceof SetOperationList) {
        Limit current = top.getLimit();
        boolean other =
            top.getFetch() != null
                || top.getOffset() != null
                || (top instanceof PlainSelect p && (p.getTop() != null || p.getFirst() != null));
        if (current == null && !other) {
          top.setLimit(new Limit().withRowCount(new LongValue(limit)));
          return top;
        }
        if (current != null
            && !other
            && current.getByExpressions() == null
            && current.getRowCount() instanceof LongValue v) {
          // Lowering a literal LIMIT keeps the same first rows, ORDER BY and OFFSET included.
          if (v.getValue() > limit) {
            current.setRowCount(new LongValue(limit));
          }
          return top;
        }
      }
      PlainSelect outer = new PlainSelect();
      outer.addSelectItems(new AllColumns());
      ParenthesedSelect inner = new ParenthesedSelect();
      inner.setSelect(top);
      inner.setAlias(new Alias("parlance_capped", false));
      outer.setFromItem(inner);
      outer.setLimit(new Limit().withRowCount(new LongValue(limit)));
      return outer;
    }

    private void verifyEveryTableGoverned(Select top) {
      Optional<Refusal> escaped = ungoverned(top, governed);
      if (escaped.isPresent()) {
        throw new Deny(escaped.get().kind(), escaped.get().reason());
      }
    }

    // The rewritten text, read as the database will read it.
    private void recheck(String run) {
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
  }

  /**
   * A second, independent traversal (JSqlParser's own table finder) over a rewritten tree: every
   * table it reaches must be one the governance walk checked ({@code governed}, by identity).
   */
  static Optional<Refusal> ungoverned(Select top, Set<Object> governed) {
    TablesNamesFinder<Void> finder =
        new TablesNamesFinder<>() {
          @Override
          public <S> Void visit(Table table, S context) {
            if (!governed.contains(table)) {
              throw new Deny(
                  RefusalKind.FORBIDDEN_RELATION,
                  "the reference to "
                      + table.getFullyQualifiedName()
                      + " stands where Parlance cannot govern it; rewrite the query more plainly");
            }
            return null;
          }

          @Override
          public <S> Void visit(ParenthesedSelect select, S context) {
            return governed.contains(select) ? null : super.visit(select, context);
          }
        };
    try {
      finder.getTables((Statement) top);
      return Optional.empty();
    } catch (Deny d) {
      return Optional.of(d.refusal);
    } catch (UnsupportedOperationException e) {
      // The finder does not know every construct; the governance walk has governed them.
      return Optional.empty();
    }
  }

  static String quote(String identifier) {
    return '"' + identifier.replace("\"", "\"\"") + '"';
  }

  // A plain name stays unquoted so that it folds like the query's unquoted references to it (H2
  // folds to upper case, PostgreSQL to lower case); other names are quoted as written.
  private static String cteName(String name) {
    return PLAIN_NAME.matcher(name).matches() ? name : quote(name);
  }

  private static final java.util.regex.Pattern PLAIN_NAME =
      java.util.regex.Pattern.compile("[A-Za-z_][A-Za-z0-9_]*");

  static String literal(String value) {
    return "'" + value.replace("'", "''") + "'";
  }

  private static boolean isQuoted(String name) {
    return name.length() >= 2
        && (name.charAt(0) == '"' || name.charAt(0) == '`' || name.charAt(0) == '[');
  }

  static String unquote(String name) {
    if (name.length() >= 2) {
      char first = name.charAt(0);
      char last = name.charAt(name.length() - 1);
      if (first == '"' && last == '"') {
        return name.substring(1, name.length() - 1).replace("\"\"", "\"");
      }
      if ((first == '`' && last == '`') || (first == '[' && last == ']')) {
        return name.substring(1, name.length() - 1);
      }
    }
    return name;
  }
}
