package dev.parlance.adapters.db.sql;

import dev.parlance.domain.evaluation.QueryComponents;
import dev.parlance.domain.evaluation.QueryComponents.Conditions;
import dev.parlance.domain.evaluation.QueryComponents.Connector;
import dev.parlance.domain.evaluation.QueryComponents.Predicate;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Optional;
import java.util.Set;
import net.sf.jsqlparser.JSQLParserException;
import net.sf.jsqlparser.expression.BinaryExpression;
import net.sf.jsqlparser.expression.Expression;
import net.sf.jsqlparser.expression.Function;
import net.sf.jsqlparser.expression.NotExpression;
import net.sf.jsqlparser.expression.operators.arithmetic.Addition;
import net.sf.jsqlparser.expression.operators.arithmetic.Division;
import net.sf.jsqlparser.expression.operators.arithmetic.Multiplication;
import net.sf.jsqlparser.expression.operators.arithmetic.Subtraction;
import net.sf.jsqlparser.expression.operators.conditional.AndExpression;
import net.sf.jsqlparser.expression.operators.conditional.OrExpression;
import net.sf.jsqlparser.expression.operators.relational.Between;
import net.sf.jsqlparser.expression.operators.relational.ExistsExpression;
import net.sf.jsqlparser.expression.operators.relational.InExpression;
import net.sf.jsqlparser.expression.operators.relational.LikeExpression;
import net.sf.jsqlparser.expression.operators.relational.ParenthesedExpressionList;
import net.sf.jsqlparser.parser.CCJSqlParserUtil;
import net.sf.jsqlparser.statement.Statement;
import net.sf.jsqlparser.statement.select.GroupByElement;
import net.sf.jsqlparser.statement.select.Join;
import net.sf.jsqlparser.statement.select.Limit;
import net.sf.jsqlparser.statement.select.OrderByElement;
import net.sf.jsqlparser.statement.select.ParenthesedSelect;
import net.sf.jsqlparser.statement.select.PlainSelect;
import net.sf.jsqlparser.statement.select.Select;
import net.sf.jsqlparser.statement.select.SelectItem;
import net.sf.jsqlparser.statement.select.SetOperation;
import net.sf.jsqlparser.statement.select.SetOperationList;

/**
 * The components Spider's hardness counts, read from any query with a SQL parser, shaped as
 * Spider's own parser ({@code process_sql.py}) shapes them: conditions flattened into predicates
 * and AND/OR connectors, a set operation's right side as a nested query, ORDER BY and LIMIT after a
 * set operation belonging to its last query.
 */
public final class SqlQueryComponents {
  private SqlQueryComponents() {}

  private static final Set<String> AGGREGATES = Set.of("max", "min", "count", "sum", "avg");

  /**
   * @throws IllegalArgumentException when the statement does not parse or is not a query
   */
  public static QueryComponents of(String sql) {
    Statement statement;
    try {
      statement = CCJSqlParserUtil.parse(sql);
    } catch (JSQLParserException e) {
      String m =
          e.getMessage() == null ? "syntax error" : e.getMessage().lines().findFirst().orElse("");
      throw new IllegalArgumentException("cannot parse SQL: " + m, e);
    }
    if (!(statement instanceof Select select)) {
      throw new IllegalArgumentException("not a query: " + sql);
    }
    return select(select, null, null);
  }

  // orderBy and limit: those of an enclosing set operation, which Spider gives its last query.
  private static QueryComponents select(
      Select select, List<OrderByElement> outerOrder, Limit outerLimit) {
    return switch (select) {
      case PlainSelect plain -> plain(plain, outerOrder, outerLimit);
      case ParenthesedSelect p -> select(p.getSelect(), outerOrder, outerLimit);
      case SetOperationList set -> {
        List<OrderByElement> order =
            set.getOrderByElements() != null ? set.getOrderByElements() : outerOrder;
        Limit limit = set.getLimit() != null ? set.getLimit() : outerLimit;
        yield chain(set.getSelects(), set.getOperations(), 0, order, limit);
      }
      default -> throw new IllegalArgumentException("unsupported query: " + select);
    };
  }

  private static QueryComponents chain(
      List<Select> selects,
      List<SetOperation> operations,
      int index,
      List<OrderByElement> order,
      Limit limit) {
    boolean last = index == selects.size() - 1;
    Select first = selects.get(index);
    if (last) {
      return select(first, order, limit);
    }
    QueryComponents rest = chain(selects, operations, index + 1, order, limit);
    String op = operations.get(index).toString().toLowerCase(Locale.ROOT);
    QueryComponents left = select(first, null, null);
    return new QueryComponents(
        left.selectAggregated(),
        left.tableUnits(),
        left.from(),
        left.where(),
        left.groupByAggregated(),
        left.having(),
        left.orderByAggregates(),
        left.limit(),
        op.startsWith("intersect") ? Optional.of(rest) : left.intersect(),
        op.startsWith("union") ? Optional.of(rest) : left.union(),
        op.startsWith("except") || op.startsWith("minus") ? Optional.of(rest) : left.except());
  }

