package dev.parlance.adapters.db.evaluation;

/**
 * Where SQLite's first statement ends, found the way SQLite's tokenizer finds it: at the first
 * {@code ;} outside quotes ({@code '…'}, {@code "…"}, {@code `…`}, {@code […]}) and comments.
 */
final class SqliteStatements {
  private SqliteStatements() {}

  /** Whether {@code sql} holds nothing but blanks and comments. */
  static boolean isBlank(String sql) {
    return skipBlanksAndComments(sql, 0) == sql.length();
  }

  /**
   * Whether anything but blanks and comments follows the first statement: Python's {@code sqlite3}
   * then refuses with "You can only execute one statement at a time." (a second {@code ;} counts as
   * something).
   */
  static boolean hasMoreThanOneStatement(String sql) {
    int end = firstStatementEnd(sql);
    return end < sql.length() && skipBlanksAndComments(sql, end) < sql.length();
  }

  // The index just after the first top-level ';', or the length when there is none.
  private static int firstStatementEnd(String sql) {
    int i = 0;
    int n = sql.length();
    while (i < n) {
      char c = sql.charAt(i);
      if (c == '\'' || c == '"' || c == '`') {
        int close = sql.indexOf(c, i + 1);
        // A doubled quote is an escaped quote; indexOf lands on its first half and goes on.
        while (close >= 0 && close + 1 < n && sql.charAt(close + 1) == c) {
          close = sql.indexOf(c, close + 2);
        }
        i = close < 0 ? n : close + 1;
      } else if (c == '[') {
        int close = sql.indexOf(']', i + 1);
        i = close < 0 ? n : close + 1;
      } else if (sql.startsWith("--", i)) {
        int nl = sql.indexOf('\n', i);
        i = nl < 0 ? n : nl + 1;
      } else if (sql.startsWith("/*", i)) {
        int close = sql.indexOf("*/", i + 2);
        i = close < 0 ? n : close + 2;
      } else if (c == ';') {
        return i + 1;
      } else {
        i++;
      }
    }
    return n;
  }

  private static int skipBlanksAndComments(String sql, int from) {
    int i = from;
    int n = sql.length();
    while (i < n) {
      char c = sql.charAt(i);
      if (c == ' ' || c == '\t' || c == '\f' || c == '\n' || c == '\r') {
        i++;
      } else if (sql.startsWith("--", i)) {
        int nl = sql.indexOf('\n', i);
        i = nl < 0 ? n : nl + 1;
      } else if (sql.startsWith("/*", i)) {
        int close = sql.indexOf("*/", i + 2);
        i = close < 0 ? n : close + 2;
      } else {
        return i;
      }
    }
    return n;
  }
}
