package dev.parlance.domain.evaluation;

/**
 * A lexer just fine enough to find words, statement ends and comments the way sqlparse's lexer
 * does: quoted strings and identifiers ({@code '…'}, {@code "…"}, {@code `…`}, {@code […]}) and
 * comments are single tokens, words are {@code \w[$#\w]*}.
 */
final class SqlTokens {

  enum Kind {
    WORD,
    QUOTED,
    COMMENT,
    BLANK,
    SEMICOLON,
    OTHER
  }

  record Token(Kind kind, String text) {}

  private final String sql;
  private int pos;

  SqlTokens(String sql) {
    this.sql = sql;
  }

  boolean hasNext() {
    return pos < sql.length();
  }

  Token next() {
    int start = pos;
    char c = sql.charAt(pos);
    if (Character.isWhitespace(c)) {
      while (pos < sql.length() && Character.isWhitespace(sql.charAt(pos))) {
        pos++;
      }
      return token(Kind.BLANK, start);
    }
    if (sql.startsWith("--", pos) || sql.startsWith("# ", pos)) {
      int end = pos;
      while (end < sql.length() && sql.charAt(end) != '\n' && sql.charAt(end) != '\r') {
        end++;
      }
      pos = end;
      return token(Kind.COMMENT, start);
    }
    if (sql.startsWith("/*", pos)) {
      int end = sql.indexOf("*/", pos + 2);
      if (end >= 0) {
        pos = end + 2;
        return token(Kind.COMMENT, start);
      }
      pos++;
      return token(Kind.OTHER, start);
    }
    if (c == '\'' || c == '"' || c == '`') {
      int end = closingQuote(c);
      if (end >= 0) {
        pos = end + 1;
        return token(Kind.QUOTED, start);
      }
      pos++;
      return token(Kind.OTHER, start);
    }
    if (c == '[') {
      int end = sql.indexOf(']', pos + 1);
      if (end > pos + 1 && sql.substring(pos + 1, end).indexOf('[') < 0) {
        pos = end + 1;
        return token(Kind.QUOTED, start);
      }
      pos++;
      return token(Kind.OTHER, start);
    }
    if (c == ';') {
      pos++;
      return token(Kind.SEMICOLON, start);
    }
    if (isWordChar(sql.codePointAt(pos))) {
      pos += Character.charCount(sql.codePointAt(pos));
      while (pos < sql.length()) {
        int cp = sql.codePointAt(pos);
        if (!isWordChar(cp) && cp != '$' && cp != '#') {
          break;
        }
        pos += Character.charCount(cp);
      }
      return token(Kind.WORD, start);
    }
    pos += Character.charCount(sql.codePointAt(pos));
    return token(Kind.OTHER, start);
  }

  // A quote closes at the next quote that is not doubled; a backslash escapes the quote after it.
  private int closingQuote(char quote) {
    int i = pos + 1;
    while (i < sql.length()) {
      char c = sql.charAt(i);
      if (c == '\\' && quote != '`' && i + 1 < sql.length() && sql.charAt(i + 1) == quote) {
        i += 2;
      } else if (c == quote) {
        if (i + 1 < sql.length() && sql.charAt(i + 1) == quote) {
          i += 2;
        } else {
          return i;
        }
      } else {
        i++;
      }
    }
    return -1;
  }

  private static boolean isWordChar(int cp) {
    return Character.isLetterOrDigit(cp) || cp == '_';
  }

  private Token token(Kind kind, int start) {
    return new Token(kind, sql.substring(start, pos));
  }
}
