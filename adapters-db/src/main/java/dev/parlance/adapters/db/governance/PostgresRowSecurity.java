package dev.parlance.adapters.db.governance;

import static dev.parlance.adapters.db.governance.ProvisioningSql.base;
import static dev.parlance.adapters.db.governance.ProvisioningSql.oneLine;
import static dev.parlance.adapters.db.governance.ProvisioningSql.q;
import static dev.parlance.adapters.db.governance.ProvisioningSql.qualified;
import static dev.parlance.adapters.db.governance.ProvisioningSql.run;

import dev.parlance.domain.governance.ColumnRule;
import dev.parlance.domain.governance.ForeignKeyFilters;
import dev.parlance.domain.governance.GovernancePolicy;
import dev.parlance.domain.governance.ProvisioningException;
import dev.parlance.domain.governance.RowFilter;
import dev.parlance.domain.governance.UserIdentity;
import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Set;
import java.util.TreeMap;
import java.util.TreeSet;

/**
 * The row side of a provisioned policy: a restrictive row-level security policy per table that a
 * row filter binds, declared or followed along foreign keys, and the key columns such a filter
 * reads in a masked table.
 */
final class PostgresRowSecurity {
  private PostgresRowSecurity() {}

  // A filter that follows a reference into a masked table reads its key as the query role, which
  // otherwise reads masked tables only through their views: it may read the key columns.
  static void keyColumns(
      Connection c,
      GovernancePolicy policy,
      Relations relations,
      ForeignKeyFilters graph,
      Set<String> masked,
      List<String> steps)
      throws SQLException {
    Map<String, Set<String>> keys = new TreeMap<>();
    for (RowFilter f : policy.rowFilters()) {
      if (!f.followForeignKeys()) {
        continue;
      }
      for (ForeignKeyFilters.Link l : graph.linksToward(base(f.table()))) {
        String target = l.referencedTable().toLowerCase(Locale.ROOT);
        if (masked.contains(target)) {
          keys.computeIfAbsent(target, k -> new TreeSet<>()).addAll(l.key().referencedColumns());
        }
      }
    }
    for (Map.Entry<String, Set<String>> e : keys.entrySet()) {
      Relations.Relation r = relations.resolve(null, e.getKey(), false).orElse(null);
      if (r == null) {
        continue;
      }
      for (ColumnRule rule : policy.columnRules()) {
        if (base(rule.table()).equals(e.getKey())
            && e.getValue().stream().anyMatch(k -> k.equalsIgnoreCase(rule.column()))) {
          throw new ProvisioningException(
              "column "
                  + r.name()
                  + "."
                  + rule.column()
                  + " is masked or hidden, but a row filter follows references to it; a key"
                  + " cannot be masked");
        }
      }
      List<String> quoted = e.getValue().stream().map(ProvisioningSql::q).toList();
      run(
          c,
          steps,
          "GRANT SELECT ("
              + String.join(", ", quoted)
              + ") ON "
              + qualified(r)
              + " TO "
              + q(PostgresGovernance.QUERY_ROLE));
    }
  }

