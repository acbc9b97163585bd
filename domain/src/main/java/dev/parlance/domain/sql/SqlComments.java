package dev.parlance.domain.sql;

/**
 * Takes the comments out of a statement: a line comment (two dashes to the end of the line) and a
 * block comment (slash-star to star-slash, nested as PostgreSQL reads them; an unterminated one
 * runs to the end). Text in quotes is kept as it is: {@code '…'} strings (with {@code ''}, and
 * backslash escapes in {@code E'…'}), {@code "…"}, {@code `…`} and {@code […]} names, and
 * PostgreSQL's {@code $tag$…$tag$} strings. A stored statement that reaches prompts must carry only
 * SQL: a comment is where text addressed to a model ("NOTE TO THE MODEL …") would hide (issue 24).
 */
public final class SqlComments {
  private SqlComments() {}

  /** {@code sql} without its comments (each replaced by a space or a line break), stripped. */
  public static String strip(String sql) {
    if (sql == null) {
      return null;
    }
    StringBuilder out = new StringBuilder(sql.length());
    int n = sql.length();
    int i = 0;
    while (i < n) {
      char c = sql.charAt(i);
      char next = i + 1 < n ? sql.charAt(i + 1) : '\0';
      if (c == '-' && next == '-') {
        int end = sql.indexOf('\n', i);
        i = end < 0 ? n : end; // the line break stays
        out.append(' ');
      } else if (c == '/' && next == '*') {
        i = blockCommentEnd(sql, i);
        out.append(' ');
      } else if (c == '\'') {
        boolean backslashes = i > 0 && (sql.charAt(i - 1) == 'E' || sql.charAt(i - 1) == 'e');
        int end = quotedEnd(sql, i, '\'', backslashes);
        out.append(sql, i, end);
        i = end;
      } else if (c == '"' || c == '`') {
        int end = quotedEnd(sql, i, c, false);
        out.append(sql, i, end);
        i = end;
      } else if (c == '[') {
        int close = sql.indexOf(']', i + 1);
        int end = close < 0 ? n : close + 1;
        out.append(sql, i, end);
        i = end;
      } else if (c == '$' && dollarTag(sql, i) > 0) {
        int tagEnd = dollarTag(sql, i);
        String tag = sql.substring(i, tagEnd);
        int close = sql.indexOf(tag, tagEnd);
        int end = close < 0 ? n : close + tag.length();
        out.append(sql, i, end);
        i = end;
      } else {
        out.append(c);
        i++;
      }
    }
    // Quoted text is kept to the character: only the ends are trimmed.
    return out.toString().strip();
  }

  // The index after the comment that starts at i, nested comments included.
  private static int blockCommentEnd(String sql, int i) {
    int depth = 0;
    int n = sql.length();
    while (i < n) {
      if (sql.startsWith("/*", i)) {
        depth++;
        i += 2;
      } else if (sql.startsWith("*/", i)) {
        depth--;
        i += 2;
        if (depth == 0) {
          return i;
        }
      } else {
        i++;
      }
    }
    return n;
  }

  // The index after the quoted text that starts at i (its closing quote included).
  private static int quotedEnd(String sql, int i, char quote, boolean backslashes) {
    int n = sql.length();
    int j = i + 1;
    while (j < n) {
      char c = sql.charAt(j);
      if (backslashes && c == '\\') {
        j += 2;
      } else if (c == quote) {
        if (j + 1 < n && sql.charAt(j + 1) == quote) {
          j += 2;
        } else {
          return j + 1;
        }
      } else {
        j++;
      }
    }
    return n;
  }

  // The index after a dollar-quote tag ($$ or $name$) at i, or -1.
  private static int dollarTag(String sql, int i) {
    int j = i + 1;
    int n = sql.length();
    if (j < n && (Character.isLetter(sql.charAt(j)) || sql.charAt(j) == '_')) {
      while (j < n && (Character.isLetterOrDigit(sql.charAt(j)) || sql.charAt(j) == '_')) {
        j++;
      }
    }
    return j < n && sql.charAt(j) == '$' ? j + 1 : -1;
  }
}
