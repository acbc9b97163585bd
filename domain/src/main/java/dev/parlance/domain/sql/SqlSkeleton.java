package dev.parlance.domain.sql;

import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Objects;
import java.util.Set;

/**
 * RB-SQL's SQL skeleton (003 §4.3): the SQL with its tables masked as {@code [table_name]}, its
 * columns as {@code [column_name]} and its literals as {@code [value]}, keywords, functions and
 * operators kept. Read by a tokenizer, so it also masks SQL that a parser refuses (a model's draft
 * in a dialect of its own). Aliases are dropped (a table's {@code AS T1}, a column's {@code AS
 * total}) and a qualified column ({@code T1.name}) is one {@code [column_name]}: two queries that
 * differ only in names and values have the same skeleton.
 *
 * @param tokens the skeleton's tokens; keywords and functions upper-case
 */
public record SqlSkeleton(List<String> tokens) {

  public static final String TABLE = "[table_name]";
  public static final String COLUMN = "[column_name]";
  public static final String VALUE = "[value]";

  private static final Set<String> KEYWORDS =
      Set.of(
          "SELECT",
          "DISTINCT",
          "FROM",
          "WHERE",
          "GROUP",
          "BY",
          "HAVING",
          "ORDER",
          "ASC",
          "DESC",
          "LIMIT",
          "OFFSET",
          "JOIN",
          "INNER",
          "LEFT",
          "RIGHT",
          "FULL",
          "OUTER",
          "CROSS",
          "NATURAL",
          "ON",
          "USING",
          "AS",
          "AND",
          "OR",
          "NOT",
          "IN",
          "IS",
          "NULL",
          "LIKE",
          "GLOB",
          "BETWEEN",
          "EXISTS",
          "UNION",
          "ALL",
          "INTERSECT",
          "EXCEPT",
          "CASE",
          "WHEN",
          "THEN",
          "ELSE",
          "END",
          "WITH",
          "RECURSIVE",
          "ESCAPE",
          "COLLATE",
          "NOCASE",
          "TRUE",
          "FALSE",
          "INTEGER",
          "INT",
          "REAL",
          "TEXT",
          "FLOAT",
          "DOUBLE",
          "NUMERIC",
          "DECIMAL",
          "VARCHAR",
          "CHAR",
          "DATE",
          "DATETIME",
          "BOOLEAN",
          "SIGNED",
          "UNSIGNED",
          "ILIKE",
          "TOP",
          "FETCH",
          "FIRST",
          "NEXT",
          "ROWS",
          "ROW",
          "ONLY",
          "OVER",
          "PARTITION",
          "NULLS",
          "LAST",
          "FILTER",
          "WINDOW");

  // After these the next names are tables, until a clause keyword ends the table list.
  private static final Set<String> TABLE_LEADS = Set.of("FROM", "JOIN");
  private static final Set<String> TABLE_LIST_ENDS =
      Set.of(
          "WHERE",
          "GROUP",
          "ORDER",
          "HAVING",
          "LIMIT",
          "ON",
          "USING",
          "UNION",
          "INTERSECT",
          "EXCEPT",
          "SELECT",
          "OFFSET",
          "WINDOW");

  public SqlSkeleton {
    tokens = List.copyOf(Objects.requireNonNull(tokens, "tokens"));
  }

