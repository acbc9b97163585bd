package dev.parlance.adapters.db.governance;

import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.Deque;
import java.util.List;
import java.util.function.BinaryOperator;
import net.sf.jsqlparser.expression.BinaryExpression;
import net.sf.jsqlparser.expression.Expression;
import net.sf.jsqlparser.expression.operators.arithmetic.Concat;
import net.sf.jsqlparser.expression.operators.conditional.AndExpression;
import net.sf.jsqlparser.expression.operators.conditional.OrExpression;
import net.sf.jsqlparser.expression.operators.relational.ParenthesedExpressionList;

/**
 * Long chains of one associative operator ({@code a OR b OR c …}, {@code AND}, {@code ||}) become
 * balanced, parenthesised trees in place. The parser builds them as deep left-leaning trees, which
 * overflow recursive printing and exceed the engines' expression depth (SQLite: 1000); balanced,
 * 3,000 terms nest 12 deep. The same terms in the same order, so the meaning is unchanged.
 */
final class LongChains {
  private LongChains() {}

  /** Chains shorter than this stay as written. */
  static final int THRESHOLD = 32;

  static void balance(Object node) {
    if (!(node instanceof AndExpression
        || node instanceof OrExpression
        || node instanceof Concat)) {
      return;
    }
    BinaryExpression top = (BinaryExpression) node;
    Class<?> type = top.getClass();
    List<Expression> terms = new ArrayList<>();
    Deque<Expression> todo = new ArrayDeque<>();
    todo.push(top.getRightExpression());
    Expression left = top.getLeftExpression();
    int chained = 1;
    while (left != null && left.getClass() == type) {
      BinaryExpression b = (BinaryExpression) left;
      todo.push(b.getRightExpression());
      left = b.getLeftExpression();
      chained++;
    }
    if (chained < THRESHOLD) {
      return;
    }
    terms.add(left);
    while (!todo.isEmpty()) {
      terms.add(todo.pop());
    }
    BinaryOperator<Expression> join = joiner(top);
    int middle = terms.size() / 2;
    top.setLeftExpression(group(build(terms.subList(0, middle), join)));
    top.setRightExpression(group(build(terms.subList(middle, terms.size()), join)));
  }

  private static BinaryOperator<Expression> joiner(BinaryExpression top) {
    return switch (top) {
      case AndExpression a -> AndExpression::new;
      case OrExpression o -> OrExpression::new;
      default -> (l, r) -> new Concat(l, r);
    };
  }

  // Iterative pairwise reduction: depth log2(n), no recursion.
  private static Expression build(List<Expression> terms, BinaryOperator<Expression> join) {
    List<Expression> level = new ArrayList<>(terms);
    while (level.size() > 1) {
      List<Expression> next = new ArrayList<>((level.size() + 1) / 2);
      for (int i = 0; i < level.size(); i += 2) {
        if (i + 1 < level.size()) {
          next.add(group(join.apply(level.get(i), level.get(i + 1))));
        } else {
          next.add(level.get(i));
        }
      }
      level = next;
    }
    return level.get(0);
  }

  private static Expression group(Expression e) {
    return e instanceof BinaryExpression ? new ParenthesedExpressionList<>(e) : e;
  }
}
