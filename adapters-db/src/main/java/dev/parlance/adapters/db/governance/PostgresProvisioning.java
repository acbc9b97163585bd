package dev.parlance.adapters.db.governance;

import dev.parlance.adapters.db.jdbc.DatabaseUnavailableException;
import dev.parlance.adapters.db.jdbc.JdbcConnections;
import dev.parlance.domain.catalog.ForeignKey;
import dev.parlance.domain.governance.ColumnRule;
import dev.parlance.domain.governance.ColumnTreatment;
import dev.parlance.domain.governance.ForeignKeyFilters;
import dev.parlance.domain.governance.GovernancePolicy;
import dev.parlance.domain.governance.ProvisionPolicyPort;
import dev.parlance.domain.governance.RowFilter;
import dev.parlance.domain.governance.UserIdentity;
import dev.parlance.domain.source.Credentials;
import dev.parlance.domain.source.DataSource;
import java.sql.Connection;
import java.sql.DatabaseMetaData;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Savepoint;
import java.sql.Statement;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Set;
import java.util.TreeMap;
import java.util.TreeSet;

/**
 * {@code parlance policy apply}: provisions a policy in the source's own database, as its
 * administrator, in one transaction and idempotently. On PostgreSQL:
 *
 * <ul>
 *   <li>roles {@code parlance_query} (statements run as it; the source's login role is a member and
 *       keeps no table privilege of its own) and {@code parlance_governor} (owns the masking views
 *       and the context functions; neither logs in nor bypasses row-level security);
 *   <li>schema {@code parlance}: the request-context key (readable by the governor only), the
 *       SECURITY DEFINER functions {@code context()}, {@code acts_as(role)}, {@code attr(name)},
 *       {@code require_roles(…)}, and the digest of the applied policy;
 *   <li>row-level security on every table a row filter binds, the filters that follow foreign keys
 *       included: one restrictive policy per table for the two roles (other roles keep reading as
 *       before through a permissive policy, unless the table had row-level security already);
 *   <li>schema {@code parlance_gov}: per table with column rules, one {@code security_barrier} view
 *       per combination of the rules' roles, hidden columns left out, masks in place, guarded so
 *       that only a request acting as exactly those roles reads it;
 *   <li>{@code SELECT} for {@code parlance_query} on the allowed tables without column rules and on
 *       the masking views, nothing else; {@code temp_file_limit} on the login role where the
 *       administrator may set it.
 * </ul>
 *
 * SQLite needs nothing (its authorizer is set per connection); H2 cannot enforce filters or rules.
 */
final class PostgresProvisioning implements ProvisionPolicyPort {

  /** Temporary files one statement may write, set on the login role when possible. */
  static final String TEMP_FILE_LIMIT = "1GB";

  private static final int MAX_MASKING_ROLES = 6;

  private final JdbcConnections connections;

  PostgresProvisioning(JdbcConnections connections) {
    this.connections = connections;
  }

  @Override
  public Provisioning provision(DataSource source, GovernancePolicy policy, Credentials admin) {
    return switch (source.dialect()) {
      case SQLITE ->
          new Provisioning(
              "nothing to provision on SQLite: Parlance's authorizer enforces version "
                  + policy.version()
                  + " of the policy on every connection it opens",
              List.of());
      case H2 ->
          new Provisioning(
              "nothing provisioned: H2 is a development-only source kind that cannot enforce row"
                  + " filters or column rules; users they bind are refused",
              List.of());
      case POSTGRESQL -> postgres(source, policy, admin);
    };
  }

