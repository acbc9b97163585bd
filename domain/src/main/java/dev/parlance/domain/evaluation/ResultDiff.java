package dev.parlance.domain.evaluation;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.stream.Collectors;

/**
 * How a predicted result differs from the gold one, for failure reports: the shapes, and the rows
 * one has that the other lacks (as multisets, by Python equality), with a few examples of each.
 */
public record ResultDiff(
    int goldRows,
    int goldWidth,
    int predictedRows,
    int predictedWidth,
    int missingCount,
    List<List<SqlValue>> missingExamples,
    int extraCount,
    List<List<SqlValue>> extraExamples) {

  public ResultDiff {
    missingExamples = missingExamples.stream().map(List::copyOf).toList();
    extraExamples = extraExamples.stream().map(List::copyOf).toList();
  }

  public static ResultDiff between(ResultTable gold, ResultTable predicted, int examples) {
    Map<List<SqlValue>, Integer> left = new HashMap<>();
    predicted.rows().forEach(r -> left.merge(r, 1, Integer::sum));
    List<List<SqlValue>> missing = new ArrayList<>();
    int missingCount = 0;
    for (List<SqlValue> row : gold.rows()) {
      Integer n = left.get(row);
      if (n != null && n > 0) {
        left.put(row, n - 1);
      } else {
        missingCount++;
        if (missing.size() < examples) {
          missing.add(row);
        }
      }
    }
    List<List<SqlValue>> extra = new ArrayList<>();
    int extraCount = 0;
    for (List<SqlValue> row : predicted.rows()) {
      Integer n = left.get(row);
      if (n != null && n > 0) {
        left.put(row, n - 1);
        extraCount++;
        if (extra.size() < examples) {
          extra.add(row);
        }
      }
    }
    return new ResultDiff(
        gold.rowCount(),
        gold.width(),
        predicted.rowCount(),
        predicted.width(),
        missingCount,
        missing,
        extraCount,
        extra);
  }

  /**
   * One line, e.g. {@code gold 3 rows × 2 columns, predicted 4 rows × 2 columns; 1 gold row
   * missing: (1, 'a'); 2 extra rows: (2, 'b'), (3, NULL)}.
   */
  public String summary() {
    StringBuilder out =
        new StringBuilder()
            .append("gold ")
            .append(shape(goldRows, goldWidth))
            .append(", predicted ")
            .append(shape(predictedRows, predictedWidth));
    if (missingCount == 0 && extraCount == 0) {
      out.append("; same rows as multisets (they differ in order, or in column order)");
      return out.toString();
    }
    if (missingCount > 0) {
      out.append("; ")
          .append(missingCount)
          .append(missingCount == 1 ? " gold row" : " gold rows")
          .append(" missing: ")
          .append(rows(missingExamples, missingCount));
    }
    if (extraCount > 0) {
      out.append("; ")
          .append(extraCount)
          .append(extraCount == 1 ? " extra row" : " extra rows")
          .append(": ")
          .append(rows(extraExamples, extraCount));
    }
    return out.toString();
  }

  private static String shape(int rows, int width) {
    return rows
        + (rows == 1 ? " row" : " rows")
        + " × "
        + width
        + (width == 1 ? " column" : " columns");
  }

  private static String rows(List<List<SqlValue>> examples, int count) {
    String shown = examples.stream().map(ResultDiff::row).collect(Collectors.joining(", "));
    return count > examples.size() ? shown + ", …" : shown;
  }

  /** A row as {@code (1, 'a', NULL)}. */
  public static String row(List<SqlValue> row) {
    return row.stream().map(SqlValue::display).collect(Collectors.joining(", ", "(", ")"));
  }
}
