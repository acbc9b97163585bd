package dev.parlance.adapters.db.governance;

import dev.parlance.domain.governance.Refusal;
import dev.parlance.domain.governance.RefusalKind;
import java.util.ArrayDeque;
import java.util.Collections;
import java.util.Deque;
import java.util.IdentityHashMap;
import java.util.Optional;
import java.util.Set;
import net.sf.jsqlparser.expression.AnalyticExpression;
import net.sf.jsqlparser.expression.Function;
import net.sf.jsqlparser.expression.JdbcNamedParameter;
import net.sf.jsqlparser.expression.JdbcParameter;
import net.sf.jsqlparser.expression.NextValExpression;
import net.sf.jsqlparser.expression.NumericBind;
import net.sf.jsqlparser.expression.operators.relational.InExpression;
import net.sf.jsqlparser.schema.Column;
import net.sf.jsqlparser.schema.Table;
import net.sf.jsqlparser.statement.select.Select;

/**
 * A second, independent traversal of the rewritten tree, generic over every field of every node:
 * every relation reference must be one the policy walk governed (by identity), every node must be
 * of a class Parlance understands, and no forbidden function or parameter may remain. It shares no
 * code path with the walk that rewrote the tree, so a gap in one is caught by the other.
 */
final class TreeCheck {
  private TreeCheck() {}

  static Optional<Refusal> ungoverned(Select top, Set<Object> governed, DialectRules rules) {
    try {
      check(top, governed, rules);
      return Optional.empty();
    } catch (Deny d) {
      return Optional.of(d.refusal());
    }
  }

  static void check(Select top, Set<Object> governed, DialectRules rules) {
    Set<Object> seen = Collections.newSetFromMap(new IdentityHashMap<>());
    Deque<Object> todo = new ArrayDeque<>();
    todo.push(top);
    while (!todo.isEmpty()) {
      Object n = todo.pop();
      if (AstNodes.isContainer(n)) {
        AstNodes.children(n, Set.of(), todo::push);
        continue;
      }
      if (!AstNodes.isSyntax(n) || !seen.add(n)) {
        continue;
      }
      if (n instanceof Table table) {
        if (!governed.contains(table)) {
          throw new Deny(
              RefusalKind.FORBIDDEN_RELATION,
              "the reference to "
                  + table.getFullyQualifiedName()
                  + " stands where Parlance cannot govern it; rewrite the query more plainly");
        }
        continue;
      }
      if (!AstNodes.KNOWN.contains(n.getClass())) {
        throw AstNodes.unknown(n);
      }
      switch (n) {
        case Function f -> function(FunctionScreen.functionName(f), rules);
        case AnalyticExpression a -> function(a.getName(), rules);
        case InExpression in when in.getRightExpression() instanceof Column ->
            throw new Deny(
                RefusalKind.NOT_A_QUERY,
                "'… IN table' compares with a whole table; write IN (SELECT column FROM table)");
        default -> {}
      }
      AstNodes.children(n, Set.of(), todo::push);
    }
  }

  private static void function(String name, DialectRules rules) {
    if (name != null && rules.forbidsFunction(SqlNames.unquote(name))) {
      throw new Deny(
          RefusalKind.FORBIDDEN_FUNCTION, "function " + SqlNames.unquote(name) + "() is refused");
    }
  }

  // Parameters and sequence calls are not in AstNodes.KNOWN, so they are refused above; named
  // here so that the reader sees they were considered.
  @SuppressWarnings("unused")
  private static final Set<Class<?>> NEVER =
      Set.of(
          JdbcParameter.class,
          JdbcNamedParameter.class,
          NumericBind.class,
          NextValExpression.class);
}
