package dev.parlance.adapters.db.governance;

import dev.parlance.domain.governance.ColumnRule;
import dev.parlance.domain.governance.ColumnTreatment;
import dev.parlance.domain.governance.GovernancePolicy;
import dev.parlance.domain.governance.RefusalKind;
import dev.parlance.domain.governance.UserIdentity;
import dev.parlance.domain.governance.ViewExpansion;
import dev.parlance.domain.source.DataSource;
import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.Collections;
import java.util.Deque;
import java.util.HashMap;
import java.util.HashSet;
import java.util.IdentityHashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.concurrent.ExecutorService;
import net.sf.jsqlparser.expression.Alias;
import net.sf.jsqlparser.expression.AnalyticExpression;
import net.sf.jsqlparser.expression.Expression;
import net.sf.jsqlparser.expression.Function;
import net.sf.jsqlparser.expression.JdbcNamedParameter;
import net.sf.jsqlparser.expression.JdbcParameter;
import net.sf.jsqlparser.expression.NextValExpression;
import net.sf.jsqlparser.expression.NumericBind;
import net.sf.jsqlparser.expression.operators.relational.InExpression;
import net.sf.jsqlparser.schema.Column;
import net.sf.jsqlparser.schema.Table;
import net.sf.jsqlparser.statement.Statements;
import net.sf.jsqlparser.statement.select.FromItem;
import net.sf.jsqlparser.statement.select.Join;
import net.sf.jsqlparser.statement.select.LateralSubSelect;
import net.sf.jsqlparser.statement.select.ParenthesedFromItem;
import net.sf.jsqlparser.statement.select.ParenthesedSelect;
import net.sf.jsqlparser.statement.select.PlainSelect;
import net.sf.jsqlparser.statement.select.Select;
import net.sf.jsqlparser.statement.select.SetOperationList;
import net.sf.jsqlparser.statement.select.TableFunction;
import net.sf.jsqlparser.statement.select.TableStatement;
import net.sf.jsqlparser.statement.select.Values;
import net.sf.jsqlparser.statement.select.WithItem;

/**
 * The policy step of the pipeline: walks the whole query and rewrites every relation reference so
 * that the engine reads exactly what was checked. Every table reference is resolved, checked
 * against the allowlist and schema-qualified; a reference to a table the user reads through a row
 * filter or a column rule is replaced by the engine's governed relation ({@link Access}); curated
 * views are expanded into {@code WITH} clauses whose own tables are governed the same way.
 *
 * <p>The walk descends into every child of every node generically ({@link AstNodes}), so no operand
 * is skipped because the walk was not written for it; a node class it does not know is refused.
 */
final class PolicyRewrite {

  /** How this engine reads a relation the user is restricted on. */
  enum Access {
    /** Per-statement TEMP views with secret names that the SQLite authorizer recognises. */
    SQLITE_TEMP_VIEWS,
    /** Row-level security on the tables and masking views provisioned by {@code policy apply}. */
    POSTGRES_PROVISIONED,
    /** The tables themselves: only for users whom no row filter or column rule binds. */
    PLAIN
  }

  /** A TEMP view the SQLite executor creates before the statement runs and drops after it. */
  record TempView(String name, String table, String sql) {}

  /** The rewritten query and what the engine needs to enforce it. */
  record Result(Select select, List<TempView> views, Set<String> restricted) {}

  private final DataSource source;
  private final GovernancePolicy policy;
  private final UserIdentity user;
  private final Relations relations;
  private final DialectRules rules;
  private final ViewExpansion views;
  private final Access access;
  private final ExecutorService parser;
  private final Restrictions restrictions;
  private final String token;

  // The WITH names in scope, innermost last: a CTE is visible in its own WITH clause and the query
  // it belongs to, not elsewhere in the statement (a curated view of the same name is).
  private Deque<Set<String>> cteScopes = new ArrayDeque<>();
  private final List<WithItem<?>> viewCtes = new ArrayList<>();
  private final Set<String> expandedViews = new HashSet<>();
  private final Map<String, Set<String>> hiddenByAlias = new HashMap<>();
  private final List<Column> columns = new ArrayList<>();
  private final Set<Object> governed = Collections.newSetFromMap(new IdentityHashMap<>());
  private final Set<Object> visited = Collections.newSetFromMap(new IdentityHashMap<>());
  private final Map<String, TempView> tempViews = new LinkedHashMap<>();

