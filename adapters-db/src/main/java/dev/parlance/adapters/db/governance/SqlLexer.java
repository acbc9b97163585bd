package dev.parlance.adapters.db.governance;

import dev.parlance.domain.source.Dialect;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;

/**
 * Reads SQL text the way the target database's lexer does: its string, identifier and dollar
 * quotes, escape strings and (nested) comments. Used before parsing (length, depth, statement
 * count, first keyword) and again on the rewritten statement, so that what the database will see is
 * checked, not only what the parser understood.
 */
final class SqlLexer {

  /** What one pass over a text found. */
  record Scan(
      int statements,
      boolean comments,
      int maxDepth,
      String firstKeyword,
      List<String> calledNames,
      boolean unterminated,
      int connectives) {}

  private SqlLexer() {}

  static Scan scan(String sql, Dialect dialect) {
    int n = sql.length();
    int statements = 0;
    boolean contentInStatement = false;
    boolean comments = false;
    boolean unterminated = false;
    int depth = 0;
    int maxDepth = 0;
    String firstKeyword = null;
    List<String> called = new ArrayList<>();
    String lastName = null; // identifier just before the current position, if any
    int connectives = 0; // AND, OR and || operators: the terms of chains
    int i = 0;
    while (i < n) {
      char c = sql.charAt(i);
      // comments
      if (c == '-' && i + 1 < n && sql.charAt(i + 1) == '-'
          || dialect == Dialect.H2 && c == '/' && i + 1 < n && sql.charAt(i + 1) == '/') {
        comments = true;
        int eol = sql.indexOf('\n', i);
        i = eol < 0 ? n : eol + 1;
        continue;
      }
      if (c == '/' && i + 1 < n && sql.charAt(i + 1) == '*') {
        comments = true;
        int end = skipBlockComment(sql, i, dialect == Dialect.POSTGRESQL);
        if (end < 0) {
          unterminated = true;
          i = n;
        } else {
          i = end;
        }
        continue;
      }
      if (Character.isWhitespace(c)) {
        i++;
        continue;
      }
      if (c == ';') {
        if (contentInStatement) {
          statements++;
        }
        contentInStatement = false;
        lastName = null;
        i++;
        continue;
      }
      contentInStatement = true;
      // strings
      if (c == '\'') {
        boolean backslash = dialect == Dialect.POSTGRESQL && escapePrefix(sql, i);
        int end = skipQuoted(sql, i, '\'', backslash);
        if (end < 0) {
          unterminated = true;
          i = n;
        } else {
          i = end;
        }
        lastName = null;
        continue;
      }
      // quoted identifiers
      if (c == '"' || dialect == Dialect.SQLITE && (c == '`' || c == '[')) {
        char close = c == '[' ? ']' : c;
        int end = skipQuoted(sql, i, close, false);
        if (end < 0) {
          unterminated = true;
          i = n;
          continue;
        }
        String name = sql.substring(i + 1, end - 1);
        if (close != ']') {
          name = name.replace(String.valueOf(close) + close, String.valueOf(close));
        }
        lastName = name.toLowerCase(Locale.ROOT);
        i = end;
        continue;
      }
      // dollar quotes
      if (c == '$' && dialect != Dialect.SQLITE) {
        int tagEnd = dollarTagEnd(sql, i);
        if (tagEnd > 0) {
          String tag = sql.substring(i, tagEnd);
          int close = sql.indexOf(tag, tagEnd);
          if (close < 0) {
            unterminated = true;
            i = n;
          } else {
            i = close + tag.length();
          }
          lastName = null;
          continue;
        }
      }
      if (Character.isLetter(c) || c == '_') {
        int start = i;
        while (i < n
            && (Character.isLetterOrDigit(sql.charAt(i))
                || sql.charAt(i) == '_'
                || sql.charAt(i) == '$')) {
          i++;
        }
        String word = sql.substring(start, i).toLowerCase(Locale.ROOT);
        if (firstKeyword == null && statements == 0) {
          firstKeyword = word;
        }
        if (word.equals("and") || word.equals("or")) {
          connectives++;
        }
        lastName = word;
        continue;
      }
      if (c == '|' && i + 1 < n && sql.charAt(i + 1) == '|') {
        connectives++;
      }
      if (c == '(') {
        if (lastName != null) {
          called.add(lastName);
        }
        depth++;
        maxDepth = Math.max(maxDepth, depth);
      } else if (c == ')') {
        depth = Math.max(0, depth - 1);
      }
      // a qualified name keeps its last part: schema.function(
      if (c != '.') {
        lastName = null;
      }
      i++;
    }
    if (contentInStatement) {
      statements++;
    }
    return new Scan(
        statements, comments, maxDepth, firstKeyword, called, unterminated, connectives);
  }

  // E'…' (PostgreSQL escape string): the quote's letter must start a token.
  private static boolean escapePrefix(String sql, int quote) {
    if (quote == 0) {
      return false;
    }
    char p = sql.charAt(quote - 1);
    if (p != 'e' && p != 'E') {
      return false;
    }
    return quote - 2 < 0
        || !(Character.isLetterOrDigit(sql.charAt(quote - 2)) || sql.charAt(quote - 2) == '_');
  }

  private static int skipQuoted(String sql, int open, char close, boolean backslashEscapes) {
    int i = open + 1;
    while (i < sql.length()) {
      char c = sql.charAt(i);
      if (backslashEscapes && c == '\\') {
        i += 2;
        continue;
      }
      if (c == close) {
        if (close != ']' && i + 1 < sql.length() && sql.charAt(i + 1) == close) {
          i += 2;
          continue;
        }
        return i + 1;
      }
      i++;
    }
    return -1;
  }

  private static int skipBlockComment(String sql, int open, boolean nested) {
    int depth = 0;
    int i = open;
    while (i < sql.length() - 1) {
      if (sql.charAt(i) == '/' && sql.charAt(i + 1) == '*') {
        if (depth > 0 && !nested) {
          i += 2;
          continue;
        }
        depth++;
        i += 2;
      } else if (sql.charAt(i) == '*' && sql.charAt(i + 1) == '/') {
        depth--;
        i += 2;
        if (depth == 0) {
          return i;
        }
      } else {
        i++;
      }
    }
    return -1;
  }

  // $tag$ where tag is empty or an identifier not starting with a digit ($1 is a parameter).
  private static int dollarTagEnd(String sql, int dollar) {
    int i = dollar + 1;
    if (i < sql.length() && Character.isDigit(sql.charAt(i))) {
      return -1;
    }
    while (i < sql.length()) {
      char c = sql.charAt(i);
      if (c == '$') {
        return i + 1;
      }
      if (!(Character.isLetterOrDigit(c) || c == '_')) {
        return -1;
      }
      i++;
    }
    return -1;
  }
}
