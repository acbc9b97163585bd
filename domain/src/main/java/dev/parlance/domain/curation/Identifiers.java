package dev.parlance.domain.curation;

import java.util.Locale;
import java.util.Set;
import java.util.regex.Pattern;

/**
 * Names of curated views and their columns are plain SQL identifiers, so a query can name them
 * unquoted in every dialect (H2 folds unquoted names to upper case, PostgreSQL to lower case) and
 * Parlance never has to quote them.
 */
public final class Identifiers {
  private Identifiers() {}

  private static final Pattern PLAIN = Pattern.compile("[A-Za-z_][A-Za-z0-9_]{0,62}");
  // Words that cannot stand unquoted as a relation or column in at least one supported dialect.
  private static final Set<String> RESERVED =
      Set.of(
          "all",
          "and",
          "as",
          "between",
          "by",
          "case",
          "check",
          "column",
          "constraint",
          "create",
          "cross",
          "current_date",
          "current_time",
          "current_timestamp",
          "current_user",
          "default",
          "distinct",
          "else",
          "end",
          "except",
          "exists",
          "false",
          "fetch",
          "for",
          "foreign",
          "from",
          "full",
          "group",
          "having",
          "in",
          "inner",
          "intersect",
          "into",
          "is",
          "join",
          "left",
          "like",
          "limit",
          "natural",
          "not",
          "null",
          "offset",
          "on",
          "or",
          "order",
          "outer",
          "primary",
          "references",
          "right",
          "select",
          "table",
          "then",
          "to",
          "true",
          "union",
          "unique",
          "user",
          "using",
          "value",
          "values",
          "when",
          "where",
          "window",
          "with",
          "number",
          "year",
          "month",
          "day",
          "hour",
          "minute",
          "second",
          "key",
          "row",
          "rows");

  /** Whether {@code name} can be written unquoted everywhere. */
  public static boolean isPlain(String name) {
    return name != null
        && PLAIN.matcher(name).matches()
        && !RESERVED.contains(name.toLowerCase(Locale.ROOT));
  }

  static String requireView(String name) {
    if (!isPlain(name)) {
      throw new IllegalArgumentException(
          "view name '"
              + name
              + "' must be a plain SQL identifier (letters, digits, _; not a keyword)");
    }
    return name;
  }

  static String requireColumn(String name) {
    if (name == null || name.isBlank()) {
      throw new IllegalArgumentException("a described column needs a name");
    }
    return name;
  }
}
