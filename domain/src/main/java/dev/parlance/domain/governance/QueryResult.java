package dev.parlance.domain.governance;

import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.Objects;

/**
 * The rows a governed statement returned.
 *
 * @param rows values as the driver gave them (String, Long, Double, BigDecimal, Boolean, null;
 *     other types as text), each row as long as {@code columns}
 * @param truncated true when the row cap stopped the result before its end
 * @param sqlAsked the statement as the user wrote it
 * @param sqlRun the statement as Parlance ran it, after rewriting
 */
public record QueryResult(
    List<ResultColumn> columns,
    List<List<Object>> rows,
    boolean truncated,
    long elapsedMs,
    String sqlAsked,
    String sqlRun) {

  public QueryResult {
    columns = List.copyOf(columns);
    List<List<Object>> copy = new ArrayList<>(rows.size());
    for (List<Object> row : rows) {
      if (row.size() != columns.size()) {
        throw new IllegalArgumentException(
            "a row has " + row.size() + " values for " + columns.size() + " columns");
      }
      // Values may be null, which List.copyOf refuses.
      copy.add(Collections.unmodifiableList(new ArrayList<>(row)));
    }
    rows = Collections.unmodifiableList(copy);
    Objects.requireNonNull(sqlAsked, "sqlAsked");
    Objects.requireNonNull(sqlRun, "sqlRun");
  }

  public int rowCount() {
    return rows.size();
  }
}