  PolicyRewrite(
      DataSource source,
      GovernancePolicy policy,
      UserIdentity user,
      Relations relations,
      ViewExpansion views,
      Access access,
      ExecutorService parser,
      String token) {
    this.source = source;
    this.policy = policy;
    this.user = user;
    this.relations = relations;
    this.rules = relations.rules();
    this.views = views;
    this.access = access;
    this.parser = parser;
    this.token = token;
    this.restrictions = new Restrictions(policy, user, relations);
  }

  Set<Object> governed() {
    return governed;
  }

  Result run(Select select) {
    walkSelect(select);
    refuseHiddenColumns();
    if (!viewCtes.isEmpty()) {
      List<WithItem<?>> with = new ArrayList<>(viewCtes);
      if (select.getWithItemsList() != null) {
        with.addAll(select.getWithItemsList());
      }
      select.setWithItemsList(with);
    }
    return new Result(select, List.copyOf(tempViews.values()), restrictions.restricted());
  }

  // ---- CTE names: a CTE may not shadow a relation, so a name means one thing everywhere.

  private void declareCte(WithItem<?> w, Set<String> scope) {
    String name = unquote(w.getAlias().getName()).toLowerCase(Locale.ROOT);
    if (relations.resolve(null, name, false).isPresent()) {
      throw new Deny(
          RefusalKind.FORBIDDEN_RELATION,
          "the WITH clause names '"
              + name
              + "' like a table of the source; give the CTE another name");
    }
    scope.add(name);
  }

  private boolean inCteScope(String name) {
    String key = name.toLowerCase(Locale.ROOT);
    for (Set<String> scope : cteScopes) {
      if (scope.contains(key)) {
        return true;
      }
    }
    return false;
  }

  // ---- queries

  private static final Set<String> SELECT_STRUCTURE = Set.of("withItemsList");
  private static final Set<String> PLAIN_STRUCTURE = Set.of("withItemsList", "fromItem", "joins");
  private static final Set<String> SET_STRUCTURE = Set.of("withItemsList", "selects");
  private static final Set<String> PARENTHESED_STRUCTURE = Set.of("withItemsList", "select");

  void walkSelect(Select s) {
    if (s == null || !visited.add(s)) {
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
    boolean scoped = s.getWithItemsList() != null && !s.getWithItemsList().isEmpty();
    if (scoped) {
      // Every name of the clause is in scope for all its items (a recursive one reads itself).
      Set<String> scope = new HashSet<>();
      for (WithItem<?> w : s.getWithItemsList()) {
        if (!(w.getParenthesedStatement() instanceof ParenthesedSelect)) {
          throw new Deny(
              RefusalKind.WRITABLE_CTE,
              "the WITH clause '"
                  + w.getAlias().getName()
                  + "' holds a data-changing statement; only queries may appear in WITH");
        }
        declareCte(w, scope);
      }
      cteScopes.addLast(scope);
    }
    try {
      if (scoped) {
        for (WithItem<?> w : s.getWithItemsList()) {
          visited.add(w);
          walkSelect(w.getSelect().getSelect());
          walkRest(w, Set.of("statement"));
        }
      }
      walkBody(s);
    } finally {
      if (scoped) {
        cteScopes.removeLast();
      }
    }
  }

  private void walkBody(Select s) {
    switch (s) {
      case LateralSubSelect lateral -> {
        walkSelect(lateral.getSelect());
        walkRest(lateral, PARENTHESED_STRUCTURE);
      }
      case ParenthesedSelect parenthesed -> {
        walkSelect(parenthesed.getSelect());
        walkRest(parenthesed, PARENTHESED_STRUCTURE);
      }
      case PlainSelect plain -> walkPlain(plain);
      case SetOperationList set -> {
        for (Select part : set.getSelects()) {
          walkSelect(part);
        }
        walkRest(set, SET_STRUCTURE);
      }
      case Values values -> walkRest(values, SELECT_STRUCTURE);
      case TableStatement table ->
          throw new Deny(
              RefusalKind.NOT_A_QUERY,
              "TABLE statements are refused; write SELECT * FROM " + table.getTable());
      default -> throw AstNodes.unknown(s);
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
    walkRest(p, PLAIN_STRUCTURE);
  }

  private void join(Join join) {
    visited.add(join);
    join.setFromItem(from(join.getFromItem()));
    walkRest(join, Set.of("fromItem"));
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
        walkSelect(derived);
        return derived;
      }
      case ParenthesedFromItem nested -> {
        visited.add(nested);
        nested.setFromItem(from(nested.getFromItem()));
        if (nested.getJoins() != null) {
          for (Join join : nested.getJoins()) {
            join(join);
          }
        }
        walkRest(nested, Set.of("fromItem", "joins"));
        return nested;
      }
      case TableFunction function -> {
        walk(function);
        return function;
      }
      case Values values -> {
        walkSelect(values);
        return values;
      }
      default ->
          throw new Deny(
              RefusalKind.FORBIDDEN_RELATION,
              "this kind of FROM item (" + item.getClass().getSimpleName() + ") is not supported");
    }
  }

