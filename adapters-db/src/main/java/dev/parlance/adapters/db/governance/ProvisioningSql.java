package dev.parlance.adapters.db.governance;

import dev.parlance.domain.governance.ProvisioningException;
import java.sql.Connection;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.List;
import java.util.Locale;

/** Quoting and running the statements that provisioning sends, each recorded as a step. */
final class ProvisioningSql {
  private ProvisioningSql() {}

  static String base(String table) {
    String t = table.strip().toLowerCase(Locale.ROOT);
    return t.contains(".") ? t.substring(t.lastIndexOf('.') + 1) : t;
  }

  static String qualified(Relations.Relation r) {
    return (r.schema() == null ? "" : SqlNames.quote(r.schema()) + ".") + SqlNames.quote(r.name());
  }

  static String q(String identifier) {
    return SqlNames.quote(identifier);
  }

  static void run(Connection c, List<String> steps, String sql) {
    try (Statement st = c.createStatement()) {
      st.execute(sql);
      steps.add(sql.length() > 300 ? sql.substring(0, 300) + " …" : sql);
    } catch (SQLException e) {
      throw new ProvisioningException(
          "the database refused: "
              + oneLine(e.getMessage())
              + " (while running: "
              + first(sql)
              + ")",
          e);
    }
  }

  static String first(String sql) {
    return sql.length() > 120 ? sql.substring(0, 120) + " …" : sql;
  }

  static String oneLine(String message) {
    return message == null ? "unknown error" : message.replaceAll("\\s+", " ").strip();
  }

  static String array(List<String> values) {
    List<String> literals = values.stream().map(SqlNames::literal).toList();
    return "ARRAY[" + String.join(", ", literals) + "]::text[]";
  }
}
