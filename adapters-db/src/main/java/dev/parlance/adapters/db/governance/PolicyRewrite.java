package dev.parlance.adapters.db.governance;

import static dev.parlance.adapters.db.governance.SqlNames.cteName;
import static dev.parlance.adapters.db.governance.SqlNames.isQuoted;
import static dev.parlance.adapters.db.governance.SqlNames.unquote;

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
import java.util.HashSet;
import java.util.IdentityHashMap;
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
  private final Relations relations;
  private final DialectRules rules;
  private final ViewExpansion views;
  private final ExecutorService parser;
  private final Restrictions restrictions;
  private final RelationAccess access;
  private final FunctionScreen functions;

  private final CteScopes cteScopes;
  private final List<WithItem<?>> viewCtes = new ArrayList<>();
  private final Set<String> expandedViews = new HashSet<>();
  private final HiddenColumns hiddenColumns = new HiddenColumns();
  private final Set<Object> governed = Collections.newSetFromMap(new IdentityHashMap<>());
  private final Set<Object> visited = Collections.newSetFromMap(new IdentityHashMap<>());

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
    this.relations = relations;
    this.rules = relations.rules();
    this.views = views;
    this.parser = parser;
    this.restrictions = new Restrictions(policy, user, relations);
    this.access = new RelationAccess(source, policy, user, restrictions, access, parser, token);
    this.functions = new FunctionScreen(source, rules);
    this.cteScopes = new CteScopes(relations);
  }

  Set<Object> governed() {
    return governed;
  }

  Result run(Select select) {
    walkSelect(select);
    hiddenColumns.refuseHiddenColumns();
    if (!viewCtes.isEmpty()) {
      List<WithItem<?>> with = new ArrayList<>(viewCtes);
      if (select.getWithItemsList() != null) {
        with.addAll(select.getWithItemsList());
      }
      select.setWithItemsList(with);
    }
    return new Result(select, access.views(), restrictions.restricted());
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
        cteScopes.declare(w, scope);
      }
      cteScopes.push(scope);
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
        cteScopes.pop();
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
        && (cteScopes.contains(name) || expandedViews.contains(name.toLowerCase(Locale.ROOT)))) {
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
    if (!policy.allowsRelation(relation.policySchema(), relation.name(), relation.view())) {
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
      hiddenColumns.hide(aliasKey, relation.name(), hidden);
    }
    Table replacement = access.replacement(relation, columnRules);
    replacement.setAlias(alias);
    governed.add(replacement);
    return replacement;
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
    Deque<Set<String>> userScopes = cteScopes.setAside();
    try {
      walkSelect(item.getSelect().getSelect());
      walkRest(item, Set.of("statement"));
    } finally {
      cteScopes.restore(userScopes);
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
        case Column column -> hiddenColumns.referenced(column);
        case AnalyticExpression analytic -> functions.check(analytic.getName());
        case Function function -> {
          functions.check(FunctionScreen.functionName(function));
          functions.boundedFormat(function);
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

  private static Deny parameter(Expression p) {
    return new Deny(
        RefusalKind.PARAMETER,
        "bind parameters (" + p + ") are refused; write the value into the query");
  }
}
