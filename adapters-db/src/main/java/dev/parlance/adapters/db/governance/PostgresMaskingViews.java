package dev.parlance.adapters.db.governance;

import static dev.parlance.adapters.db.governance.ProvisioningSql.array;
import static dev.parlance.adapters.db.governance.ProvisioningSql.q;
import static dev.parlance.adapters.db.governance.ProvisioningSql.qualified;
import static dev.parlance.adapters.db.governance.ProvisioningSql.run;

import dev.parlance.domain.governance.ColumnRule;
import dev.parlance.domain.governance.ColumnTreatment;
import dev.parlance.domain.governance.GovernancePolicy;
import dev.parlance.domain.governance.ProvisioningException;
import dev.parlance.domain.governance.UserIdentity;
import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Set;

/**
 * The column side of a provisioned policy: per table with column rules, one {@code
 * security_barrier} view per combination of the rules' roles, hidden columns left out and masks in
 * place, readable only by a request acting as exactly those roles; views no longer wanted dropped.
 */
final class PostgresMaskingViews {
  private PostgresMaskingViews() {}

  private static final int MAX_MASKING_ROLES = 6;

  static void maskingViews(
      Connection c, GovernancePolicy policy, Relations relations, List<String> steps)
      throws SQLException {
    Set<String> wanted = new HashSet<>();
    Set<String> masked = PostgresGovernance.maskedTables(policy);
    for (Relations.Relation r : relations.all()) {
      if (!masked.contains(r.name().toLowerCase(Locale.ROOT))) {
        continue;
      }
      if (!policy.allowsRelation(r.schema(), r.name(), r.view())) {
        continue;
      }
      List<String> roles = PostgresGovernance.maskingRoles(policy, r.schema(), r.name());
      if (roles.size() > MAX_MASKING_ROLES) {
        throw new ProvisioningException(
            "table "
                + r.name()
                + " has column rules for "
                + roles.size()
                + " roles; at most "
                + MAX_MASKING_ROLES
                + " can be provisioned");
      }
      for (int mask = 0; mask < (1 << roles.size()); mask++) {
        List<String> acting = new ArrayList<>();
        for (int i = 0; i < roles.size(); i++) {
          if ((mask & (1 << i)) != 0) {
            acting.add(roles.get(i));
          }
        }
        String view = PostgresGovernance.viewName(r.schema(), r.name(), acting);
        wanted.add(view);
        Map<String, ColumnRule> rules =
            policy.columnRulesFor(
                new UserIdentity("profile", new LinkedHashSet<>(acting), Map.of()),
                r.schema(),
                r.name());
        List<String> items = new ArrayList<>();
        for (String column : r.columns()) {
          ColumnRule rule = rules.get(column.toLowerCase(Locale.ROOT));
          if (rule == null) {
            items.add(SqlNames.quote(column));
          } else if (rule.treatment() == ColumnTreatment.MASK) {
            items.add("(" + rule.maskSql() + ") AS " + SqlNames.quote(column));
          }
        }
        if (items.isEmpty()) {
          items.add("NULL AS parlance_no_column");
        }
        String full = PostgresGovernance.VIEW_SCHEMA + "." + SqlNames.quote(view);
        run(c, steps, "DROP VIEW IF EXISTS " + full);
        run(
            c,
            steps,
            "CREATE VIEW "
                + full
                + " WITH (security_barrier) AS SELECT "
                + String.join(", ", items)
                + " FROM "
                + qualified(r)
                + " WHERE (SELECT parlance.require_roles("
                + SqlNames.literal(view)
                + ", "
                + array(acting)
                + ", "
                + array(roles)
                + "))");
        run(c, steps, "ALTER VIEW " + full + " OWNER TO " + q(PostgresGovernance.GOVERNOR_ROLE));
        run(c, steps, "REVOKE ALL ON " + full + " FROM PUBLIC");
        run(c, steps, "GRANT SELECT ON " + full + " TO " + q(PostgresGovernance.QUERY_ROLE));
      }
    }
    List<String> stale = new ArrayList<>();
    try (PreparedStatement st =
        c.prepareStatement("SELECT viewname FROM pg_views WHERE schemaname = ?")) {
      st.setString(1, PostgresGovernance.VIEW_SCHEMA);
      try (ResultSet rs = st.executeQuery()) {
        while (rs.next()) {
          if (!wanted.contains(rs.getString(1))) {
            stale.add(rs.getString(1));
          }
        }
      }
    }
    for (String v : stale) {
      run(
          c,
          steps,
          "DROP VIEW IF EXISTS " + PostgresGovernance.VIEW_SCHEMA + "." + SqlNames.quote(v));
    }
  }
}
