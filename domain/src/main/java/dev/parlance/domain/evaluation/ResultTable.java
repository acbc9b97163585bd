package dev.parlance.domain.evaluation;

import java.util.ArrayList;
import java.util.List;
import java.util.Objects;

/**
 * What a query returned, in full and in order: its column labels and its rows. The official
 * evaluators compare rows only (the tuples of Python's {@code fetchall()}), so the comparisons here
 * read a row's width from the row itself and use the labels only for reports.
 */
public record ResultTable(List<String> columns, List<List<SqlValue>> rows) {

  public ResultTable {
    columns = List.copyOf(columns);
    List<List<SqlValue>> copy = new ArrayList<>(rows.size());
    for (List<SqlValue> row : rows) {
      copy.add(List.copyOf(Objects.requireNonNull(row, "row")));
    }
    rows = List.copyOf(copy);
  }

  public static ResultTable of(List<String> columns, List<List<SqlValue>> rows) {
    return new ResultTable(columns, rows);
  }

  public int rowCount() {
    return rows.size();
  }

  /** The width of the rows (of the first row, as the evaluators read it), else of the labels. */
  public int width() {
    return rows.isEmpty() ? columns.size() : rows.getFirst().size();
  }

  public boolean isEmpty() {
    return rows.isEmpty();
  }

  /** Column {@code index} as a list of values, top to bottom. */
  public List<SqlValue> column(int index) {
    List<SqlValue> values = new ArrayList<>(rows.size());
    for (List<SqlValue> row : rows) {
      values.add(row.get(index));
    }
    return values;
  }
}
