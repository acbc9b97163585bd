package dev.parlance.adapters.db.governance;

import dev.parlance.domain.catalog.ForeignKey;
import dev.parlance.domain.governance.ColumnRule;
import dev.parlance.domain.governance.ColumnTreatment;
import dev.parlance.domain.governance.ForeignKeyFilters;
import dev.parlance.domain.governance.GovernancePolicy;
import dev.parlance.domain.governance.UserIdentity;
import java.sql.Connection;
import java.sql.DatabaseMetaData;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.TreeMap;
import java.util.function.UnaryOperator;

/**
 * The oracle of the leak corpus: for each table, the query that copies exactly what a user may see
 * of it from the raw data — the rows the row filters (those that follow foreign keys included) let
 * through, masked columns as their mask, hidden columns left out. Written independently of the
 * engines' enforcement: plain SQL over the raw tables, as an administrator.
 */
final class VisibleCopy {
  private VisibleCopy() {}

  record TableCopy(String table, String select) {}

  /**
   * @param raw how a raw table is named in the copying statements, e.g. {@code orig."TB_IN"}
   */
  static List<TableCopy> plan(
      Connection admin,
      String schema,
      GovernancePolicy policy,
      UserIdentity user,
      UnaryOperator<String> raw)
      throws SQLException {
    DatabaseMetaData md = admin.getMetaData();
    Map<String, List<String>> columns = new LinkedHashMap<>();
    try (ResultSet rs = md.getTables(null, schema, "%", new String[] {"TABLE"})) {
      while (rs.next()) {
        String t = rs.getString("TABLE_NAME");
        if (!t.toLowerCase(Locale.ROOT).startsWith("sqlite_")) {
          columns.put(t, new ArrayList<>());
        }
      }
    }
    Map<String, List<ForeignKey>> keys = new LinkedHashMap<>();
    for (String t : columns.keySet()) {
      try (ResultSet rs = md.getColumns(null, schema, t, "%")) {
        while (rs.next()) {
          columns.get(t).add(rs.getString("COLUMN_NAME"));
        }
      }
      Map<String, List<String[]>> byName = new TreeMap<>();
      try (ResultSet rs = md.getImportedKeys(null, schema, t)) {
        while (rs.next()) {
          byName
              .computeIfAbsent(
                  rs.getString("PKTABLE_NAME")
                      + "\u0000"
                      + (rs.getString("FK_NAME") == null || rs.getString("FK_NAME").isEmpty()
                          ? rs.getString("FKCOLUMN_NAME")
                          : rs.getString("FK_NAME")),
                  k -> new ArrayList<>())
              .add(
                  new String[] {
                    rs.getString("PKTABLE_NAME"),
                    rs.getString("FKCOLUMN_NAME"),
                    rs.getString("PKCOLUMN_NAME")
                  });
        }
      }
      List<ForeignKey> fks = new ArrayList<>();
      for (List<String[]> parts : byName.values()) {
        fks.add(
            new ForeignKey(
                parts.stream().map(p -> p[1]).toList(),
                parts.get(0)[0],
                parts.stream().map(p -> p[2]).toList()));
      }
      keys.put(t, fks);
    }
    ForeignKeyFilters.Binding binding =
        new ForeignKeyFilters(keys).bind(policy, user, ForeignKeyFilters.qualified(raw));
    List<TableCopy> out = new ArrayList<>();
    for (Map.Entry<String, List<String>> t : columns.entrySet()) {
      Map<String, ColumnRule> rules = policy.columnRulesFor(user, schema, t.getKey());
      List<String> items = new ArrayList<>();
      for (String c : t.getValue()) {
        ColumnRule rule = rules.get(c.toLowerCase(Locale.ROOT));
        if (rule == null) {
          items.add('"' + c + '"');
        } else if (rule.treatment() == ColumnTreatment.MASK) {
          items.add(rule.maskSql() + " AS \"" + c + '"');
        }
      }
      StringBuilder select =
          new StringBuilder("SELECT ")
              .append(String.join(", ", items))
              .append(" FROM ")
              .append(raw.apply(t.getKey()));
      List<String> predicates = binding.predicates(t.getKey());
      for (int i = 0; i < predicates.size(); i++) {
        select
            .append(i == 0 ? " WHERE " : " AND ")
            .append('(')
            .append(predicates.get(i))
            .append(')');
      }
      out.add(new TableCopy(t.getKey(), select.toString()));
    }
    return out;
  }
}
