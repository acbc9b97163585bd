package dev.parlance.domain.evaluation;

import dev.parlance.domain.evaluation.QueryComponents.Conditions;
import dev.parlance.domain.evaluation.QueryComponents.Connector;
import dev.parlance.domain.evaluation.QueryComponents.Predicate;
import java.util.List;
import java.util.Locale;
import java.util.stream.Stream;

/**
 * Spider's difficulty classes, computed from the gold query as Spider's evaluator does ({@code
 * evaluation.py}: {@code eval_hardness}, {@code count_component1}, {@code count_component2}, {@code
 * count_others}), including its quirks: only the outer query block counts, and its aggregate count
 * takes a WHERE predicate's or HAVING item's first field, so it counts negated WHERE predicates and
 * negated HAVING predicates and HAVING's AND/OR connectors, not the aggregates inside them.
 */
public enum SpiderHardness {
  EASY,
  MEDIUM,
  HARD,
  EXTRA;

  /** The labels in their order, as reports list them. */
  public static final List<String> LABELS = List.of("easy", "medium", "hard", "extra");

  public String label() {
    return name().toLowerCase(Locale.ROOT);
  }

  public static SpiderHardness of(QueryComponents sql) {
    int c1 = componentsOne(sql);
    int c2 = componentsTwo(sql);
    int others = others(sql);
    if (c1 <= 1 && others == 0 && c2 == 0) {
      return EASY;
    }
    if ((others <= 2 && c1 <= 1 && c2 == 0) || (c1 <= 2 && others < 2 && c2 == 0)) {
      return MEDIUM;
    }
    if ((others > 2 && c1 <= 2 && c2 == 0)
        || (2 < c1 && c1 <= 3 && others <= 2 && c2 == 0)
        || (c1 <= 1 && others == 0 && c2 <= 1)) {
      return HARD;
    }
    return EXTRA;
  }

  /** count_component1: WHERE, GROUP BY, ORDER BY, LIMIT, each join, each OR, each LIKE. */
  static int componentsOne(QueryComponents sql) {
    int count = 0;
    count += sql.where().isEmpty() ? 0 : 1;
    count += sql.groupByAggregated().isEmpty() ? 0 : 1;
    count += sql.orderByAggregates().isEmpty() ? 0 : 1;
    count += sql.limit() ? 1 : 0;
    count += Math.max(0, sql.tableUnits() - 1);
    for (Conditions c : conditions(sql)) {
      count += (int) c.count(Connector.OR);
      count += (int) c.predicates().stream().filter(Predicate::like).count();
    }
    return count;
  }

  /** count_component2: sub-queries in conditions, and the set operation. */
  static int componentsTwo(QueryComponents sql) {
    int count = 0;
    for (Conditions c : conditions(sql)) {
      for (Predicate p : c.predicates()) {
        count += p.subqueries().size();
      }
    }
    count += sql.intersect().isPresent() ? 1 : 0;
    count += sql.except().isPresent() ? 1 : 0;
    count += sql.union().isPresent() ? 1 : 0;
    return count;
  }

  /** count_others: more than one aggregate, select item, WHERE predicate or GROUP BY item. */
  static int others(QueryComponents sql) {
    long aggregates = sql.selectAggregated().stream().filter(a -> a).count();
    aggregates += sql.where().predicates().stream().filter(Predicate::negated).count();
    aggregates += sql.groupByAggregated().stream().filter(a -> a).count();
    aggregates += sql.orderByAggregates().stream().mapToInt(Integer::intValue).sum();
    aggregates += sql.having().predicates().stream().filter(Predicate::negated).count();
    aggregates += sql.having().connectors().size();
    int count = aggregates > 1 ? 1 : 0;
    count += sql.selectAggregated().size() > 1 ? 1 : 0;
    count += sql.where().predicates().size() > 1 ? 1 : 0;
    count += sql.groupByAggregated().size() > 1 ? 1 : 0;
    return count;
  }

  private static List<Conditions> conditions(QueryComponents sql) {
    return Stream.of(sql.from(), sql.where(), sql.having()).toList();
  }
}
