package dev.parlance.adapters.db.governance;

import java.util.List;
import java.util.Locale;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * A database's error in words a user may read: the engine's wording with every quoted fragment,
 * name or number that the statement itself does not contain left out (so no data value, and no
 * schema fact the user may not see, travels in an error), the position where the engine stopped,
 * and a short fixed kind ("invalid JSON path") that is all the audit trail keeps.
 */
final class DatabaseErrors {
  private DatabaseErrors() {}

  /** What a user reads, and the fixed kind the audit keeps. */
  record Described(String message, String kind) {}

  private record Known(Pattern pattern, String kind) {}

  // Most specific first; matched against the engine's message in lower case.
  private static final List<Known> KNOWN =
      List.of(
          kind("bad json path|json path error", "invalid JSON path"),
          kind("malformed json|invalid input syntax for type json", "malformed JSON"),
          kind("no such column|column .* does not exist", "unknown column"),
          kind("no such table|relation .* does not exist", "unknown table"),
          kind("no such function|function .* does not exist", "unknown function"),
          kind("operator does not exist", "unknown operator"),
          kind("ambiguous column|is ambiguous", "ambiguous column"),
          kind("syntax error|incomplete input|unrecognized token", "syntax error"),
          kind("misuse of aggregate|aggregate functions are not allowed", "misuse of an aggregate"),
          kind(
              "misuse of window function|window functions are not allowed",
              "misuse of a window function"),
          kind("wrong number of arguments", "wrong number of arguments"),
          kind(
              "string or blob too big|exceeds the maximum|too large",
              "a value exceeds the length limit"),
          kind("out of memory|memory exhausted", "the statement exceeds the memory limit"),
          kind(
              "expression tree is too large|stack depth limit|parser stack overflow",
              "the statement nests too deeply"),
          kind("too many terms in compound select", "too many UNION terms"),
          kind(
              "sub-select returns|subquery has too (many|few) columns",
              "a sub-query returns the wrong number of columns"),
          kind(
              "do not have the same number of result columns|each (union|intersect|except) query must have the same number",
              "the parts of a UNION differ in their columns"),
          kind(
              "more than one row returned by a subquery",
              "a scalar sub-query returned more than one row"),
          kind("division by zero", "division by zero"),
          kind("integer overflow|out of range", "a number is out of range"),
          kind(
              "invalid input syntax|invalid input value",
              "a value cannot be read as the type asked"),
          kind("datatype mismatch|cannot be matched|cannot cast", "mismatched types"),
          kind("must appear in the group by clause", "a column missing from GROUP BY"),
          kind("order by term", "an ORDER BY term out of range"),
          kind("like or glob pattern too complex", "a LIKE pattern too long"),
          kind("invalid regular expression", "invalid regular expression"),
          kind("row value misused", "a row value misused"),
          kind("temporary file size exceeds", "the statement exceeds the temporary file limit"));

  private static Known kind(String regex, String kind) {
    return new Known(Pattern.compile(regex), kind);
  }

  private static final Pattern QUOTED = Pattern.compile("\"([^\"]*)\"|'([^']*)'");
  private static final Pattern NUMBER = Pattern.compile("(?<![A-Za-z_])\\d+(?:\\.\\d+)?");
  // SQLite's "no such column: x" style: the last ": " introduces a name or a value.
  private static final Pattern TAIL = Pattern.compile(":\\s+([^\\s\"':()][^\\s\"']*)\\s*$");

  /**
   * @param raw the engine's message
   * @param code the engine's code (SQLSTATE, or SQLite's result code name) for an unknown message
   * @param position where the engine stopped, 1-based in {@code run}, or 0
   * @param asked the statement as the user wrote it: its words may appear in the message
   */
  static Described describe(String raw, String code, int position, String asked) {
    String message = raw == null ? "" : raw.replaceAll("\\s+", " ").strip();
    message = message.replaceFirst("^(ERROR|FATAL):\\s*", "");
    message = message.replaceAll("\\s*Position: \\d+\\s*$", "");
    // pgjdbc appends a detail after "Detail:" or "Where:" that can quote rows
    message = message.replaceAll("\\s+(Detail|Where|Hint|Internal Query):.*$", "");
    String lower = message.toLowerCase(Locale.ROOT);
    String kind = null;
    for (Known k : KNOWN) {
      if (k.pattern().matcher(lower).find()) {
        kind = k.kind();
        break;
      }
    }
    if (kind == null) {
      kind = "database error" + (code == null || code.isBlank() ? "" : " (" + code + ")");
    }
    // errors of these kinds quote a value by design: none of their fragments is kept
    boolean quotesValues =
        kind.equals("invalid JSON path")
            || kind.equals("malformed JSON")
            || kind.equals("a value cannot be read as the type asked")
            || kind.equals("a number is out of range");
    String safe = scrub(message, quotesValues ? "" : asked == null ? "" : asked);
    if (lower.contains("parser stack overflow")) {
      // SQLite's own parser has a fixed stack (Debian's 3.40: about 15 nested sub-queries).
      safe =
          "the statement nests sub-queries or parentheses more deeply than the SQLite engine can"
              + " read (about 15 levels); write it with fewer levels, for example with WITH"
              + " clauses";
    } else if (lower.contains("expression tree is too large")) {
      safe =
          "the statement nests expressions more deeply than the engine allows; write it with"
              + " fewer levels";
    }
    if (safe.isBlank()) {
      safe = kind;
    }
    if (position > 0) {
      safe = safe + " (at character " + position + " of the statement as run)";
    }
    return new Described(safe, kind);
  }

  /** The message with every fragment the statement does not contain replaced by an ellipsis. */
  static String scrub(String message, String asked) {
    String haystack = asked.toLowerCase(Locale.ROOT);
    StringBuilder out = new StringBuilder();
    Matcher q = QUOTED.matcher(message);
    int last = 0;
    while (q.find()) {
      out.append(numbers(message.substring(last, q.start()), haystack));
      String inner = q.group(1) != null ? q.group(1) : q.group(2);
      char mark = q.group(1) != null ? '"' : '\'';
      out.append(mark).append(known(inner, haystack) ? inner : "…").append(mark);
      last = q.end();
    }
    out.append(numbers(message.substring(last), haystack));
    String text = out.toString();
    Matcher tail = TAIL.matcher(text);
    if (tail.find() && !known(tail.group(1), haystack) && !tail.group(1).equals("…")) {
      text = text.substring(0, tail.start(1)) + "…";
    }
    return text;
  }

  private static String numbers(String text, String haystack) {
    Matcher m = NUMBER.matcher(text);
    StringBuilder out = new StringBuilder();
    while (m.find()) {
      m.appendReplacement(out, known(m.group(), haystack) ? m.group() : "…");
    }
    m.appendTail(out);
    return out.toString();
  }

  private static boolean known(String fragment, String haystack) {
    String f = fragment.strip().toLowerCase(Locale.ROOT);
    if (f.isEmpty()) {
      return true;
    }
    // a qualified name counts as written when its parts are
    if (haystack.contains(f)) {
      return true;
    }
    String[] parts = f.split("\\.");
    if (parts.length > 1) {
      for (String p : parts) {
        if (!haystack.contains(p)) {
          return false;
        }
      }
      return true;
    }
    return false;
  }
}
