package dev.parlance.adapters.db.sql;

import dev.parlance.domain.catalog.SchemaCatalog;
import dev.parlance.domain.catalog.Table;
import dev.parlance.domain.retrieval.SchemaElement;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import net.sf.jsqlparser.JSQLParserException;
import net.sf.jsqlparser.expression.Expression;
import net.sf.jsqlparser.expression.ExpressionVisitorAdapter;
import net.sf.jsqlparser.parser.CCJSqlParserUtil;
import net.sf.jsqlparser.schema.Column;
import net.sf.jsqlparser.statement.Statement;
import net.sf.jsqlparser.statement.select.FromItem;
import net.sf.jsqlparser.statement.select.GroupByElement;
import net.sf.jsqlparser.statement.select.Join;
import net.sf.jsqlparser.statement.select.OrderByElement;
import net.sf.jsqlparser.statement.select.ParenthesedFromItem;
import net.sf.jsqlparser.statement.select.ParenthesedSelect;
import net.sf.jsqlparser.statement.select.PlainSelect;
import net.sf.jsqlparser.statement.select.Select;
import net.sf.jsqlparser.statement.select.SelectItem;
import net.sf.jsqlparser.statement.select.SelectVisitorAdapter;
import net.sf.jsqlparser.statement.select.SetOperationList;
import net.sf.jsqlparser.statement.select.WithItem;

/**
 * The catalog columns a query reads, found by parsing it: aliases are resolved per query block,
 * unqualified names against the tables in scope (inner blocks first), sub-queries get their own
 * scope. Names that resolve to no catalog column (select aliases, string literals in double quotes)
 * are left out.
 */
public final class SqlColumnReferences {

  private final SchemaCatalog catalog;
  private final Set<String> found = new LinkedHashSet<>();

  private SqlColumnReferences(SchemaCatalog catalog) {
    this.catalog = catalog;
  }

  /**
   * The ids ({@code table.column}, lower-case) of the catalog columns {@code sql} reads.
   *
   * @throws IllegalArgumentException when the statement does not parse or is not a query
   */
  public static Set<String> of(String sql, SchemaCatalog catalog) {
    Statement statement;
    try {
      statement = CCJSqlParserUtil.parse(sql);
    } catch (JSQLParserException e) {
      throw new IllegalArgumentException("cannot parse SQL: " + firstLine(e.getMessage()), e);
    }
    if (!(statement instanceof Select select)) {
      throw new IllegalArgumentException("not a query: " + sql);
    }
    SqlColumnReferences refs = new SqlColumnReferences(catalog);
    refs.select(select, null);
    return Set.copyOf(refs.found);
  }

  /**
   * For each column of the query's result (its alias, else its column's name; lower-case), the
   * catalog columns its expression reads; {@code *} and {@code t.*} give each column of the tables
   * they cover. A set operation's result columns read what each part's column at that position
   * reads.
   *
   * @throws IllegalArgumentException when the statement does not parse or is not a query
   */
  public static Map<String, Set<String>> lineage(String sql, SchemaCatalog catalog) {
    Statement statement;
    try {
      statement = CCJSqlParserUtil.parse(sql);
    } catch (JSQLParserException e) {
      throw new IllegalArgumentException("cannot parse SQL: " + firstLine(e.getMessage()), e);
    }
    if (!(statement instanceof Select select)) {
      throw new IllegalArgumentException("not a query: " + sql);
    }
    List<PlainSelect> parts = new ArrayList<>();
    plainParts(select, parts);
    Map<String, Set<String>> out = new LinkedHashMap<>();
    List<String> names = null;
    for (PlainSelect plain : parts) {
      SqlColumnReferences refs = new SqlColumnReferences(catalog);
      Scope scope = refs.new Scope(null);
      refs.from(plain.getFromItem(), scope);
      if (plain.getJoins() != null) {
        for (Join join : plain.getJoins()) {
          refs.from(join.getRightItem(), scope);
        }
      }
      List<String> partNames = new ArrayList<>();
      for (SelectItem<?> item : plain.getSelectItems()) {
        Expression e = item.getExpression();
        if (e instanceof net.sf.jsqlparser.statement.select.AllColumns
            || e instanceof net.sf.jsqlparser.statement.select.AllTableColumns) {
          for (Table t : scope.tables(e)) {
            for (var c : t.columns()) {
              String name = c.name().toLowerCase(Locale.ROOT);
              partNames.add(name);
              out.computeIfAbsent(name, k -> new LinkedHashSet<>())
                  .add(SchemaElement.idOf(t.name(), c.name()));
            }
          }
          continue;
        }
        String name =
            item.getAlias() != null
                ? unquote(item.getAlias().getName())
                : e instanceof Column column ? unquote(column.getColumnName()) : e.toString();
        refs.found.clear();
        refs.columns(e, scope);
        int position = partNames.size();
        partNames.add(name.toLowerCase(Locale.ROOT));
        // A later part of a UNION adds to the column at the same position of the first part.
        String key =
            names != null && position < names.size()
                ? names.get(position)
                : name.toLowerCase(Locale.ROOT);
        out.computeIfAbsent(key, k -> new LinkedHashSet<>()).addAll(refs.found);
      }
      if (names == null) {
        names = partNames;
      }
    }
    Map<String, Set<String>> copy = new LinkedHashMap<>();
    out.forEach((k, v) -> copy.put(k, Set.copyOf(v)));
    return copy;
  }

