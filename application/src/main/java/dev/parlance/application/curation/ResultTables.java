package dev.parlance.application.curation;

import dev.parlance.domain.evaluation.ResultComparison;
import dev.parlance.domain.evaluation.ResultDiff;
import dev.parlance.domain.evaluation.ResultTable;
import dev.parlance.domain.evaluation.SqlValue;
import dev.parlance.domain.governance.QueryResult;
import dev.parlance.domain.governance.ResultColumn;
import java.math.BigDecimal;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;

/**
 * Governed results compared the evaluation's way (Spider's rule: equal row multisets up to a
 * permutation of columns, as sequences when the SQL orders its rows).
 */
final class ResultTables {
  private ResultTables() {}

  static boolean same(QueryResult before, QueryResult after, String sql) {
    return ResultComparison.sameUpToColumnPermutation(
        table(before), table(after), sql.toLowerCase(Locale.ROOT).contains("order by"));
  }

  static String difference(QueryResult before, QueryResult after) {
    return ResultDiff.between(table(before), table(after), 2).summary();
  }

  static ResultTable table(QueryResult result) {
    List<List<SqlValue>> rows = new ArrayList<>(result.rows().size());
    for (List<Object> row : result.rows()) {
      List<SqlValue> values = new ArrayList<>(row.size());
      for (Object v : row) {
        values.add(value(v));
      }
      rows.add(values);
    }
    return ResultTable.of(result.columns().stream().map(ResultColumn::name).toList(), rows);
  }

  private static SqlValue value(Object v) {
    return switch (v) {
      case null -> SqlValue.NULL;
      case Long l -> SqlValue.of(l);
      case Integer i -> SqlValue.of(i.longValue());
      case Double d -> SqlValue.of(d);
      case BigDecimal b ->
          b.stripTrailingZeros().scale() <= 0
                  && b.abs().compareTo(BigDecimal.valueOf(Long.MAX_VALUE)) < 0
              ? SqlValue.of(b.longValue())
              : SqlValue.of(b.doubleValue());
      case Boolean b -> SqlValue.of(b ? 1L : 0L);
      default -> SqlValue.of(v.toString());
    };
  }
}
