package dev.parlance.adapters.db.governance;

import dev.parlance.domain.governance.RefusalKind;
import java.lang.reflect.Field;
import java.lang.reflect.Modifier;
import java.util.ArrayList;
import java.util.Collection;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Set;
import java.util.function.Consumer;
import net.sf.jsqlparser.expression.AllValue;
import net.sf.jsqlparser.expression.AnalyticExpression;
import net.sf.jsqlparser.expression.AnyComparisonExpression;
import net.sf.jsqlparser.expression.ArrayConstructor;
import net.sf.jsqlparser.expression.ArrayExpression;
import net.sf.jsqlparser.expression.BooleanValue;
import net.sf.jsqlparser.expression.CaseExpression;
import net.sf.jsqlparser.expression.CastExpression;
import net.sf.jsqlparser.expression.CollateExpression;
import net.sf.jsqlparser.expression.DateTimeLiteralExpression;
import net.sf.jsqlparser.expression.DateValue;
import net.sf.jsqlparser.expression.DoubleValue;
import net.sf.jsqlparser.expression.ExtractExpression;
import net.sf.jsqlparser.expression.Function;
import net.sf.jsqlparser.expression.HexValue;
import net.sf.jsqlparser.expression.IntervalExpression;
import net.sf.jsqlparser.expression.JsonExpression;
import net.sf.jsqlparser.expression.LongValue;
import net.sf.jsqlparser.expression.NotExpression;
import net.sf.jsqlparser.expression.NullValue;
import net.sf.jsqlparser.expression.OrderByClause;
import net.sf.jsqlparser.expression.PartitionByClause;
import net.sf.jsqlparser.expression.RowConstructor;
import net.sf.jsqlparser.expression.SignedExpression;
import net.sf.jsqlparser.expression.StringValue;
import net.sf.jsqlparser.expression.TimeKeyExpression;
import net.sf.jsqlparser.expression.TimeValue;
import net.sf.jsqlparser.expression.TimestampValue;
import net.sf.jsqlparser.expression.TimezoneExpression;
import net.sf.jsqlparser.expression.TrimFunction;
import net.sf.jsqlparser.expression.WhenClause;
import net.sf.jsqlparser.expression.WindowDefinition;
import net.sf.jsqlparser.expression.WindowElement;
import net.sf.jsqlparser.expression.WindowOffset;
import net.sf.jsqlparser.expression.WindowRange;
import net.sf.jsqlparser.expression.operators.arithmetic.Addition;
import net.sf.jsqlparser.expression.operators.arithmetic.BitwiseAnd;
import net.sf.jsqlparser.expression.operators.arithmetic.BitwiseLeftShift;
import net.sf.jsqlparser.expression.operators.arithmetic.BitwiseOr;
import net.sf.jsqlparser.expression.operators.arithmetic.BitwiseRightShift;
import net.sf.jsqlparser.expression.operators.arithmetic.BitwiseXor;
import net.sf.jsqlparser.expression.operators.arithmetic.Concat;
import net.sf.jsqlparser.expression.operators.arithmetic.Division;
import net.sf.jsqlparser.expression.operators.arithmetic.IntegerDivision;
import net.sf.jsqlparser.expression.operators.arithmetic.Modulo;
import net.sf.jsqlparser.expression.operators.arithmetic.Multiplication;
import net.sf.jsqlparser.expression.operators.arithmetic.Subtraction;
import net.sf.jsqlparser.expression.operators.conditional.AndExpression;
import net.sf.jsqlparser.expression.operators.conditional.OrExpression;
import net.sf.jsqlparser.expression.operators.conditional.XorExpression;
import net.sf.jsqlparser.expression.operators.relational.Between;
import net.sf.jsqlparser.expression.operators.relational.ContainedBy;
import net.sf.jsqlparser.expression.operators.relational.Contains;
import net.sf.jsqlparser.expression.operators.relational.DoubleAnd;
import net.sf.jsqlparser.expression.operators.relational.EqualsTo;
import net.sf.jsqlparser.expression.operators.relational.ExistsExpression;
import net.sf.jsqlparser.expression.operators.relational.ExpressionList;
import net.sf.jsqlparser.expression.operators.relational.GreaterThan;
import net.sf.jsqlparser.expression.operators.relational.GreaterThanEquals;
import net.sf.jsqlparser.expression.operators.relational.InExpression;
import net.sf.jsqlparser.expression.operators.relational.IsBooleanExpression;
import net.sf.jsqlparser.expression.operators.relational.IsDistinctExpression;
import net.sf.jsqlparser.expression.operators.relational.IsNullExpression;
import net.sf.jsqlparser.expression.operators.relational.IsUnknownExpression;
import net.sf.jsqlparser.expression.operators.relational.JsonOperator;
import net.sf.jsqlparser.expression.operators.relational.LikeExpression;
import net.sf.jsqlparser.expression.operators.relational.MinorThan;
import net.sf.jsqlparser.expression.operators.relational.MinorThanEquals;
import net.sf.jsqlparser.expression.operators.relational.NamedExpressionList;
import net.sf.jsqlparser.expression.operators.relational.NotEqualsTo;
import net.sf.jsqlparser.expression.operators.relational.ParenthesedExpressionList;
import net.sf.jsqlparser.expression.operators.relational.RegExpMatchOperator;
import net.sf.jsqlparser.expression.operators.relational.SimilarToExpression;
import net.sf.jsqlparser.schema.Column;
import net.sf.jsqlparser.schema.Table;
import net.sf.jsqlparser.statement.create.table.ColDataType;
import net.sf.jsqlparser.statement.select.AllColumns;
import net.sf.jsqlparser.statement.select.AllTableColumns;
import net.sf.jsqlparser.statement.select.Distinct;
import net.sf.jsqlparser.statement.select.ExceptOp;
import net.sf.jsqlparser.statement.select.Fetch;
import net.sf.jsqlparser.statement.select.GroupByElement;
import net.sf.jsqlparser.statement.select.IntersectOp;
import net.sf.jsqlparser.statement.select.Join;
import net.sf.jsqlparser.statement.select.LateralSubSelect;
import net.sf.jsqlparser.statement.select.Limit;
import net.sf.jsqlparser.statement.select.MinusOp;
import net.sf.jsqlparser.statement.select.Offset;
import net.sf.jsqlparser.statement.select.OrderByElement;
import net.sf.jsqlparser.statement.select.ParenthesedFromItem;
import net.sf.jsqlparser.statement.select.ParenthesedSelect;
import net.sf.jsqlparser.statement.select.PlainSelect;
import net.sf.jsqlparser.statement.select.SelectItem;
import net.sf.jsqlparser.statement.select.SetOperationList;
import net.sf.jsqlparser.statement.select.TableFunction;
import net.sf.jsqlparser.statement.select.UnionOp;
import net.sf.jsqlparser.statement.select.Values;
import net.sf.jsqlparser.statement.select.WithItem;