  private static void plainParts(Select select, List<PlainSelect> parts) {
    switch (select) {
      case PlainSelect plain -> parts.add(plain);
      case SetOperationList set -> set.getSelects().forEach(s -> plainParts(s, parts));
      case ParenthesedSelect p -> plainParts(p.getSelect(), parts);
      default -> {}
    }
  }

  private static String firstLine(String message) {
    if (message == null) {
      return "syntax error";
    }
    int nl = message.indexOf('\n');
    return nl < 0 ? message : message.substring(0, nl);
  }

  /** The tables visible in one query block, by alias, with the enclosing blocks' behind them. */
  private final class Scope {
    private final Scope parent;
    private final Map<String, Optional<Table>> byAlias = new LinkedHashMap<>();

    Scope(Scope parent) {
      this.parent = parent;
    }

    void add(String alias, Optional<Table> table) {
      byAlias.put(alias.toLowerCase(Locale.ROOT), table);
    }

    // The tables a star covers: t.* its table, * every table of this block.
    List<Table> tables(Expression star) {
      if (star instanceof net.sf.jsqlparser.statement.select.AllTableColumns all) {
        String qualifier = unquote(all.getTable().getName()).toLowerCase(Locale.ROOT);
        Optional<Table> t = byAlias.getOrDefault(qualifier, catalog.table(qualifier));
        return t.map(List::of).orElse(List.of());
      }
      List<Table> out = new ArrayList<>();
      for (Optional<Table> t : byAlias.values()) {
        t.filter(x -> !out.contains(x)).ifPresent(out::add);
      }
      return out;
    }

    Optional<String> resolve(Column column) {
      String name = unquote(column.getColumnName());
      if (column.getTable() != null && column.getTable().getName() != null) {
        String qualifier = unquote(column.getTable().getName()).toLowerCase(Locale.ROOT);
        for (Scope s = this; s != null; s = s.parent) {
          if (s.byAlias.containsKey(qualifier)) {
            return s.byAlias.get(qualifier).flatMap(t -> idIn(t, name));
          }
        }
        return catalog.table(unquote(column.getTable().getName())).flatMap(t -> idIn(t, name));
      }
      for (Scope s = this; s != null; s = s.parent) {
        for (Optional<Table> table : s.byAlias.values()) {
          Optional<String> id = table.flatMap(t -> idIn(t, name));
          if (id.isPresent()) {
            return id;
          }
        }
      }
      return Optional.empty();
    }
  }

  private static Optional<String> idIn(Table table, String column) {
    return table.column(column).map(c -> SchemaElement.idOf(table.name(), c.name()));
  }

