package dev.parlance.adapters.db.benchmark;

import com.fasterxml.jackson.databind.JsonNode;
import dev.parlance.domain.evaluation.QueryComponents;
import dev.parlance.domain.evaluation.QueryComponents.Conditions;
import dev.parlance.domain.evaluation.QueryComponents.Connector;
import dev.parlance.domain.evaluation.QueryComponents.Predicate;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;

/**
 * Reads the {@code sql} field of Spider's {@code dev.json}, the official parse of the gold query by
 * {@code process_sql.py}, into the components Spider's hardness counts. Its layout: {@code select =
 * [distinct, [[agg_id, val_unit], …]]}, {@code from = {table_units, conds}}, conditions as {@code
 * [cond_unit, "and"|"or", cond_unit, …]} with {@code cond_unit = [not_op, op_id, val_unit, val1,
 * val2]}, {@code groupBy = [col_unit, …]}, {@code orderBy = [] | [dir, [val_unit, …]]}, {@code
 * col_unit = [agg_id, col_id, distinct]}, {@code val_unit = [unit_op, col_unit1, col_unit2]}.
 */
final class SpiderParse {
  private SpiderParse() {}

  /** {@code WHERE_OPS.index('like')} in process_sql.py. */
  private static final int LIKE = 9;

  static QueryComponents components(JsonNode sql) {
    if (sql == null || !sql.isObject() || !sql.has("select") || !sql.has("from")) {
      throw new IllegalArgumentException("not a Spider parse: " + sql);
    }
    List<Boolean> select = new ArrayList<>();
    for (JsonNode unit : sql.path("select").path(1)) {
      select.add(unit.path(0).asInt() != 0);
    }
    JsonNode from = sql.path("from");
    List<Boolean> groupBy = new ArrayList<>();
    for (JsonNode colUnit : sql.path("groupBy")) {
      groupBy.add(colUnit.path(0).asInt() != 0);
    }
    List<Integer> orderBy = new ArrayList<>();
    JsonNode order = sql.path("orderBy");
    if (order.isArray() && order.size() > 0) {
      for (JsonNode valUnit : order.path(1)) {
        orderBy.add(aggregated(valUnit.path(1)) + aggregated(valUnit.path(2)));
      }
    }
    return new QueryComponents(
        select,
        from.path("table_units").size(),
        conditions(from.path("conds")),
        conditions(sql.path("where")),
        groupBy,
        conditions(sql.path("having")),
        orderBy,
        !sql.path("limit").isNull() && !sql.path("limit").isMissingNode(),
        nested(sql.get("intersect")),
        nested(sql.get("union")),
        nested(sql.get("except")));
  }

  private static int aggregated(JsonNode colUnit) {
    return colUnit.isArray() && colUnit.path(0).asInt() != 0 ? 1 : 0;
  }

  private static Optional<QueryComponents> nested(JsonNode sql) {
    return sql == null || sql.isNull() ? Optional.empty() : Optional.of(components(sql));
  }

  private static Conditions conditions(JsonNode list) {
    List<Predicate> predicates = new ArrayList<>();
    List<Connector> connectors = new ArrayList<>();
    for (JsonNode item : list) {
      if (item.isTextual()) {
        connectors.add("or".equalsIgnoreCase(item.asText()) ? Connector.OR : Connector.AND);
        continue;
      }
      List<QueryComponents> subqueries = new ArrayList<>();
      for (int v = 3; v <= 4; v++) {
        if (item.path(v).isObject()) {
          subqueries.add(components(item.path(v)));
        }
      }
      predicates.add(
          new Predicate(item.path(0).asBoolean(), item.path(1).asInt() == LIKE, subqueries));
    }
    return new Conditions(predicates, connectors);
  }
}