/**
 * The parser's syntax tree seen generically: every child a node holds, found through its fields, so
 * that no walk can skip an operand it was not written for. Only node classes listed here are
 * understood; a statement holding any other is refused by the walks (fail closed), whatever the
 * construct is.
 */
final class AstNodes {
  private AstNodes() {}

  /**
   * Every node class Parlance understands, exactly (a subclass is not understood because its parent
   * is: it may hold operands of its own, like LIKE's ESCAPE).
   */
  static final Set<Class<?>> KNOWN =
      Set.of(
          // queries and their parts
          PlainSelect.class,
          SetOperationList.class,
          ParenthesedSelect.class,
          LateralSubSelect.class,
          Values.class,
          WithItem.class,
          Join.class,
          ParenthesedFromItem.class,
          TableFunction.class,
          Table.class,
          SelectItem.class,
          Distinct.class,
          Limit.class,
          Offset.class,
          Fetch.class,
          GroupByElement.class,
          OrderByElement.class,
          net.sf.jsqlparser.expression.Alias.class,
          net.sf.jsqlparser.expression.Alias.AliasColumn.class,
          UnionOp.class,
          IntersectOp.class,
          ExceptOp.class,
          MinusOp.class,
          // names and functions
          Column.class,
          AllColumns.class,
          AllTableColumns.class,
          Function.class,
          AnalyticExpression.class,
          WindowDefinition.class,
          WindowElement.class,
          WindowOffset.class,
          WindowRange.class,
          PartitionByClause.class,
          OrderByClause.class,
          ExpressionList.class,
          ParenthesedExpressionList.class,
          RowConstructor.class,
          NamedExpressionList.class,
          // literals
          NullValue.class,
          LongValue.class,
          DoubleValue.class,
          StringValue.class,
          HexValue.class,
          BooleanValue.class,
          DateValue.class,
          TimeValue.class,
          TimestampValue.class,
          DateTimeLiteralExpression.class,
          TimeKeyExpression.class,
          IntervalExpression.class,
          // a bare word like MONTH, which SQLite reads as a name (an alias, a column)
          net.sf.jsqlparser.expression.DateUnitExpression.class,
          // operators
          Addition.class,
          Subtraction.class,
          Multiplication.class,
          Division.class,
          IntegerDivision.class,
          Modulo.class,
          Concat.class,
          BitwiseAnd.class,
          BitwiseOr.class,
          BitwiseXor.class,
          BitwiseLeftShift.class,
          BitwiseRightShift.class,
          AndExpression.class,
          OrExpression.class,
          XorExpression.class,
          NotExpression.class,
          SignedExpression.class,
          EqualsTo.class,
          NotEqualsTo.class,
          GreaterThan.class,
          GreaterThanEquals.class,
          MinorThan.class,
          MinorThanEquals.class,
          IsNullExpression.class,
          IsBooleanExpression.class,
          IsUnknownExpression.class,
          IsDistinctExpression.class,
          Between.class,
          InExpression.class,
          LikeExpression.class,
          SimilarToExpression.class,
          RegExpMatchOperator.class,
          ExistsExpression.class,
          AnyComparisonExpression.class,
          AllValue.class,
          Contains.class,
          ContainedBy.class,
          DoubleAnd.class,
          JsonExpression.class,
          JsonOperator.class,
          // json_object(…), json_array(…): read-only functions the parser gives a node of their own
          net.sf.jsqlparser.expression.JsonFunction.class,
          net.sf.jsqlparser.expression.JsonKeyValuePair.class,
          net.sf.jsqlparser.expression.JsonFunctionExpression.class,
          // other expressions
          CaseExpression.class,
          WhenClause.class,
          CastExpression.class,
          ColDataType.class,
          ExtractExpression.class,
          CollateExpression.class,
          TimezoneExpression.class,
          TrimFunction.class,
          ArrayExpression.class,
          ArrayConstructor.class);