  private void select(Select select, Scope parent) {
    if (select.getWithItemsList() != null) {
      for (WithItem<?> with : select.getWithItemsList()) {
        if (with.getSelect() != null) {
          select(with.getSelect(), parent);
        }
      }
    }
    switch (select) {
      case PlainSelect plain -> plain(plain, parent);
      case SetOperationList set -> {
        for (Select part : set.getSelects()) {
          select(part, parent);
        }
      }
      case ParenthesedSelect parenthesed -> select(parenthesed.getSelect(), parent);
      default -> {}
    }
  }

  private void plain(PlainSelect plain, Scope parent) {
    Scope scope = new Scope(parent);
    from(plain.getFromItem(), scope);
    List<Expression> expressions = new ArrayList<>();
    if (plain.getJoins() != null) {
      for (Join join : plain.getJoins()) {
        from(join.getRightItem(), scope);
        expressions.addAll(join.getOnExpressions());
        if (join.getUsingColumns() != null) {
          expressions.addAll(join.getUsingColumns());
        }
      }
    }
    for (SelectItem<?> item : plain.getSelectItems()) {
      expressions.add(item.getExpression());
    }
    expressions.add(plain.getWhere());
    GroupByElement groupBy = plain.getGroupBy();
    if (groupBy != null && groupBy.getGroupByExpressionList() != null) {
      expressions.addAll(groupBy.getGroupByExpressionList());
    }
    expressions.add(plain.getHaving());
    if (plain.getOrderByElements() != null) {
      for (OrderByElement order : plain.getOrderByElements()) {
        expressions.add(order.getExpression());
      }
    }
    for (Expression e : expressions) {
      if (e != null) {
        columns(e, scope);
      }
    }
  }

  private void from(FromItem item, Scope scope) {
    switch (item) {
      case null -> {}
      case net.sf.jsqlparser.schema.Table table -> {
        Optional<Table> resolved = catalog.table(unquote(table.getName()));
        scope.add(unquote(table.getName()), resolved);
        if (table.getAlias() != null) {
          scope.add(unquote(table.getAlias().getName()), resolved);
        }
      }
      case ParenthesedSelect derived -> {
        // A derived table cannot see its siblings; its own columns are found inside it.
        select(derived.getSelect(), scope.parent);
        if (derived.getAlias() != null) {
          scope.add(unquote(derived.getAlias().getName()), Optional.empty());
        }
      }
      case ParenthesedFromItem nested -> {
        from(nested.getFromItem(), scope);
        if (nested.getJoins() != null) {
          for (Join join : nested.getJoins()) {
            from(join.getRightItem(), scope);
            join.getOnExpressions().forEach(e -> columns(e, scope));
          }
        }
      }
      default -> {}
    }
  }

  private void columns(Expression expression, Scope scope) {
    // Sub-queries inside expressions (IN, EXISTS, comparisons) get a scope under this one.
    SelectVisitorAdapter<Void> subqueries =
        new SelectVisitorAdapter<>() {
          @Override
          public <S> Void visit(ParenthesedSelect subquery, S context) {
            select(subquery.getSelect(), scope);
            return null;
          }

          @Override
          public <S> Void visit(PlainSelect subquery, S context) {
            select(subquery, scope);
            return null;
          }

          @Override
          public <S> Void visit(SetOperationList subquery, S context) {
            select(subquery, scope);
            return null;
          }
        };
    expression.accept(
        new ExpressionVisitorAdapter<Void>(subqueries) {
          @Override
          public <S> Void visit(Column column, S context) {
            scope.resolve(column).ifPresent(found::add);
            return null;
          }

          @Override
          public <S> Void visit(ParenthesedSelect subquery, S context) {
            select(subquery.getSelect(), scope);
            return null;
          }
        },
        null);
  }

  private static String unquote(String name) {
    if (name.length() >= 2) {
      char first = name.charAt(0);
      char last = name.charAt(name.length() - 1);
      if ((first == '"' && last == '"')
          || (first == '`' && last == '`')
          || (first == '[' && last == ']')) {
        return name.substring(1, name.length() - 1);
      }
    }
    return name;
  }
}
