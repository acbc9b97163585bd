package dev.parlance.deploy.cli;

import java.io.PrintStream;
import java.util.List;

/** Prints rows as an aligned text table; long cells are cut with an ellipsis. */
final class TextTable {
  private TextTable() {}

  static void print(PrintStream out, List<String> header, List<List<Object>> rows, int maxWidth) {
    int n = header.size();
    int[] widths = new int[n];
    for (int i = 0; i < n; i++) {
      widths[i] = Math.min(maxWidth, header.get(i).length());
    }
    for (List<Object> row : rows) {
      for (int i = 0; i < n; i++) {
        widths[i] = Math.max(widths[i], Math.min(maxWidth, cell(row.get(i)).length()));
      }
    }
    out.println(line(header.stream().map(h -> (Object) h).toList(), widths, maxWidth));
    StringBuilder rule = new StringBuilder();
    for (int i = 0; i < n; i++) {
      rule.append(i == 0 ? "" : "-+-").append("-".repeat(widths[i]));
    }
    out.println(rule);
    for (List<Object> row : rows) {
      out.println(line(row, widths, maxWidth));
    }
  }

  private static String line(List<Object> values, int[] widths, int maxWidth) {
    StringBuilder b = new StringBuilder();
    for (int i = 0; i < widths.length; i++) {
      String v = cell(values.get(i));
      if (v.length() > maxWidth) {
        v = v.substring(0, maxWidth - 1) + "…";
      }
      b.append(i == 0 ? "" : " | ");
      boolean number = values.get(i) instanceof Number;
      b.append(number ? pad(v, widths[i], true) : pad(v, widths[i], false));
    }
    return b.toString().stripTrailing();
  }

  private static String pad(String v, int width, boolean right) {
    String spaces = " ".repeat(Math.max(0, width - v.length()));
    return right ? spaces + v : v + spaces;
  }

  private static String cell(Object v) {
    return v == null ? "NULL" : String.valueOf(v).replaceAll("\\s+", " ");
  }
}