  /** Fields that never hold a child: the parser's own tree, resolution caches. */
  private static final Set<String> NOT_CHILDREN = Set.of("node", "resolvedTable");

  /** Fields that hold a name qualifier, not a relation reference. */
  private static final Set<String> QUALIFIERS = Set.of("table");

  private static final ClassValue<List<Field>> FIELDS =
      new ClassValue<>() {
        @Override
        protected List<Field> computeValue(Class<?> type) {
          List<Field> out = new ArrayList<>();
          for (Class<?> k = type;
              k != null && k.getName().startsWith("net.sf.jsqlparser");
              k = k.getSuperclass()) {
            for (Field f : k.getDeclaredFields()) {
              if (Modifier.isStatic(f.getModifiers())
                  || f.getType().isPrimitive()
                  || NOT_CHILDREN.contains(f.getName())) {
                continue;
              }
              f.setAccessible(true);
              out.add(f);
            }
          }
          return List.copyOf(out);
        }
      };

  /** Whether {@code value} is a plain value (text, number, flag), never a node. */
  static boolean isScalar(Object value) {
    if (value instanceof Enum<?>) {
      return true;
    }
    if (value instanceof Collection<?>
        || value instanceof Map<?, ?>
        || value instanceof Map.Entry<?, ?>
        || value instanceof Object[]) {
      return false;
    }
    // text, numbers, dates and other JDK values; never a syntax node
    return value.getClass().getName().startsWith("java.");
  }

  /** Whether a node's field {@code name} holds a name qualifier (Column.table, t.*). */
  static boolean isQualifier(Object node, String name) {
    return QUALIFIERS.contains(name) && (node instanceof Column || node instanceof AllTableColumns);
  }

  /**
   * Hands every child of {@code node} to {@code sink}: the elements of lists, arrays and map
   * entries, and for syntax nodes the value of every field except {@code skip} and name qualifiers.
   * Plain values are left out.
   */
  static void children(Object node, Set<String> skip, Consumer<Object> sink) {
    if (node instanceof Collection<?> c) {
      for (Object o : c) {
        give(o, sink);
      }
      if (!(node instanceof ExpressionList<?>)) {
        return;
      }
      // an expression list is also a node with fields of its own (the names of named lists)
    }
    if (node instanceof Map.Entry<?, ?> e) {
      give(e.getKey(), sink);
      give(e.getValue(), sink);
      return;
    }
    if (node instanceof Map<?, ?> m) {
      for (Map.Entry<?, ?> e : m.entrySet()) {
        give(e.getKey(), sink);
        give(e.getValue(), sink);
      }
      return;
    }
    if (node instanceof Object[] array) {
      for (Object o : array) {
        give(o, sink);
      }
      return;
    }
    if (!isSyntax(node)) {
      return;
    }
    for (Field f : FIELDS.get(node.getClass())) {
      if (skip.contains(f.getName()) || isQualifier(node, f.getName())) {
        continue;
      }
      if (node instanceof Collection<?> && f.getDeclaringClass().getName().startsWith("java.")) {
        continue;
      }
      try {
        give(f.get(node), sink);
      } catch (IllegalAccessException e) {
        throw new Deny(RefusalKind.UNPARSABLE, "Parlance could not inspect part of the statement");
      }
    }
  }

  private static void give(Object o, Consumer<Object> sink) {
    if (o != null && !isScalar(o)) {
      sink.accept(o);
    }
  }

  /** Whether {@code o} is one of the parser's syntax nodes (as opposed to a list or a value). */
  static boolean isSyntax(Object o) {
    String name = o.getClass().getName();
    return name.startsWith("net.sf.jsqlparser.") && !name.startsWith("net.sf.jsqlparser.parser.");
  }

  /** Whether {@code o} is a container the walks look through (list, array, map entry). */
  static boolean isContainer(Object o) {
    return (o instanceof Collection<?> && !(o instanceof ExpressionList<?>))
        || o instanceof Map<?, ?>
        || o instanceof Map.Entry<?, ?>
        || o instanceof Object[];
  }

  /** The refusal for a node class Parlance does not understand, named in words. */
  static Deny unknown(Object node) {
    String words =
        node.getClass()
            .getSimpleName()
            .replaceAll("([a-z])([A-Z])", "$1 $2")
            .toLowerCase(Locale.ROOT);
    return new Deny(
        RefusalKind.NOT_A_QUERY,
        "the statement uses SQL that Parlance does not analyse ("
            + words
            + "); rewrite it without that construct");
  }
}
