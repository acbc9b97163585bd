package dev.parlance.domain.evaluation;

import java.util.List;
import java.util.Objects;
import java.util.Optional;

/**
 * The parts of one SQL query that Spider's hardness counts, shaped like the parse of Spider's
 * {@code process_sql.py}: one query block, with its set operation's right side as another block.
 * Adapters build it from Spider's own parse (the {@code sql} field of {@code dev.json}) or from a
 * SQL parser.
 *
 * @param selectAggregated per select item, whether an aggregate (max, min, count, sum, avg) wraps
 *     it at the item's top
 * @param tableUnits the tables and derived tables in FROM (joins included)
 * @param from the join conditions (ON), across all joins
 * @param groupByAggregated per GROUP BY item, whether it is an aggregate
 * @param orderByAggregates per ORDER BY item, how many of its (at most two) operands are aggregates
 * @param limit whether there is a LIMIT
 */
public record QueryComponents(
    List<Boolean> selectAggregated,
    int tableUnits,
    Conditions from,
    Conditions where,
    List<Boolean> groupByAggregated,
    Conditions having,
    List<Integer> orderByAggregates,
    boolean limit,
    Optional<QueryComponents> intersect,
    Optional<QueryComponents> union,
    Optional<QueryComponents> except) {

  public QueryComponents {
    selectAggregated = List.copyOf(selectAggregated);
    Objects.requireNonNull(from, "from");
    Objects.requireNonNull(where, "where");
    groupByAggregated = List.copyOf(groupByAggregated);
    Objects.requireNonNull(having, "having");
    orderByAggregates = List.copyOf(orderByAggregates);
    intersect = Objects.requireNonNullElse(intersect, Optional.empty());
    union = Objects.requireNonNullElse(union, Optional.empty());
    except = Objects.requireNonNullElse(except, Optional.empty());
  }

  /** {@code AND} / {@code OR} between two predicates. */
  public enum Connector {
    AND,
    OR
  }

  /**
   * A flat list of predicates joined by connectors, as Spider's parser reads a condition (no
   * nesting: parentheses are not grouped).
   *
   * @param connectors between consecutive predicates; one fewer than the predicates
   */
  public record Conditions(List<Predicate> predicates, List<Connector> connectors) {
    public static final Conditions NONE = new Conditions(List.of(), List.of());

    public Conditions {
      predicates = List.copyOf(predicates);
      connectors = List.copyOf(connectors);
    }

    public boolean isEmpty() {
      return predicates.isEmpty();
    }

    long count(Connector connector) {
      return connectors.stream().filter(c -> c == connector).count();
    }
  }

  /**
   * One comparison.
   *
   * @param negated whether Spider's parser sets its {@code not_op}: {@code NOT IN}, {@code NOT
   *     LIKE}, {@code NOT BETWEEN}; not {@code IS NOT}
   * @param like whether the operator is LIKE
   * @param subqueries the sub-queries among its values
   */
  public record Predicate(boolean negated, boolean like, List<QueryComponents> subqueries) {
    public Predicate {
      subqueries = List.copyOf(subqueries);
    }
  }
}
