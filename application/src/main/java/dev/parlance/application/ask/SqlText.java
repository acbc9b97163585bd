package dev.parlance.application.ask;

import java.util.Locale;
import java.util.Optional;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * Reads the SQL and the explanation out of a model's answer, however it wrapped them: a fenced
 * block, a {@code SQLQuery:} or {@code SQL:} label, or a bare statement in prose. Prompts that end
 * with {@code SELECT} get answers that continue it; those get the keyword back.
 */
final class SqlText {
  private SqlText() {}

  private static final Pattern FENCE =
      Pattern.compile("```[ \\t]*([A-Za-z]*)[ \\t]*\\R(.*?)```", Pattern.DOTALL);
  private static final Pattern LABEL =
      Pattern.compile(
          "(?im)^[ \\t#*]*(?:SQLQuery|SQL Query|FIXED SQL QUERY|SQL)[ \\t]*[:=][ \\t]*(.*)$");
  private static final Pattern STATEMENT =
      Pattern.compile(
          "(?is)\\b(?:SELECT\\b|WITH\\s+(?:RECURSIVE\\s+)?[\\w\"`]+\\s*(?:\\([^)]*\\)\\s*)?AS\\s*\\().*");
  private static final Pattern EXPLANATION = Pattern.compile("(?is)\\bExplanation\\s*:\\s*(.+)");
  private static final Pattern STOP =
      Pattern.compile(
          "(?im)^\\s*(?:SQLResult|Answer|Explanation|Question|Note|Schema_links|Label)\\s*:");

  /** The statement in {@code text}; empty when there is none. */
  static Optional<String> sql(String text, boolean continuesSelect) {
    if (text == null || text.isBlank()) {
      return Optional.empty();
    }
    String found = null;
    Matcher fence = FENCE.matcher(text);
    while (fence.find()) {
      String lang = fence.group(1).toLowerCase(Locale.ROOT);
      if (lang.isEmpty()
          || lang.equals("sql")
          || lang.equals("sqlite")
          || lang.equals("postgresql")) {
        found = fence.group(2);
        break;
      }
    }
    if (found == null) {
      Matcher label = LABEL.matcher(text);
      String last = null;
      int end = -1;
      while (label.find()) {
        last = label.group(1);
        end = label.end();
      }
      if (last != null) {
        String rest = last + text.substring(end);
        found = untilStop(rest);
        if (found.strip().isEmpty()) {
          found = null;
        }
      }
    }
    if (found == null) {
      String body = untilStop(text).strip();
      Matcher m = STATEMENT.matcher(body);
      if (continuesSelect && !startsLikeAQuery(body)) {
        // The answer continues the prompt's trailing SELECT.
        found = "SELECT " + body;
      } else if (m.find()) {
        found = m.group();
      }
    }
    if (found == null) {
      return Optional.empty();
    }
    String sql = clean(found);
    if (continuesSelect && !startsLikeAQuery(sql)) {
      sql = "SELECT " + sql;
    }
    return sql.isBlank() ? Optional.empty() : Optional.of(sql);
  }

  /** The one-paragraph explanation after {@code Explanation:}, if the model wrote one. */
  static Optional<String> explanation(String text) {
    if (text == null) {
      return Optional.empty();
    }
    Matcher m = EXPLANATION.matcher(text);
    if (!m.find()) {
      return Optional.empty();
    }
    String para = m.group(1).split("\\R\\s*\\R")[0];
    para = para.replace("```", "").replaceAll("\\s+", " ").strip();
    return para.isEmpty() ? Optional.empty() : Optional.of(para);
  }

  /** Whitespace-insensitive identity of a statement, for executing each distinct one once. */
  /** On one line, for messages. */
  static String oneLine(String sql) {
    return sql.replaceAll("\\s+", " ").strip();
  }

  static String key(String sql) {
    return sql.replaceAll("\\s+", " ").strip().replaceAll(";$", "").strip();
  }

  private static String untilStop(String text) {
    Matcher stop = STOP.matcher(text);
    return stop.find() ? text.substring(0, stop.start()) : text;
  }

  private static boolean startsLikeAQuery(String sql) {
    String s = sql.stripLeading().toUpperCase(Locale.ROOT);
    return s.startsWith("SELECT") || s.startsWith("WITH") || s.startsWith("(");
  }

  private static String clean(String sql) {
    String s = sql.strip();
    if (s.startsWith("\"") && s.endsWith("\"") && s.length() > 1) {
      s = s.substring(1, s.length() - 1);
    }
    // One statement: what follows the first top-level semicolon is not part of it.
    int semi = firstSemicolonOutsideQuotes(s);
    if (semi >= 0) {
      s = s.substring(0, semi);
    }
    return s.strip();
  }

  private static int firstSemicolonOutsideQuotes(String s) {
    char quote = 0;
    for (int i = 0; i < s.length(); i++) {
      char c = s.charAt(i);
      if (quote != 0) {
        if (c == quote) {
          quote = 0;
        }
      } else if (c == '\'' || c == '"' || c == '`') {
        quote = c;
      } else if (c == ';') {
        return i;
      }
    }
    return -1;
  }
}