  /** The skeleton of {@code sql}. */
  public static SqlSkeleton of(String sql) {
    List<Token> in = tokenize(sql == null ? "" : sql);
    List<String> out = new ArrayList<>();
    boolean fromClause = false;
    boolean expectTable = false;
    boolean afterTable = false;
    for (int i = 0; i < in.size(); i++) {
      Token t = in.get(i);
      Token next = i + 1 < in.size() ? in.get(i + 1) : null;
      switch (t.kind) {
        case LITERAL -> {
          if (t.text.equals("\"") && expectTable) {
            // "Singer" where a table is expected is a quoted name.
            out.add(TABLE);
            expectTable = false;
            afterTable = true;
          } else {
            out.add(VALUE);
            afterTable = false;
          }
        }
        case SYMBOL -> {
          if (t.text.equals(";")) {
            continue;
          }
          out.add(t.text);
          if (t.text.equals(",") && fromClause) {
            expectTable = true;
          } else if (t.text.equals(")")) {
            fromClause = false;
          }
          afterTable = false;
        }
        case WORD -> {
          String upper = t.text.toUpperCase(Locale.ROOT);
          boolean call = next != null && next.text.equals("(") && !t.text.contains(".");
          if (upper.equals("AS") && next != null && next.kind == Kind.WORD && !keyword(next)) {
            // An alias, of a table or of a column: names, not structure.
            i++;
            continue;
          }
          if (KEYWORDS.contains(upper) || call) {
            out.add(upper);
            if (TABLE_LEADS.contains(upper)) {
              fromClause = true;
              expectTable = true;
            } else if (TABLE_LIST_ENDS.contains(upper)) {
              fromClause = false;
              expectTable = false;
            }
            afterTable = false;
          } else if (expectTable) {
            out.add(TABLE);
            expectTable = false;
            afterTable = true;
          } else if (afterTable) {
            // A table's alias without AS (FROM singer T1).
            afterTable = false;
          } else {
            out.add(COLUMN);
          }
        }
      }
    }
    return new SqlSkeleton(out);
  }

  private static boolean keyword(Token t) {
    return KEYWORDS.contains(t.text.toUpperCase(Locale.ROOT));
  }

  /** The skeleton as RB-SQL writes it: tokens separated by spaces, no space inside parentheses. */
  public String text() {
    StringBuilder s = new StringBuilder();
    String previous = null;
    for (String t : tokens) {
      boolean tight =
          previous == null
              || previous.equals("(")
              || t.equals(")")
              || t.equals(",")
              || t.equals("(") && isFunction(previous);
      if (!tight) {
        s.append(' ');
      }
      s.append(t);
      previous = t;
    }
    return s.toString();
  }

  private static boolean isFunction(String token) {
    return !token.startsWith("[")
        && !KEYWORDS.contains(token)
        && Character.isLetter(token.charAt(0))
        && token.equals(token.toUpperCase(Locale.ROOT));
  }

  /**
   * How alike two skeletons are, in [0, 1]: Ratcliff and Obershelp's ratio ({@code 2·M / (|a| +
   * |b|)}, M the tokens matched by the longest common runs, recursively) over tokens, as {@code
   * difflib.SequenceMatcher} computes it on lists.
   */
  public double similarity(SqlSkeleton other) {
    int total = tokens.size() + other.tokens.size();
    if (total == 0) {
      return 1.0;
    }
    return 2.0 * matches(tokens, 0, tokens.size(), other.tokens, 0, other.tokens.size()) / total;
  }

  private static int matches(
      List<String> x, int xFrom, int xTo, List<String> y, int yFrom, int yTo) {
    if (xFrom >= xTo || yFrom >= yTo) {
      return 0;
    }
    int bestLength = 0;
    int bestX = xFrom;
    int bestY = yFrom;
    int[] previous = new int[yTo - yFrom + 1];
    int[] current = new int[yTo - yFrom + 1];
    for (int i = xFrom; i < xTo; i++) {
      for (int j = yFrom; j < yTo; j++) {
        int k = j - yFrom + 1;
        current[k] = x.get(i).equals(y.get(j)) ? previous[k - 1] + 1 : 0;
        if (current[k] > bestLength) {
          bestLength = current[k];
          bestX = i - bestLength + 1;
          bestY = j - bestLength + 1;
        }
      }
      int[] swap = previous;
      previous = current;
      current = swap;
      java.util.Arrays.fill(current, 0);
    }
    if (bestLength == 0) {
      return 0;
    }
    return bestLength
        + matches(x, xFrom, bestX, y, yFrom, bestY)
        + matches(x, bestX + bestLength, xTo, y, bestY + bestLength, yTo);
  }