  static void rowLevelSecurity(
      Connection c,
      GovernancePolicy policy,
      Relations relations,
      ForeignKeyFilters graph,
      List<String> steps)
      throws SQLException {
    // the terms of each table's restrictive policy, by lower-case table name
    Map<String, List<String>> terms = new LinkedHashMap<>();
    Map<String, Map<ForeignKeyFilters.Link, Set<String>>> links = new LinkedHashMap<>();
    for (RowFilter f : policy.rowFilters()) {
      Map<String, String> types =
          relations
              .resolve(null, base(f.table()), false)
              .map(r -> columnTypes(c, r))
              .orElse(Map.of());
      String bound =
          f.bindWith(
              a ->
                  "(SELECT parlance.attr("
                      + SqlNames.literal(a.toLowerCase(Locale.ROOT))
                      + ")"
                      + cast(f.predicate(), a, types)
                      + ")");
      terms
          .computeIfAbsent(base(f.table()), k -> new ArrayList<>())
          .add(guard(Set.of(f.role()), bound));
      if (f.followForeignKeys()) {
        for (ForeignKeyFilters.Link l : graph.linksToward(base(f.table()))) {
          links
              .computeIfAbsent(l.table().toLowerCase(Locale.ROOT), k -> new LinkedHashMap<>())
              .computeIfAbsent(l, k -> new TreeSet<>())
              .add(f.role());
        }
      }
    }
    checkAcyclic(policy, graph);
    links.forEach(
        (table, byLink) ->
            byLink.forEach(
                (link, roles) -> {
                  Relations.Relation referenced =
                      relations.resolve(null, link.referencedTable(), false).orElse(null);
                  String target =
                      referenced == null
                          ? SqlNames.quote(link.referencedTable())
                          : qualified(referenced);
                  String predicate =
                      ForeignKeyFilters.linkPredicate(
                          link, List.of(), ForeignKeyFilters.qualified(t -> target));
                  terms.computeIfAbsent(table, k -> new ArrayList<>()).add(guard(roles, predicate));
                }));

    Set<String> enabledBefore = new HashSet<>();
    try (Statement st = c.createStatement();
        ResultSet rs =
            st.executeQuery("SELECT table_schema, table_name FROM parlance.rls_enabled")) {
      while (rs.next()) {
        enabledBefore.add(rs.getString(1) + "." + rs.getString(2));
      }
    }
    for (Relations.Relation r : relations.all()) {
      if (r.view()) {
        continue;
      }
      String name = qualified(r);
      String id = r.schema() + "." + r.name();
      List<String> mine = terms.get(r.name().toLowerCase(Locale.ROOT));
      run(c, steps, "DROP POLICY IF EXISTS parlance_filter ON " + name);
      if (mine == null) {
        if (enabledBefore.contains(id)) {
          run(c, steps, "DROP POLICY IF EXISTS parlance_open ON " + name);
          run(c, steps, "ALTER TABLE " + name + " DISABLE ROW LEVEL SECURITY");
          try (PreparedStatement del =
              c.prepareStatement(
                  "DELETE FROM parlance.rls_enabled WHERE table_schema = ? AND table_name = ?")) {
            del.setString(1, r.schema());
            del.setString(2, r.name());
            del.executeUpdate();
          }
        }
        continue;
      }
      boolean alreadySecured = rowSecurity(c, r) && !enabledBefore.contains(id);
      if (!alreadySecured) {
        run(c, steps, "ALTER TABLE " + name + " ENABLE ROW LEVEL SECURITY");
        try (PreparedStatement ins =
            c.prepareStatement(
                "INSERT INTO parlance.rls_enabled (table_schema, table_name) VALUES (?, ?)"
                    + " ON CONFLICT DO NOTHING")) {
          ins.setString(1, r.schema());
          ins.setString(2, r.name());
          ins.executeUpdate();
        }
        // other roles of the database keep reading the table as before
        run(c, steps, "DROP POLICY IF EXISTS parlance_open ON " + name);
        run(
            c,
            steps,
            "CREATE POLICY parlance_open ON "
                + name
                + " AS PERMISSIVE FOR ALL TO PUBLIC USING (true) WITH CHECK (true)");
      }
      run(
          c,
          steps,
          "CREATE POLICY parlance_filter ON "
              + name
              + " AS RESTRICTIVE FOR SELECT TO "
              + q(PostgresGovernance.QUERY_ROLE)
              + ", "
              + q(PostgresGovernance.GOVERNOR_ROLE)
              + " USING ("
              + String.join(" AND ", mine)
              + ")");
    }
  }

