package dev.parlance.adapters.db.governance;

import static dev.parlance.adapters.db.governance.ProvisioningSql.oneLine;
import static dev.parlance.adapters.db.governance.ProvisioningSql.q;
import static dev.parlance.adapters.db.governance.ProvisioningSql.qualified;
import static dev.parlance.adapters.db.governance.ProvisioningSql.run;

import dev.parlance.adapters.db.jdbc.DatabaseUnavailableException;
import dev.parlance.adapters.db.jdbc.JdbcConnections;
import dev.parlance.domain.catalog.ForeignKey;
import dev.parlance.domain.governance.ForeignKeyFilters;
import dev.parlance.domain.governance.GovernancePolicy;
import dev.parlance.domain.governance.ProvisionPolicyPort;
import dev.parlance.domain.governance.Provisioning;
import dev.parlance.domain.governance.ProvisioningException;
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
import java.util.LinkedHashMap;
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
        // governed execution in this process reads the new provisioning with its next statement
        SourceState.applied(source);
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
    PostgresContextFunctions.install(c, steps);

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

    PostgresRowSecurity.keyColumns(c, policy, relations, graph, masked, steps);
    PostgresRowSecurity.rowLevelSecurity(c, policy, relations, graph, steps);
    PostgresMaskingViews.maskingViews(c, policy, relations, steps);

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
                  + " role (see docs/design/governance.md)");
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
}