  private static QueryComponents plain(
      PlainSelect plain, List<OrderByElement> outerOrder, Limit outerLimit) {
    List<Boolean> select = new ArrayList<>();
    for (SelectItem<?> item : plain.getSelectItems()) {
      select.add(isAggregate(item.getExpression()));
    }
    int tableUnits = plain.getFromItem() == null ? 0 : 1;
    List<Predicate> fromPredicates = new ArrayList<>();
    List<Connector> fromConnectors = new ArrayList<>();
    if (plain.getJoins() != null) {
      for (Join join : plain.getJoins()) {
        tableUnits++;
        for (Expression on : join.getOnExpressions()) {
          if (!fromPredicates.isEmpty()) {
            fromConnectors.add(Connector.AND);
          }
          flatten(on, fromPredicates, fromConnectors);
        }
      }
    }
    List<Boolean> groupBy = new ArrayList<>();
    GroupByElement group = plain.getGroupBy();
    if (group != null && group.getGroupByExpressionList() != null) {
      for (Object e : group.getGroupByExpressionList()) {
        groupBy.add(e instanceof Expression x && isAggregate(x));
      }
    }
    List<OrderByElement> orderElements =
        plain.getOrderByElements() != null ? plain.getOrderByElements() : outerOrder;
    List<Integer> orderBy = new ArrayList<>();
    if (orderElements != null) {
      for (OrderByElement o : orderElements) {
        Expression e = unwrap(o.getExpression());
        if (isArithmetic(e)) {
          BinaryExpression b = (BinaryExpression) e;
          orderBy.add(
              (isAggregate(b.getLeftExpression()) ? 1 : 0)
                  + (isAggregate(b.getRightExpression()) ? 1 : 0));
        } else {
          orderBy.add(isAggregate(e) ? 1 : 0);
        }
      }
    }
    return new QueryComponents(
        select,
        tableUnits,
        new Conditions(fromPredicates, fromConnectors),
        conditions(plain.getWhere()),
        groupBy,
        conditions(plain.getHaving()),
        orderBy,
        plain.getLimit() != null || outerLimit != null,
        Optional.empty(),
        Optional.empty(),
        Optional.empty());
  }

  private static Conditions conditions(Expression expression) {
    if (expression == null) {
      return Conditions.NONE;
    }
    List<Predicate> predicates = new ArrayList<>();
    List<Connector> connectors = new ArrayList<>();
    flatten(expression, predicates, connectors);
    return new Conditions(predicates, connectors);
  }

  // Spider reads a condition left to right as predicate (connector predicate)*, ignoring nesting.
  private static void flatten(
      Expression expression, List<Predicate> predicates, List<Connector> connectors) {
    Expression e = unwrap(expression);
    if (e instanceof AndExpression and) {
      flatten(and.getLeftExpression(), predicates, connectors);
      connectors.add(Connector.AND);
      flatten(and.getRightExpression(), predicates, connectors);
    } else if (e instanceof OrExpression or) {
      flatten(or.getLeftExpression(), predicates, connectors);
      connectors.add(Connector.OR);
      flatten(or.getRightExpression(), predicates, connectors);
    } else {
      predicates.add(predicate(e));
    }
  }

  private static Predicate predicate(Expression e) {
    return switch (e) {
      case NotExpression not -> {
        Predicate inner = predicate(unwrap(not.getExpression()));
        yield new Predicate(true, inner.like(), inner.subqueries());
      }
      case LikeExpression like ->
          new Predicate(
              like.isNot(),
              like.getLikeKeyWord() == LikeExpression.KeyWord.LIKE,
              subqueries(like.getRightExpression()));
      case InExpression in -> new Predicate(in.isNot(), false, subqueries(in.getRightExpression()));
      case Between between ->
          new Predicate(
              between.isNot(),
              false,
              concat(
                  subqueries(between.getBetweenExpressionStart()),
                  subqueries(between.getBetweenExpressionEnd())));
      case ExistsExpression exists ->
          new Predicate(exists.isNot(), false, subqueries(exists.getRightExpression()));
      case BinaryExpression binary ->
          new Predicate(false, false, subqueries(binary.getRightExpression()));
      default -> new Predicate(false, false, List.of());
    };
  }

  private static List<QueryComponents> subqueries(Expression e) {
    Expression x = e;
    if (x instanceof ParenthesedSelect p) {
      return List.of(select(p.getSelect(), null, null));
    }
    if (x instanceof Select s) {
      return List.of(select(s, null, null));
    }
    return List.of();
  }

  private static List<QueryComponents> concat(List<QueryComponents> a, List<QueryComponents> b) {
    List<QueryComponents> all = new ArrayList<>(a);
    all.addAll(b);
    return all;
  }

  private static Expression unwrap(Expression e) {
    Expression x = e;
    while (x instanceof ParenthesedExpressionList<?> list && list.size() == 1) {
      x = (Expression) list.get(0);
    }
    return x;
  }

  private static boolean isArithmetic(Expression e) {
    return e instanceof Addition
        || e instanceof Subtraction
        || e instanceof Multiplication
        || e instanceof Division;
  }

  private static boolean isAggregate(Expression e) {
    return unwrap(e) instanceof Function f
        && f.getName() != null
        && AGGREGATES.contains(f.getName().toLowerCase(Locale.ROOT));
  }
}