  // An attribute arrives as text; compared with a typed column it takes the column's type, as a
  // quoted literal would (`EMP_CT_ID = :user.contractor` on an integer column).
  private static String cast(String predicate, String attribute, Map<String, String> types) {
    java.util.regex.Matcher m =
        java.util.regex.Pattern.compile(
                "(?i)\"?([A-Za-z_][A-Za-z0-9_]*)\"?\\s*(?:=|<>|!=|<=|>=|<|>)\\s*:user\\."
                    + java.util.regex.Pattern.quote(attribute)
                    + "\\b|:user\\."
                    + java.util.regex.Pattern.quote(attribute)
                    + "\\s*(?:=|<>|!=|<=|>=|<|>)\\s*\"?([A-Za-z_][A-Za-z0-9_]*)\"?")
            .matcher(predicate);
    while (m.find()) {
      String column = (m.group(1) != null ? m.group(1) : m.group(2)).toLowerCase(Locale.ROOT);
      String type = types.get(column);
      if (type != null && !type.equals("text")) {
        return "::" + type;
      }
    }
    return "";
  }

  private static Map<String, String> columnTypes(Connection c, Relations.Relation r) {
    Map<String, String> out = new HashMap<>();
    try (PreparedStatement st =
        c.prepareStatement(
            "SELECT a.attname, format_type(a.atttypid, a.atttypmod) FROM pg_attribute a"
                + " JOIN pg_class t ON t.oid = a.attrelid JOIN pg_namespace n ON n.oid ="
                + " t.relnamespace WHERE n.nspname = ? AND t.relname = ? AND a.attnum > 0"
                + " AND NOT a.attisdropped")) {
      st.setString(1, r.schema());
      st.setString(2, r.name());
      try (ResultSet rs = st.executeQuery()) {
        while (rs.next()) {
          out.put(rs.getString(1).toLowerCase(Locale.ROOT), rs.getString(2));
        }
      }
    } catch (SQLException e) {
      throw new ProvisioningException(
          "cannot read the columns of " + r.name() + ": " + oneLine(e.getMessage()), e);
    }
    return out;
  }

  private static void checkAcyclic(GovernancePolicy policy, ForeignKeyFilters graph) {
    Set<String> roles = new TreeSet<>();
    Map<String, String> attributes = new HashMap<>();
    for (RowFilter f : policy.rowFilters()) {
      roles.add(f.role());
      f.attributes().forEach(a -> attributes.put(a, "x"));
    }
    ForeignKeyFilters.Binding all =
        graph.bind(policy, new UserIdentity("apply", roles, attributes), ForeignKeyFilters.plain());
    for (String t : all.tables()) {
      try {
        all.predicates(t);
      } catch (IllegalArgumentException e) {
        throw new ProvisioningException(e.getMessage() + "; run 'parlance policy lint'");
      }
    }
  }

  private static boolean rowSecurity(Connection c, Relations.Relation r) throws SQLException {
    try (PreparedStatement st =
        c.prepareStatement(
            "SELECT c.relrowsecurity FROM pg_class c JOIN pg_namespace n ON n.oid = c.relnamespace"
                + " WHERE n.nspname = ? AND c.relname = ?")) {
      st.setString(1, r.schema());
      st.setString(2, r.name());
      try (ResultSet rs = st.executeQuery()) {
        return rs.next() && rs.getBoolean(1);
      }
    }
  }

  // Evaluated once per statement: the role test and the attribute are sub-selects (init plans).
  private static String guard(Set<String> roles, String predicate) {
    if (roles.contains(GovernancePolicy.EVERYONE)) {
      return "(" + predicate + ")";
    }
    List<String> tests = new ArrayList<>();
    for (String r : new TreeSet<>(roles)) {
      tests.add("(SELECT parlance.acts_as(" + SqlNames.literal(r) + "))");
    }
    return "(CASE WHEN " + String.join(" OR ", tests) + " THEN (" + predicate + ") ELSE true END)";
  }
}
