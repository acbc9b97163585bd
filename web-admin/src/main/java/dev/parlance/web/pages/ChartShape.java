package dev.parlance.web.pages;

import java.time.LocalDate;
import java.time.format.DateTimeParseException;
import java.util.ArrayList;
import java.util.List;

/**
 * Which chart a result's shape allows: one number is a big number; a category and a number a bar
 * chart; a date and a number a line; two numbers a scatter plot; anything else none. The first kind
 * is the one shown; the user may switch to any other listed, or to none.
 */
enum ChartShape {
  NUMBER,
  BAR,
  LINE,
  SCATTER,
  NONE;

  /**
   * The kinds that fit {@code rows} (of two columns at most), the best first, {@code NONE} last.
   */
  static List<ChartShape> fitting(int columns, List<List<Object>> rows) {
    List<ChartShape> kinds = new ArrayList<>();
    if (rows.isEmpty()) {
      kinds.add(NONE);
      return kinds;
    }
    if (columns == 1 && rows.size() == 1 && isNumber(rows.get(0).get(0))) {
      kinds.add(NUMBER);
    } else if (columns == 2 && allNumbers(rows, 1)) {
      if (allDates(rows, 0)) {
        kinds.add(LINE);
        kinds.add(BAR);
      } else if (allNumbers(rows, 0)) {
        kinds.add(SCATTER);
        kinds.add(BAR);
      } else {
        kinds.add(BAR);
        kinds.add(LINE);
      }
    }
    kinds.add(NONE);
    return kinds;
  }

  String id() {
    return name().toLowerCase(java.util.Locale.ROOT);
  }

  private static boolean allNumbers(List<List<Object>> rows, int column) {
    return rows.stream().allMatch(r -> isNumber(r.get(column)));
  }

  private static boolean allDates(List<List<Object>> rows, int column) {
    return rows.stream().allMatch(r -> isDate(r.get(column)));
  }

  static boolean isNumber(Object value) {
    if (value instanceof Number) {
      return true;
    }
    if (value instanceof String text && !text.isBlank()) {
      try {
        Double.parseDouble(text);
        return true;
      } catch (NumberFormatException e) {
        return false;
      }
    }
    return false;
  }

  private static boolean isDate(Object value) {
    if (value instanceof java.time.temporal.Temporal || value instanceof java.util.Date) {
      return true;
    }
    if (value instanceof String text && text.length() >= 7) {
      String day =
          text.length() == 7 ? text + "-01" : text.substring(0, Math.min(10, text.length()));
      try {
        LocalDate.parse(day);
        return true;
      } catch (DateTimeParseException e) {
        return false;
      }
    }
    return false;
  }
}