  @Override
  public String toString() {
    return text();
  }

  private enum Kind {
    WORD,
    LITERAL,
    SYMBOL
  }

  private record Token(Kind kind, String text) {}

  // Words (dotted names one word; backticks, brackets and double quotes of identifiers removed),
  // literals (single-quoted text, numbers; Spider's double-quoted text too) and symbols.
  private static List<Token> tokenize(String sql) {
    List<Token> out = new ArrayList<>();
    int i = 0;
    int n = sql.length();
    while (i < n) {
      char c = sql.charAt(i);
      if (Character.isWhitespace(c)) {
        i++;
      } else if (c == '-' && i + 1 < n && sql.charAt(i + 1) == '-') {
        while (i < n && sql.charAt(i) != '\n') {
          i++;
        }
      } else if (c == '/' && i + 1 < n && sql.charAt(i + 1) == '*') {
        int end = sql.indexOf("*/", i + 2);
        i = end < 0 ? n : end + 2;
      } else if (c == '\'' || c == '"') {
        int end = quoted(sql, i, c);
        // "France" is text in Spider's gold SQL, but "Name" after a dot or before one is a name.
        boolean name =
            c == '"' && (end < n && sql.charAt(end) == '.' || i > 0 && sql.charAt(i - 1) == '.');
        if (name) {
          appendWord(out, sql.substring(i + 1, Math.max(i + 1, end - 1)));
        } else {
          out.add(new Token(Kind.LITERAL, String.valueOf(c)));
        }
        i = end;
      } else if (c == '`' || c == '[') {
        char close = c == '`' ? '`' : ']';
        int end = sql.indexOf(close, i + 1);
        end = end < 0 ? n : end;
        String word = sql.substring(i + 1, end);
        i = Math.min(n, end + 1);
        appendWord(out, word);
      } else if (Character.isDigit(c)
          || c == '.' && i + 1 < n && Character.isDigit(sql.charAt(i + 1))) {
        int j = i + 1;
        while (j < n && (Character.isLetterOrDigit(sql.charAt(j)) || sql.charAt(j) == '.')) {
          j++;
        }
        out.add(new Token(Kind.LITERAL, VALUE));
        i = j;
      } else if (Character.isLetter(c) || c == '_') {
        int j = i + 1;
        while (j < n && (Character.isLetterOrDigit(sql.charAt(j)) || sql.charAt(j) == '_')) {
          j++;
        }
        appendWord(out, sql.substring(i, j));
        i = j;
      } else if (c == '.') {
        // A dot between names joins them into one word.
        if (!out.isEmpty() && out.getLast().kind == Kind.WORD) {
          Token last = out.removeLast();
          out.add(new Token(Kind.WORD, last.text + "."));
        }
        i++;
      } else {
        String two = i + 1 < n ? sql.substring(i, i + 2) : "";
        if (Set.of(">=", "<=", "!=", "<>", "||", "==").contains(two)) {
          out.add(new Token(Kind.SYMBOL, two.equals("==") ? "=" : two));
          i += 2;
        } else {
          out.add(new Token(Kind.SYMBOL, String.valueOf(c)));
          i++;
        }
      }
    }
    return out;
  }

  // A word after a trailing dot continues the qualified name it follows.
  private static void appendWord(List<Token> out, String word) {
    if (!out.isEmpty() && out.getLast().kind == Kind.WORD && out.getLast().text.endsWith(".")) {
      Token last = out.removeLast();
      out.add(new Token(Kind.WORD, last.text + word));
    } else {
      out.add(new Token(Kind.WORD, word));
    }
  }

  private static int quoted(String sql, int start, char quote) {
    int i = start + 1;
    while (i < sql.length()) {
      if (sql.charAt(i) == quote) {
        if (i + 1 < sql.length() && sql.charAt(i + 1) == quote) {
          i += 2;
          continue;
        }
        return i + 1;
      }
      i++;
    }
    return sql.length();
  }
}