  private Provisioning postgres(DataSource source, GovernancePolicy policy, Credentials admin) {
    String reader =
        connections
            .user(source)
            .orElseThrow(
                () ->
                    new ProvisioningException(
                        "source '" + source.name() + "' names no user in its credentials"));
    String password =
        connections
            .password(source)
            .orElseThrow(
                () ->
                    new ProvisioningException(
                        "source '"
                            + source.name()
                            + "' names no password in its credentials; the request context's key"
                            + " derives from it"));
    List<String> steps = new ArrayList<>();
    try (Connection c = connections.openAsAdministrator(source, admin)) {
      c.setAutoCommit(false);
      try {
        apply(c, source, policy, reader, password, steps);
        c.commit();
      } catch (SQLException | RuntimeException e) {
        c.rollback();
        throw e;
      }
    } catch (DatabaseUnavailableException e) {
      throw new ProvisioningException(e.getMessage(), e);
    } catch (SQLException e) {
      throw new ProvisioningException(
          "the database refused provisioning: " + oneLine(e.getMessage()), e);
    }
    return new Provisioning(
        "provisioned version "
            + policy.version()
            + " of the policy of source '"
            + source.name()
            + "' ("
            + steps.size()
            + " steps)",
        steps);
  }

  private void apply(
      Connection c,
      DataSource source,
      GovernancePolicy policy,
      String reader,
      String password,
      List<String> steps)
      throws SQLException {
    checkReader(c, reader);
    Relations relations = inScope(Relations.read(c, source), policy);
    Map<String, List<ForeignKey>> foreignKeys = foreignKeys(c, relations);
    ForeignKeyFilters graph = new ForeignKeyFilters(foreignKeys);
    Set<String> schemas = new TreeSet<>();
    for (Relations.Relation r : relations.all()) {
      schemas.add(r.schema());
    }

    // roles
    createRole(c, PostgresGovernance.QUERY_ROLE, steps);
    createRole(c, PostgresGovernance.GOVERNOR_ROLE, steps);
    // PostgreSQL 16 keeps INHERIT per membership; older versions take it from the member role
    run(
        c,
        steps,
        "GRANT "
            + q(PostgresGovernance.QUERY_ROLE)
            + " TO "
            + q(reader)
            + (c.getMetaData().getDatabaseMajorVersion() >= 16 ? " WITH INHERIT FALSE" : ""));
    run(c, steps, "ALTER ROLE " + q(reader) + " SET default_transaction_read_only = on");
    // the login role reaches the query role's privileges only by SET ROLE, so a statement that
    // switches back to it holds none
    run(c, steps, "ALTER ROLE " + q(reader) + " NOINHERIT");

    // the administrator acts as the governor to hand it what it owns
    run(c, steps, "GRANT " + q(PostgresGovernance.GOVERNOR_ROLE) + " TO CURRENT_USER");

    // schemas, key, applied digest, functions
    run(c, steps, "CREATE SCHEMA IF NOT EXISTS " + PostgresGovernance.SCHEMA);
    run(c, steps, "CREATE SCHEMA IF NOT EXISTS " + PostgresGovernance.VIEW_SCHEMA);
    for (String s : List.of(PostgresGovernance.SCHEMA, PostgresGovernance.VIEW_SCHEMA)) {
      run(c, steps, "ALTER SCHEMA " + s + " OWNER TO " + q(PostgresGovernance.GOVERNOR_ROLE));
      run(c, steps, "REVOKE ALL ON SCHEMA " + s + " FROM PUBLIC");
      run(c, steps, "GRANT USAGE ON SCHEMA " + s + " TO " + q(PostgresGovernance.QUERY_ROLE));
    }
    run(c, steps, "GRANT USAGE ON SCHEMA parlance TO " + q(reader));
    run(
        c,
        steps,
        "CREATE TABLE IF NOT EXISTS parlance.context_key (ipad bytea NOT NULL, opad bytea NOT NULL)");
    run(
        c,
        steps,
        "CREATE TABLE IF NOT EXISTS parlance.applied (policy_digest text NOT NULL,"
            + " policy_version integer NOT NULL, applied_at timestamptz NOT NULL)");
    run(
        c,
        steps,
        "CREATE TABLE IF NOT EXISTS parlance.rls_enabled (table_schema text NOT NULL,"
            + " table_name text NOT NULL, PRIMARY KEY (table_schema, table_name))");
    for (String t : List.of("context_key", "applied", "rls_enabled")) {
      run(
          c,
          steps,
          "ALTER TABLE parlance." + t + " OWNER TO " + q(PostgresGovernance.GOVERNOR_ROLE));
      run(c, steps, "REVOKE ALL ON parlance." + t + " FROM PUBLIC");
    }
    run(
        c,
        steps,
        "GRANT SELECT ON parlance.applied TO "
            + q(reader)
            + ", "
            + q(PostgresGovernance.QUERY_ROLE));
    run(c, steps, "DELETE FROM parlance.context_key");
    byte[][] pads = PostgresGovernance.pads(PostgresGovernance.key(password));
    try (PreparedStatement insert =
        c.prepareStatement("INSERT INTO parlance.context_key (ipad, opad) VALUES (?, ?)")) {
      insert.setBytes(1, pads[0]);
      insert.setBytes(2, pads[1]);
      insert.executeUpdate();
    }
    steps.add(
        "INSERT INTO parlance.context_key … (HMAC pads of the key derived from the password)");
    for (String f : FUNCTIONS) {
      run(c, steps, f);
    }
    for (String signature :
        List.of(
            "context()", "acts_as(text)", "attr(text)", "require_roles(text, text[], text[])")) {
      run(
          c,
          steps,
          "ALTER FUNCTION parlance."
              + signature
              + " OWNER TO "
              + q(PostgresGovernance.GOVERNOR_ROLE));
      run(c, steps, "REVOKE ALL ON FUNCTION parlance." + signature + " FROM PUBLIC");
      run(
          c,
          steps,
          "GRANT EXECUTE ON FUNCTION parlance."
              + signature
              + " TO "
              + q(PostgresGovernance.QUERY_ROLE)
              + ", "
              + q(PostgresGovernance.GOVERNOR_ROLE));
    }

    // privileges on the data: the login role keeps none, the query role reads what is allowed
    Set<String> masked = PostgresGovernance.maskedTables(policy);
    for (String s : schemas) {
      run(
          c,
          steps,
          "GRANT USAGE ON SCHEMA "
              + q(s)
              + " TO "
              + q(PostgresGovernance.QUERY_ROLE)
              + ", "
              + q(PostgresGovernance.GOVERNOR_ROLE));
      run(c, steps, "REVOKE ALL ON ALL TABLES IN SCHEMA " + q(s) + " FROM " + q(reader));
      run(
          c,
          steps,
          "GRANT SELECT ON ALL TABLES IN SCHEMA "
              + q(s)
              + " TO "
              + q(PostgresGovernance.GOVERNOR_ROLE));
    }
    for (Relations.Relation r : relations.all()) {
      String name = qualified(r);
      boolean isMasked = masked.contains(r.name().toLowerCase(Locale.ROOT));
      run(c, steps, "REVOKE ALL ON " + name + " FROM " + q(PostgresGovernance.QUERY_ROLE));
      if (isMasked) {
        run(c, steps, "REVOKE ALL ON " + name + " FROM PUBLIC");
      } else if (policy.allowsRelation(r.schema(), r.name(), r.view())) {
        run(c, steps, "GRANT SELECT ON " + name + " TO " + q(PostgresGovernance.QUERY_ROLE));
      }
    }

    keyColumns(c, policy, relations, graph, masked, steps);
    rowLevelSecurity(c, policy, relations, graph, steps);
    maskingViews(c, policy, relations, steps);

    run(c, steps, "DELETE FROM parlance.applied");
    try (PreparedStatement insert =
        c.prepareStatement(
            "INSERT INTO parlance.applied (policy_digest, policy_version, applied_at)"
                + " VALUES (?, ?, now())")) {
      insert.setString(1, policy.enforcementDigest());
      insert.setInt(2, policy.version());
      insert.executeUpdate();
    }
    steps.add("INSERT INTO parlance.applied … (digest of version " + policy.version() + ")");
    tempFileLimit(c, reader, steps);
  }

