package dev.parlance.domain.curation;

import dev.parlance.domain.catalog.Names;
import dev.parlance.domain.source.Dialect;
import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Locale;
import java.util.Optional;
import java.util.Set;

/**
 * Turns a query over a curation's views into one over base tables by putting a {@code WITH} clause
 * per used view in front of it (dependencies first), as text. Validation and regression use it to
 * run a draft's or an old version's views through the governed execution port, which expands only
 * the published views on its own.
 *
 * <p>Which views a text uses is read with a small scanner: identifiers outside string literals and
 * comments, not preceded by a dot (column qualifiers). A column that happens to bear a view's name
 * adds an unused {@code WITH} item, which changes no result.
 */
public final class ViewInlining {
  private ViewInlining() {}

  /** The identifiers {@code sql} names outside literals and comments, lower-cased. */
  public static Set<String> namesIn(String sql) {
    Set<String> names = new LinkedHashSet<>();
    int i = 0;
    int n = sql.length();
    char previous = ' ';
    while (i < n) {
      char c = sql.charAt(i);
      if (c == '\'') {
        i = skipQuoted(sql, i, '\'');
        previous = '\'';
      } else if (c == '-' && i + 1 < n && sql.charAt(i + 1) == '-') {
        int nl = sql.indexOf('\n', i);
        i = nl < 0 ? n : nl + 1;
      } else if (c == '/' && i + 1 < n && sql.charAt(i + 1) == '*') {
        int end = sql.indexOf("*/", i + 2);
        i = end < 0 ? n : end + 2;
      } else if (c == '"' || c == '`' || c == '[') {
        char close = c == '[' ? ']' : c;
        int end = skipQuoted(sql, i, close);
        if (previous != '.') {
          names.add(sql.substring(i + 1, Math.max(i + 1, end - 1)).toLowerCase(Locale.ROOT));
        }
        i = end;
        previous = close;
      } else if (Character.isLetter(c) || c == '_') {
        int start = i;
        while (i < n && (Character.isLetterOrDigit(sql.charAt(i)) || sql.charAt(i) == '_')) {
          i++;
        }
        if (previous != '.') {
          names.add(sql.substring(start, i).toLowerCase(Locale.ROOT));
        }
        previous = 'a';
      } else {
        if (!Character.isWhitespace(c)) {
          previous = c;
        }
        i++;
      }
    }
    return names;
  }

  private static int skipQuoted(String sql, int start, char close) {
    int i = start + 1;
    while (i < sql.length()) {
      if (sql.charAt(i) == close) {
        if (i + 1 < sql.length() && sql.charAt(i + 1) == close && close != ']') {
          i += 2;
          continue;
        }
        return i + 1;
      }
      i++;
    }
    return sql.length();
  }

  /**
   * The views {@code sql} uses, directly or through other views, each after the views it uses;
   * views the database has ({@code inDatabase}) are not expanded.
   *
   * @throws IllegalArgumentException when views use each other in a cycle
   */
  public static List<CuratedView> used(Curation curation, Dialect dialect, String sql) {
    List<CuratedView> ordered = new ArrayList<>();
    Set<String> done = new LinkedHashSet<>();
    for (String name : namesIn(sql)) {
      visit(curation, dialect, name, done, new ArrayList<>(), ordered);
    }
    return ordered;
  }

  private static void visit(
      Curation curation,
      Dialect dialect,
      String name,
      Set<String> done,
      List<String> path,
      List<CuratedView> ordered) {
    Optional<CuratedView> found = curation.view(name).filter(v -> !v.inDatabase());
    if (found.isEmpty()) {
      return;
    }
    CuratedView view = found.get();
    String key = Names.key(view.name());
    if (done.contains(key)) {
      return;
    }
    if (path.contains(key)) {
      List<String> cycle = new ArrayList<>(path.subList(path.indexOf(key), path.size()));
      cycle.add(key);
      throw new IllegalArgumentException(
          "views use each other in a cycle: " + String.join(" → ", cycle));
    }
    path.add(key);
    for (String inner : namesIn(view.sqlFor(dialect))) {
      if (!inner.equals(key)) {
        visit(curation, dialect, inner, done, path, ordered);
      }
    }
    path.removeLast();
    done.add(key);
    ordered.add(view);
  }

  /** {@code sql} with a {@code WITH} item in front for every view it uses. */
  public static String inline(Curation curation, Dialect dialect, String sql) {
    List<CuratedView> views = used(curation, dialect, sql);
    if (views.isEmpty()) {
      return sql;
    }
    StringBuilder items = new StringBuilder();
    for (CuratedView v : views) {
      if (!items.isEmpty()) {
        items.append(",\n");
      }
      items.append(v.name()).append(" AS (").append(v.sqlFor(dialect)).append(')');
    }
    int at = leadingWith(sql);
    if (at < 0) {
      return "WITH " + items + "\n" + sql;
    }
    String rest = sql.substring(at).stripLeading();
    String recursive = "";
    if (rest.regionMatches(true, 0, "RECURSIVE", 0, 9)
        && (rest.length() == 9 || !Character.isLetterOrDigit(rest.charAt(9)))) {
      recursive = "RECURSIVE ";
      rest = rest.substring(9).stripLeading();
    }
    return "WITH " + recursive + items + ",\n" + rest;
  }

  // Where the text after a leading WITH keyword starts, or -1 when the query does not start so.
  private static int leadingWith(String sql) {
    int i = 0;
    while (i < sql.length()) {
      char c = sql.charAt(i);
      if (Character.isWhitespace(c) || c == '(') {
        if (c == '(') {
          return -1;
        }
        i++;
      } else if (sql.startsWith("--", i)) {
        int nl = sql.indexOf('\n', i);
        i = nl < 0 ? sql.length() : nl + 1;
      } else if (sql.startsWith("/*", i)) {
        int end = sql.indexOf("*/", i + 2);
        i = end < 0 ? sql.length() : end + 2;
      } else {
        break;
      }
    }
    if (sql.regionMatches(true, i, "WITH", 0, 4)
        && (i + 4 == sql.length() || !Character.isLetterOrDigit(sql.charAt(i + 4)))) {
      return i + 4;
    }
    return -1;
  }
}
