package dev.parlance.domain.evaluation;

import java.util.ArrayList;
import java.util.List;

/** Builds result tables from Java values: Integer/Long → INTEGER, Double → REAL, null → NULL. */
public final class Results {
  private Results() {}

  public static SqlValue value(Object o) {
    return switch (o) {
      case null -> SqlValue.NULL;
      case Integer i -> SqlValue.of(i.longValue());
      case Long l -> SqlValue.of(l);
      case Double d -> SqlValue.of(d);
      case String s -> SqlValue.of(s);
      case byte[] b -> SqlValue.of(b);
      default -> throw new IllegalArgumentException("no SQL value for " + o);
    };
  }

  public static List<SqlValue> row(Object... values) {
    List<SqlValue> row = new ArrayList<>();
    for (Object v : values) {
      row.add(value(v));
    }
    return row;
  }

  /** A table whose column labels are c1, c2, …; each argument is one row. */
  public static ResultTable table(Object[]... rows) {
    int width = rows.length == 0 ? 1 : rows[0].length;
    List<String> columns = new ArrayList<>();
    for (int i = 1; i <= width; i++) {
      columns.add("c" + i);
    }
    List<List<SqlValue>> out = new ArrayList<>();
    for (Object[] r : rows) {
      out.add(row(r));
    }
    return ResultTable.of(columns, out);
  }

  public static Object[] r(Object... values) {
    return values;
  }

  public static ResultTable empty(int width) {
    List<String> columns = new ArrayList<>();
    for (int i = 1; i <= width; i++) {
      columns.add("c" + i);
    }
    return ResultTable.of(columns, List.of());
  }
}