  // The relations of the schemas the policy governs (all non-system schemas when it names none).
  private static Relations inScope(Relations all, GovernancePolicy policy) {
    List<Relations.Relation> kept = new ArrayList<>();
    for (Relations.Relation r : all.all()) {
      if (policy.allowedSchemas().isEmpty()
          || (r.schema() != null
              && policy.allowedSchemas().contains(r.schema().toLowerCase(Locale.ROOT)))) {
        kept.add(r);
      }
    }
    return Relations.of(kept, all.rules());
  }

  private static void checkReader(Connection c, String reader) throws SQLException {
    try (PreparedStatement st =
        c.prepareStatement("SELECT rolsuper, rolbypassrls FROM pg_roles WHERE rolname = ?")) {
      st.setString(1, reader);
      try (ResultSet rs = st.executeQuery()) {
        if (!rs.next()) {
          throw new ProvisioningException(
              "the source's login role " + reader + " does not exist in the database");
        }
        if (rs.getBoolean(1) || rs.getBoolean(2)) {
          throw new ProvisioningException(
              "the source's login role "
                  + reader
                  + " is a superuser or bypasses row-level security; Parlance needs an ordinary"
                  + " role (see docs/governance.md)");
        }
      }
    }
  }

  private static void createRole(Connection c, String role, List<String> steps)
      throws SQLException {
    try (PreparedStatement st = c.prepareStatement("SELECT 1 FROM pg_roles WHERE rolname = ?")) {
      st.setString(1, role);
      try (ResultSet rs = st.executeQuery()) {
        if (!rs.next()) {
          run(c, steps, "CREATE ROLE " + q(role) + " NOLOGIN");
        }
      }
    }
    run(c, steps, "ALTER ROLE " + q(role) + " NOLOGIN NOSUPERUSER NOBYPASSRLS");
  }

