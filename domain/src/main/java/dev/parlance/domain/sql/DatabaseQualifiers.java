package dev.parlance.domain.sql;

import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * Database qualifiers in SQL written over a union of databases (CRUSH4SQL's SpiderUnion and
 * BirdUnion name every table {@code db.table}), read the way SQLite's lexer reads text: string
 * literals, quoted identifiers ({@code "…"}, {@code `…`}, {@code […]}) and comments are skipped. A
 * dotted name's first part is a database qualifier when the name has three parts ({@code
 * db.table.column}, {@code db.table.*}) or when it has two and the second names a table of that
 * database ({@code db.table}); {@code singer.name} on the database {@code singer} stays the column
 * {@code name} of table {@code singer}.
 */
public final class DatabaseQualifiers {

  private DatabaseQualifiers() {}

  /** The databases (of {@code tablesByDatabase}) that a statement names as qualifiers. */
  public static Set<String> named(String sql, Map<String, Set<String>> tablesByDatabase) {
    Set<String> named = new LinkedHashSet<>();
    for (Chain chain : chains(sql)) {
      String first = chain.parts().getFirst().name();
      for (var e : tablesByDatabase.entrySet()) {
        if (e.getKey().equalsIgnoreCase(first) && qualifies(chain, e.getValue())) {
          named.add(e.getKey());
        }
      }
    }
    return named;
  }

  /** The statement with {@code database.} removed wherever it qualifies a name; the rest as is. */
  public static String without(String sql, String database, Set<String> tables) {
    StringBuilder out = new StringBuilder(sql.length());
    int at = 0;
    for (Chain chain : chains(sql)) {
      Part first = chain.parts().getFirst();
      if (first.name().equalsIgnoreCase(database) && qualifies(chain, tables)) {
        out.append(sql, at, first.start());
        at = chain.parts().get(1).start();
      }
    }
    return out.append(sql, at, sql.length()).toString();
  }

  private static boolean qualifies(Chain chain, Set<String> tables) {
    if (chain.parts().size() >= 3) {
      return true;
    }
    String second = chain.parts().get(1).name();
    return tables.stream().anyMatch(t -> t.equalsIgnoreCase(second));
  }

  /** One part of a dotted name: its unquoted text and where the part starts. */
  private record Part(String name, int start) {}

  private record Chain(List<Part> parts) {}

  // Every dotted name of two or more parts, in order.
  private static List<Chain> chains(String sql) {
    List<Chain> chains = new ArrayList<>();
    List<Part> current = new ArrayList<>();
    boolean afterDot = false;
    int n = sql.length();
    int i = 0;
    while (i < n) {
      char c = sql.charAt(i);
      if (Character.isWhitespace(c)) {
        i++;
        continue;
      }
      if (c == '-' && i + 1 < n && sql.charAt(i + 1) == '-') {
        int eol = sql.indexOf('\n', i);
        i = eol < 0 ? n : eol + 1;
        continue;
      }
      if (c == '/' && i + 1 < n && sql.charAt(i + 1) == '*') {
        int end = sql.indexOf("*/", i + 2);
        i = end < 0 ? n : end + 2;
        continue;
      }
      if (c == '.' && !current.isEmpty()) {
        afterDot = true;
        i++;
        continue;
      }
      int end;
      String name;
      if (c == '"' || c == '`' || c == '[') {
        char close = c == '[' ? ']' : c;
        end = closing(sql, i, close);
        name =
            sql.substring(i + 1, Math.max(i + 1, end - 1)).replace("" + close + close, "" + close);
      } else if (Character.isLetter(c) || c == '_') {
        end = i + 1;
        while (end < n
            && (Character.isLetterOrDigit(sql.charAt(end))
                || sql.charAt(end) == '_'
                || sql.charAt(end) == '$')) {
          end++;
        }
        name = sql.substring(i, end);
      } else if (c == '*' && afterDot) {
        end = i + 1;
        name = "*";
      } else {
        // A literal, a number, an operator: it ends any name in progress.
        end = c == '\'' ? closing(sql, i, '\'') : skipOther(sql, i);
        name = null;
      }
      if (name != null && (afterDot || current.isEmpty())) {
        current.add(new Part(name, i));
      } else {
        close(current, chains);
        if (name != null) {
          current.add(new Part(name, i));
        }
      }
      afterDot = false;
      i = end;
    }
    close(current, chains);
    return chains;
  }

  private static void close(List<Part> current, List<Chain> chains) {
    if (current.size() >= 2) {
      chains.add(new Chain(List.copyOf(current)));
    }
    current.clear();
  }

  // The end of a quoted token (a doubled closing character stays inside it).
  private static int closing(String sql, int open, char close) {
    int i = open + 1;
    while (i < sql.length()) {
      if (sql.charAt(i) == close) {
        if (close != ']' && i + 1 < sql.length() && sql.charAt(i + 1) == close) {
          i += 2;
          continue;
        }
        return i + 1;
      }
      i++;
    }
    return sql.length();
  }

  private static int skipOther(String sql, int i) {
    char c = sql.charAt(i);
    if (Character.isDigit(c)) {
      int end = i;
      while (end < sql.length()
          && (Character.isLetterOrDigit(sql.charAt(end)) || sql.charAt(end) == '.')) {
        end++;
      }
      return end;
    }
    return i + 1;
  }
}
