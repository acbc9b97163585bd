package dev.parlance.domain.evaluation;

import java.util.ArrayList;
import java.util.List;
import java.util.Locale;

/**
 * What a benchmark's own gold cannot judge, marked beside the official verdict (which stays as the
 * evaluator gives it): the gold returns no rows, so any empty answer "matches"; or an answer
 * differs from the gold only by surrounding white space or letter case of its text values — what a
 * user would call the same answer (e.g. Spider values stored with trailing spaces, which the gold
 * does not trim).
 */
public enum GoldMark {
  /** The gold query returns no rows. */
  GOLD_EMPTY,
  /** The answer is wrong only by surrounding white space or letter case of text values. */
  TEXT_CASE_OR_SPACE;

  public String label() {
    return name().toLowerCase(Locale.ROOT);
  }

  /** The table with every text value stripped of surrounding white space and lower-cased. */
  public static ResultTable caseAndSpaceFolded(ResultTable table) {
    List<List<SqlValue>> rows = new ArrayList<>(table.rowCount());
    for (List<SqlValue> row : table.rows()) {
      List<SqlValue> folded = new ArrayList<>(row.size());
      for (SqlValue v : row) {
        folded.add(
            v instanceof SqlValue.Text t
                ? SqlValue.of(t.value().strip().toLowerCase(Locale.ROOT))
                : v);
      }
      rows.add(folded);
    }
    return ResultTable.of(table.columns(), rows);
  }
}