  // A filter that follows a reference into a masked table reads its key as the query role, which
  // otherwise reads masked tables only through their views: it may read the key columns.
  private static void keyColumns(
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
      List<String> quoted = e.getValue().stream().map(PostgresProvisioning::q).toList();
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

  private static void rowLevelSecurity(
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
                      + PolicyRewrite.literal(a.toLowerCase(Locale.ROOT))
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
                          ? PolicyRewrite.quote(link.referencedTable())
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
      tests.add("(SELECT parlance.acts_as(" + PolicyRewrite.literal(r) + "))");
    }
    return "(CASE WHEN " + String.join(" OR ", tests) + " THEN (" + predicate + ") ELSE true END)";
  }

  private static void maskingViews(
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
            items.add(PolicyRewrite.quote(column));
          } else if (rule.treatment() == ColumnTreatment.MASK) {
            items.add("(" + rule.maskSql() + ") AS " + PolicyRewrite.quote(column));
          }
        }
        if (items.isEmpty()) {
          items.add("NULL AS parlance_no_column");
        }
        String full = PostgresGovernance.VIEW_SCHEMA + "." + PolicyRewrite.quote(view);
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
                + PolicyRewrite.literal(view)
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
          "DROP VIEW IF EXISTS " + PostgresGovernance.VIEW_SCHEMA + "." + PolicyRewrite.quote(v));
    }
  }

  private static String array(List<String> values) {
    List<String> literals = values.stream().map(PolicyRewrite::literal).toList();
    return "ARRAY[" + String.join(", ", literals) + "]::text[]";
  }

  private static void tempFileLimit(Connection c, String reader, List<String> steps)
      throws SQLException {
    Savepoint sp = c.setSavepoint();
    try (Statement st = c.createStatement()) {
      String sql = "ALTER ROLE " + q(reader) + " SET temp_file_limit = '" + TEMP_FILE_LIMIT + "'";
      st.execute(sql);
      steps.add(sql);
      c.releaseSavepoint(sp);
    } catch (SQLException e) {
      c.rollback(sp);
      steps.add(
          "-- temp_file_limit not set on "
              + reader
              + " (only a superuser may): "
              + oneLine(e.getMessage()));
    }
  }

  private static Map<String, List<ForeignKey>> foreignKeys(Connection c, Relations relations)
      throws SQLException {
    DatabaseMetaData md = c.getMetaData();
    Map<String, List<ForeignKey>> out = new LinkedHashMap<>();
    for (Relations.Relation r : relations.all()) {
      if (r.view()) {
        continue;
      }
      Map<String, List<String[]>> byName = new TreeMap<>();
      try (ResultSet rs = md.getImportedKeys(null, r.schema(), r.name())) {
        while (rs.next()) {
          String key = rs.getString("FK_NAME") + "\u0000" + rs.getString("PKTABLE_NAME");
          byName
              .computeIfAbsent(key, k -> new ArrayList<>())
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
      out.put(r.name(), fks);
    }
    return out;
  }

  private static String base(String table) {
    String t = table.strip().toLowerCase(Locale.ROOT);
    return t.contains(".") ? t.substring(t.lastIndexOf('.') + 1) : t;
  }

  private static String qualified(Relations.Relation r) {
    return (r.schema() == null ? "" : PolicyRewrite.quote(r.schema()) + ".")
        + PolicyRewrite.quote(r.name());
  }

  private static String q(String identifier) {
    return PolicyRewrite.quote(identifier);
  }

  private static void run(Connection c, List<String> steps, String sql) {
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

  private static String first(String sql) {
    return sql.length() > 120 ? sql.substring(0, 120) + " …" : sql;
  }

  private static String oneLine(String message) {
    return message == null ? "unknown error" : message.replaceAll("\\s+", " ").strip();
  }

  private static final List<String> FUNCTIONS =
      List.of(
          """
          CREATE OR REPLACE FUNCTION parlance.context() RETURNS jsonb
          LANGUAGE plpgsql STABLE SECURITY DEFINER SET search_path = pg_catalog, pg_temp AS $f$
          DECLARE
            raw text := current_setting('parlance.context', true);
            body text;
            k record;
            payload jsonb;
          BEGIN
            IF raw IS NULL OR raw = '' THEN
              RAISE EXCEPTION 'parlance: no request context';
            END IF;
            IF length(raw) < 66 OR substr(raw, 65, 1) <> ':' THEN
              RAISE EXCEPTION 'parlance: malformed request context';
            END IF;
            body := substr(raw, 66);
            SELECT ipad, opad INTO k FROM parlance.context_key;
            IF NOT FOUND OR encode(sha256(k.opad || sha256(k.ipad || convert_to(body, 'UTF8'))), 'hex')
                <> substr(raw, 1, 64) THEN
              RAISE EXCEPTION 'parlance: the request context does not verify';
            END IF;
            payload := body::jsonb;
            IF (payload ->> 'pid')::integer <> pg_backend_pid() THEN
              RAISE EXCEPTION 'parlance: the request context belongs to another session';
            END IF;
            IF (payload ->> 'exp')::bigint < (extract(epoch FROM clock_timestamp()) * 1000)::bigint THEN
              RAISE EXCEPTION 'parlance: the request context has expired';
            END IF;
            RETURN payload;
          END
          $f$""",
          """
          CREATE OR REPLACE FUNCTION parlance.acts_as(role text) RETURNS boolean
          LANGUAGE sql STABLE SECURITY DEFINER SET search_path = pg_catalog, pg_temp AS $f$
            SELECT role = '*' OR (parlance.context() -> 'roles') @> to_jsonb(role)
          $f$""",
          """
          CREATE OR REPLACE FUNCTION parlance.attr(name text) RETURNS text
          LANGUAGE plpgsql STABLE SECURITY DEFINER SET search_path = pg_catalog, pg_temp AS $f$
          DECLARE
            v text := parlance.context() -> 'attrs' ->> lower(name);
          BEGIN
            IF v IS NULL THEN
              RAISE EXCEPTION 'parlance: missing attribute %', lower(name);
            END IF;
            RETURN v;
          END
          $f$""",
          """
          CREATE OR REPLACE FUNCTION parlance.require_roles(view_name text, expected text[], considered text[])
          RETURNS boolean
          LANGUAGE plpgsql STABLE SECURITY DEFINER SET search_path = pg_catalog, pg_temp AS $f$
          DECLARE
            acting text[];
            wanted text[];
          BEGIN
            SELECT coalesce(array_agg(r ORDER BY r), '{}') INTO acting
              FROM unnest(considered) AS r WHERE parlance.acts_as(r);
            SELECT coalesce(array_agg(r ORDER BY r), '{}') INTO wanted FROM unnest(expected) AS r;
            IF acting IS DISTINCT FROM wanted THEN
              RAISE EXCEPTION 'parlance: masking view % is not the one for the request''s roles', view_name;
            END IF;
            RETURN true;
          END
          $f$""");
}
