package dev.parlance.adapters.db.governance;

/** How governed SQL writes names and values: quoted identifiers, string literals, CTE names. */
final class SqlNames {

  private static final java.util.regex.Pattern PLAIN_NAME =
      java.util.regex.Pattern.compile("[A-Za-z_][A-Za-z0-9_]*");

  private SqlNames() {}

  static String quote(String identifier) {
    return '"' + identifier.replace("\"", "\"\"") + '"';
  }

  // A plain name stays unquoted so that it folds like the query's unquoted references to it (H2
  // folds to upper case, PostgreSQL to lower case); other names are quoted as written.
  static String cteName(String name) {
    return PLAIN_NAME.matcher(name).matches() ? name : quote(name);
  }

  static String literal(String value) {
    return "'" + value.replace("'", "''") + "'";
  }

  static boolean isQuoted(String name) {
    return name.length() >= 2
        && (name.charAt(0) == '"' || name.charAt(0) == '`' || name.charAt(0) == '[');
  }

  static String unquote(String name) {
    if (name.length() >= 2) {
      char first = name.charAt(0);
      char last = name.charAt(name.length() - 1);
      if (first == '"' && last == '"') {
        return name.substring(1, name.length() - 1).replace("\"\"", "\"");
      }
      if ((first == '`' && last == '`') || (first == '[' && last == ']')) {
        return name.substring(1, name.length() - 1);
      }
    }
    return name;
  }
}