  // ---- relations

  private FromItem table(Table table) {
    visited.add(table);
    if (table.getDatabase() != null
        && table.getDatabase().getDatabaseName() != null
        && !table.getDatabase().getDatabaseName().isEmpty()) {
      throw new Deny(
          RefusalKind.FORBIDDEN_RELATION,
          "references to other databases or catalogs ("
              + table.getFullyQualifiedName()
              + ") are refused");
    }
    if (table.getSampleClause() != null
        || table.getIndexHint() != null
        || table.getSqlServerHints() != null) {
      throw new Deny(
          RefusalKind.NOT_A_QUERY,
          "table hints and TABLESAMPLE are not supported; name the table plainly");
    }
    String written = table.getName();
    boolean quoted = isQuoted(written);
    String name = unquote(written);
    String schema = table.getSchemaName() == null ? null : unquote(table.getSchemaName());
    if (schema == null
        && (inCteScope(name) || expandedViews.contains(name.toLowerCase(Locale.ROOT)))) {
      governed.add(table);
      return table;
    }
    if (rules.isSystemRelation(schema, name)) {
      throw new Deny(
          RefusalKind.FORBIDDEN_RELATION,
          "system catalog "
              + table.getFullyQualifiedName()
              + " is not readable through Parlance: it describes the database itself (its"
              + " schema, storage or settings), not its data");
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
    Map<String, ColumnRule> columnRules = restrictions.columnRules(relation);
    Set<String> hidden = new HashSet<>();
    for (ColumnRule rule : columnRules.values()) {
      if (rule.treatment() == ColumnTreatment.HIDE) {
        hidden.add(rule.column().toLowerCase(Locale.ROOT));
      }
    }
    if (!hidden.isEmpty()) {
      if (relation.columns().stream().allMatch(c -> hidden.contains(c.toLowerCase(Locale.ROOT)))) {
        throw new Deny(
            RefusalKind.HIDDEN_COLUMN,
            "every column of " + relation.name() + " is hidden from your roles");
      }
      hiddenByAlias.computeIfAbsent(aliasKey, k -> new HashSet<>()).addAll(hidden);
      hiddenByAlias
          .computeIfAbsent(relation.name().toLowerCase(Locale.ROOT), k -> new HashSet<>())
          .addAll(hidden);
    }
    Table replacement =
        switch (access) {
          case SQLITE_TEMP_VIEWS -> sqliteAccess(relation, columnRules);
          case POSTGRES_PROVISIONED -> postgresAccess(relation);
          case PLAIN -> plainAccess(relation);
        };
    replacement.setAlias(alias);
    governed.add(replacement);
    return replacement;
  }

  private Table plainAccess(Relations.Relation relation) {
    if (restrictions.restricts(relation)) {
      // the executor refuses restricted users on engines that cannot enforce; never reached
      throw new Deny(
          RefusalKind.UNENFORCEABLE_POLICY,
          "the database of source '"
              + source.name()
              + "' cannot enforce the row filters or column rules on "
              + relation.name());
    }
    return qualified(relation);
  }

  private static Table qualified(Relations.Relation relation) {
    return relation.schema() == null
        ? new Table(quote(relation.name()))
        : new Table(quote(relation.schema()), quote(relation.name()));
  }

  private Table postgresAccess(Relations.Relation relation) {
    if (!PostgresGovernance.maskedTables(policy)
        .contains(relation.name().toLowerCase(Locale.ROOT))) {
      // rows: the table's row-level security reads the request's signed context
      return qualified(relation);
    }
    return new Table(
        quote(PostgresGovernance.VIEW_SCHEMA),
        quote(PostgresGovernance.profileView(policy, user, relation.schema(), relation.name())));
  }

  private Table sqliteAccess(Relations.Relation relation, Map<String, ColumnRule> columnRules) {
    if (!restrictions.restricts(relation)) {
      return qualified(relation);
    }
    String key = relation.name().toLowerCase(Locale.ROOT);
    TempView view = tempViews.get(key);
    if (view == null) {
      List<String> predicates = restrictions.predicates(relation);
      StringBuilder body = new StringBuilder("SELECT ");
      List<String> items = new ArrayList<>();
      for (String column : relation.columns()) {
        ColumnRule rule = columnRules.get(column.toLowerCase(Locale.ROOT));
        if (rule == null) {
          items.add(quote(column));
        } else if (rule.treatment() == ColumnTreatment.MASK) {
          items.add("(" + rule.maskSql() + ") AS " + quote(column));
        }
      }
      body.append(String.join(", ", items)).append(" FROM main.").append(quote(relation.name()));
      for (int i = 0; i < predicates.size(); i++) {
        body.append(i == 0 ? " WHERE " : " AND ").append('(').append(predicates.get(i)).append(')');
      }
      // LIMIT with OFFSET keeps SQLite from flattening the view into the query or pushing the
      // query's conditions into it: they only ever see rows the view lets through.
      body.append(" LIMIT -1 OFFSET 0");
      checkPolicySql(relation, body.toString());
      view = new TempView(relation.name() + "__" + token, relation.name(), body.toString());
      tempViews.put(key, view);
    }
    return new Table("temp", quote(view.name()));
  }

  // The steward's filters and masks must parse on their own, so a broken policy is a clear refusal.
  private void checkPolicySql(Relations.Relation relation, String sql) {
    try {
      StatementScreen.parse(
          sql, source.dialect(), SqlLexer.scan(sql, source.dialect()).maxDepth(), parser);
    } catch (Deny d) {
      throw new Deny(
          RefusalKind.UNPARSABLE,
          "the policy's row filter or mask for "
              + relation.name()
              + " does not parse ("
              + d.refusal().reason()
              + "); ask a steward to fix the policy");
    }
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
    Statements parsed;
    String text = "WITH " + cteName(view.get().name()) + " AS (" + view.get().sql() + ") SELECT 1";
    try {
      parsed =
          StatementScreen.parse(
              text,
              source.dialect(),
              SqlLexer.scan(view.get().sql(), source.dialect()).maxDepth() + 1,
              parser);
    } catch (Deny d) {
      throw new Deny(
          RefusalKind.UNPARSABLE,
          "the definition of view " + name + " does not parse: " + d.refusal().reason());
    }
    Select wrapper = (Select) parsed.get(0);
    WithItem<?> item = wrapper.getWithItemsList().get(0);
    visited.add(item);
    // The view's body sees none of the user's CTEs: its names mean the source's relations.
    Deque<Set<String>> userScopes = cteScopes;
    cteScopes = new ArrayDeque<>();
    try {
      walkSelect(item.getSelect().getSelect());
      walkRest(item, Set.of("statement"));
    } finally {
      cteScopes = userScopes;
    }
    viewCtes.add(item);
    return true;
  }

  // ---- expressions and everything else: generic, iterative, fail closed

  private void walkRest(Object node, Set<String> skip) {
    Deque<Object> todo = new ArrayDeque<>();
    AstNodes.children(node, skip, todo::push);
    drain(todo);
  }

  private void walk(Object node) {
    Deque<Object> todo = new ArrayDeque<>();
    todo.push(node);
    drain(todo);
  }

  private void drain(Deque<Object> todo) {
    while (!todo.isEmpty()) {
      Object n = todo.pop();
      if (AstNodes.isContainer(n)) {
        AstNodes.children(n, Set.of(), todo::push);
        continue;
      }
      if (!AstNodes.isSyntax(n) || !visited.add(n)) {
        continue;
      }
      switch (n) {
        case Select select -> {
          visited.remove(select);
          walkSelect(select);
          continue;
        }
        case Table table ->
            throw new Deny(
                RefusalKind.FORBIDDEN_RELATION,
                "the reference to "
                    + table.getFullyQualifiedName()
                    + " stands where Parlance cannot govern it; rewrite the query more plainly");
        case WithItem<?> w -> throw AstNodes.unknown(w);
        case Join j -> throw AstNodes.unknown(j);
        case JdbcParameter p -> throw parameter(p);
        case JdbcNamedParameter p -> throw parameter(p);
        case NumericBind p -> throw parameter(p);
        case NextValExpression next ->
            throw new Deny(
                RefusalKind.FORBIDDEN_FUNCTION, "NEXT VALUE FOR changes a sequence and is refused");
        case Column column -> columns.add(column);
        case AnalyticExpression analytic -> checkFunction(analytic.getName());
        case Function function -> {
          checkFunction(functionName(function));
          boundedFormat(function);
        }
        case InExpression in -> {
          if (in.getRightExpression() instanceof Column named) {
            throw new Deny(
                RefusalKind.NOT_A_QUERY,
                "'… IN "
                    + named.getFullyQualifiedName()
                    + "' compares with a whole table or column; write IN (SELECT column FROM"
                    + " table) instead");
          }
        }
        default -> {}
      }
      if (!AstNodes.KNOWN.contains(n.getClass())) {
        throw AstNodes.unknown(n);
      }
      LongChains.balance(n);
      AstNodes.children(n, Set.of(), todo::push);
    }
  }

  private static final java.util.regex.Pattern FORMAT_WIDTH =
      java.util.regex.Pattern.compile("%[-+ 0#!,]*(\\*|\\d*)(?:\\.(\\*|\\d*))?");

  /** Widths and precisions above this are refused in printf-style formats. */
  static final int MAX_FORMAT_WIDTH = 1000;

  // SQLite's printf() builds a width or precision in one call that no deadline interrupts (a 1e9
  // precision runs for seconds even though the result is cut at the length limit): the format
  // must be a literal whose widths the walk can read, each at most MAX_FORMAT_WIDTH.
  private void boundedFormat(Function function) {
    if (source.dialect() != dev.parlance.domain.source.Dialect.SQLITE) {
      return;
    }
    String name = functionName(function);
    if (name == null
        || !(unquote(name).equalsIgnoreCase("printf")
            || unquote(name).equalsIgnoreCase("format"))) {
      return;
    }
    Deny refusal =
        new Deny(
            RefusalKind.FORBIDDEN_FUNCTION,
            unquote(name).toLowerCase(Locale.ROOT)
                + "() needs a literal format whose widths and precisions are numbers up to "
                + MAX_FORMAT_WIDTH
                + ": one call with a larger or computed one runs past any timeout");
    if (!(function.getParameters() != null
        && !function.getParameters().isEmpty()
        && function.getParameters().get(0) instanceof net.sf.jsqlparser.expression.StringValue f)) {
      throw refusal;
    }
    java.util.regex.Matcher m = FORMAT_WIDTH.matcher(f.getValue());
    while (m.find()) {
      for (String part : new String[] {m.group(1), m.group(2)}) {
        if (part == null || part.isEmpty()) {
          continue;
        }
        if (part.equals("*") || part.length() > 4 || Integer.parseInt(part) > MAX_FORMAT_WIDTH) {
          throw refusal;
        }
      }
    }
  }

  private static Deny parameter(Expression p) {
    return new Deny(
        RefusalKind.PARAMETER,
        "bind parameters (" + p + ") are refused; write the value into the query");
  }

  static String functionName(Function function) {
    List<String> parts = function.getMultipartName();
    return parts == null || parts.isEmpty() ? function.getName() : parts.get(parts.size() - 1);
  }

  private void checkFunction(String name) {
    if (name != null && rules.isSystemRelation(null, unquote(name))) {
      throw new Deny(
          RefusalKind.FORBIDDEN_FUNCTION,
          unquote(name)
              + "() reads the database's own catalog, storage or settings, which Parlance does"
              + " not expose; ask about the data instead");
    }
    if (name != null && rules.forbidsFunction(unquote(name))) {
      throw new Deny(
          RefusalKind.FORBIDDEN_FUNCTION,
          "function "
              + unquote(name)
              + "() is refused: it has side effects or reaches files, the network or other"
              + " sessions");
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

  private static Deny hiddenColumn(Column c) {
    return new Deny(
        RefusalKind.HIDDEN_COLUMN,
        "column " + c.getFullyQualifiedName() + " is hidden from your roles by the policy");
  }

  // ---- names

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

  static boolean isQuoted(String name) {
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
