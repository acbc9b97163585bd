package dev.parlance.adapters.db.governance;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.parlance.adapters.db.jdbc.JdbcConnections;
import dev.parlance.adapters.db.testing.PlantFixture;
import dev.parlance.adapters.db.testing.PostgresServer;
import dev.parlance.domain.governance.ExecuteQueryPort;
import dev.parlance.domain.governance.FailureKind;
import dev.parlance.domain.governance.GovernancePolicy;
import dev.parlance.domain.governance.QueryOutcome;
import dev.parlance.domain.governance.RefusalKind;
import dev.parlance.domain.governance.UserIdentity;
import dev.parlance.domain.source.Credentials;
import dev.parlance.domain.source.DataSource;
import java.nio.file.Files;
import java.nio.file.Path;
import java.security.MessageDigest;
import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.ArrayList;
import java.util.HexFormat;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.stream.Stream;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The governed-execution contract on a real PostgreSQL server, as a role without write grants, with
 * the policy provisioned by {@code policy apply}: row-level security, masking views and the signed
 * request context; and the attacks on that context, run below the parser.
 */
class PostgresGovernedExecutionIT extends GovernedExecutionContract {

  private static final Map<String, String> ENV =
      Map.of(
          "PLANT_USER", "parlance_reader",
          "PLANT_PASSWORD", "reader-secret",
          "WRONG_PASSWORD", "not-the-password",
          "PG_ADMIN_USER", PostgresServer.SUPERUSER,
          "PG_ADMIN_PASSWORD", PostgresServer.superuserPassword());

  static final Credentials ADMIN =
      new Credentials.FromEnvironment("PG_ADMIN_USER", "PG_ADMIN_PASSWORD");

  @TempDir static Path dir;
  static PostgresServer server;
  static DataSource source;
  static QueryExecution executor;
  static Connection admin;

  @BeforeAll
  static void startPostgresWithThePlant() throws Exception {
    server = PostgresServer.start();
    PlantFixture.loadInto(server, PlantFixture.sqlite(dir));
    source =
        DataSource.of(
            "plant-pg",
            server.url("plant"),
            new Credentials.FromEnvironment("PLANT_USER", "PLANT_PASSWORD"));
    executor = Governance.jdbc(new JdbcConnections(ENV::get));
    admin = server.superuser("plant");
    provisioned =
        Governance.provisioning(new JdbcConnections(ENV::get)).provision(source, pgPolicy(), ADMIN);
  }

  static dev.parlance.domain.governance.Provisioning provisioned;

  @AfterAll
  static void stop() throws SQLException {
    for (Connection c : VISIBLE.values()) {
      c.close();
    }
    if (executor != null) {
      executor.close();
    }
    if (admin != null) {
      admin.close();
    }
    if (server != null) {
      server.close();
    }
  }

  // The plant's schema only: the leak corpus's oracle copies live in schemas of their own.
  static GovernancePolicy pgPolicy() {
    return PlantFixture.policy("plant-pg").withAllowedSchemas(java.util.Set.of("public"));
  }

  @Override
  protected GovernancePolicy policy() {
    return pgPolicy();
  }

  @Override
  protected ExecuteQueryPort executor() {
    return executor;
  }

  @Override
  protected DataSource source() {
    return source;
  }

  @Override
  protected JdbcConnections connections() {
    return new JdbcConnections(ENV::get);
  }

  @Override
  protected String bigText(int thousands) {
    return "repeat('x', " + thousands * 1000 + ")";
  }

  @Override
  protected String tableName(String name) {
    return name.toLowerCase(Locale.ROOT);
  }

  @Override
  protected String checksum() throws Exception {
    MessageDigest md = MessageDigest.getInstance("SHA-256");
    try (Statement st = admin.createStatement()) {
      List<String> tables = new ArrayList<>();
      try (ResultSet rs =
          st.executeQuery(
              "SELECT tablename FROM pg_tables WHERE schemaname = 'public' ORDER BY tablename")) {
        while (rs.next()) {
          tables.add(rs.getString(1));
        }
      }
      List<String> queries = new ArrayList<>();
      for (String t : tables) {
        queries.add(
            "SELECT md5(coalesce(string_agg(t::text, '|' ORDER BY t::text), '')) FROM public.\""
                + t
                + "\" t");
      }
      queries.add(
          "SELECT string_agg(n.nspname || '.' || c.relname || ':' || c.relkind::text, ','"
              + " ORDER BY n.nspname, c.relname) FROM pg_class c JOIN pg_namespace n"
              + " ON n.oid = c.relnamespace WHERE n.nspname NOT IN ('pg_catalog', 'pg_toast')");
      queries.add(
          "SELECT string_agg(rolname || rolsuper::text || rolcanlogin::text, ','"
              + " ORDER BY rolname) FROM pg_roles");
      queries.add("SELECT string_agg(datname, ',' ORDER BY datname) FROM pg_database");
      queries.add("SELECT count(*)::text FROM pg_largeobject_metadata");
      queries.add("SELECT last_value::text || is_called::text FROM seq_orders");
      queries.add("SELECT count(*)::text FROM pg_proc");
      queries.add("SELECT coalesce(string_agg(extname, ','), '') FROM pg_extension");
      for (String q : queries) {
        try (ResultSet rs = st.executeQuery(q)) {
          rs.next();
          md.update(String.valueOf(rs.getString(1)).getBytes());
        }
      }
    }
    try (Stream<Path> tmp = Files.list(Path.of("/tmp"))) {
      tmp.filter(f -> f.getFileName().toString().startsWith("parlance-hostile"))
          .sorted()
          .forEach(f -> md.update(f.toString().getBytes()));
    }
    return HexFormat.of().formatHex(md.digest());
  }

  private static final Map<String, Connection> VISIBLE = new java.util.HashMap<>();

  @Override
  protected Connection visibleCopy(UserIdentity user) throws Exception {
    String key = user.name() + user.roles() + user.attributes();
    Connection cached = VISIBLE.get(key);
    if (cached != null) {
      return cached;
    }
    String schema = "visible_" + VISIBLE.size();
    List<VisibleCopy.TableCopy> plan =
        VisibleCopy.plan(admin, "public", policy(), user, t -> "public.\"" + t + "\"");
    try (Statement st = admin.createStatement()) {
      st.execute("CREATE SCHEMA " + schema);
      for (VisibleCopy.TableCopy t : plan) {
        st.execute("CREATE TABLE " + schema + ".\"" + t.table() + "\" AS " + t.select());
      }
      st.execute("CREATE VIEW " + schema + ".v_in AS SELECT * FROM " + schema + ".tb_in");
    }
    Connection c = server.superuser("plant");
    try (Statement st = c.createStatement()) {
      st.execute("SET search_path = " + schema);
    }
    VISIBLE.put(key, c);
    return c;
  }

  @Override
  protected List<String> rawValues(String sql) throws Exception {
    List<String> out = new ArrayList<>();
    try (Statement st = admin.createStatement();
        ResultSet rs = st.executeQuery(sql)) {
      while (rs.next()) {
        out.add(rs.getString(1));
      }
    }
    return out;
  }

  @Override
  protected long rawCount(String sql) throws Exception {
    try (Statement st = admin.createStatement();
        ResultSet rs = st.executeQuery(sql)) {
      rs.next();
      return rs.getLong(1);
    }
  }

  @Test
  void should_fail_to_write_when_connected_as_the_reader_role_even_without_governance()
      throws Exception {
    try (Connection c = new JdbcConnections(ENV::get).openReadOnly(source);
        Statement st = c.createStatement()) {
      assertThatThrownBy(() -> st.executeUpdate("DELETE FROM tb_rg"))
          .isInstanceOf(SQLException.class);
    }
    try (Connection c = new JdbcConnections(ENV::get).openReadOnly(source)) {
      c.setReadOnly(false);
      c.setAutoCommit(true);
      try (Statement st = c.createStatement()) {
        // default_transaction_read_only is set on the role, and it has no write grants.
        assertThatThrownBy(() -> st.executeUpdate("DELETE FROM tb_rg"))
            .isInstanceOf(SQLException.class);
        st.execute("SET default_transaction_read_only = off");
        assertThatThrownBy(() -> st.executeUpdate("DELETE FROM tb_rg"))
            .isInstanceOf(SQLException.class)
            .hasMessageContaining("permission denied");
      }
    }
    assertThat(rawCount("SELECT count(*) FROM tb_rg")).isPositive();
  }

  @Test
  void should_refuse_before_running_when_the_estimated_cost_exceeds_the_ceiling() {
    QueryOutcome expensive =
        executor.execute(
            source,
            policy().withCostCeiling(10_000),
            PlantFixture.analyst(),
            // tables no row filter binds: the estimate is the join's, not row-level security's
            "SELECT count(*) FROM tb_mt a, tb_mt b, tb_mt c, tb_mt d, tb_mt e");
    assertThat(expensive).as("%s", expensive).isInstanceOf(QueryOutcome.Refused.class);
    QueryOutcome.Refused refused = (QueryOutcome.Refused) expensive;
    assertThat(refused.refusal().kind()).isEqualTo(RefusalKind.COST_CEILING);
    assertThat(refused.refusal().reason()).contains("ceiling");
    assertThat(refused.sqlRun()).isPresent();

    QueryOutcome cheap =
        executor.execute(
            source,
            policy().withCostCeiling(10_000),
            PlantFixture.analyst(),
            "SELECT * FROM tb_mt WHERE mt_id = 3");
    assertThat(cheap).isInstanceOf(QueryOutcome.Ran.class);
  }

  @Test
  void should_fail_with_one_clear_line_when_the_credentials_are_wrong() {
    DataSource wrong =
        DataSource.of(
            "wrong",
            server.url("plant"),
            new Credentials.FromEnvironment("PLANT_USER", "WRONG_PASSWORD"));
    QueryOutcome outcome = executor.execute(wrong, policy(), PlantFixture.analyst(), "SELECT 1");
    assertThat(outcome).isInstanceOf(QueryOutcome.Failed.class);
    QueryOutcome.Failed failed = (QueryOutcome.Failed) outcome;
    assertThat(failed.kind()).isEqualTo(FailureKind.UNAVAILABLE);
    assertThat(failed.message())
        .contains("password authentication failed")
        .doesNotContain("\n")
        .doesNotContain("not-the-password");
  }

  @Test
  void should_fail_with_one_clear_line_when_the_server_is_unreachable() throws Exception {
    int closed;
    try (java.net.ServerSocket s = new java.net.ServerSocket(0)) {
      closed = s.getLocalPort();
    }
    DataSource away =
        DataSource.of(
            "away",
            "jdbc:postgresql://127.0.0.1:" + closed + "/plant?connectTimeout=2",
            new Credentials.FromEnvironment("PLANT_USER", "PLANT_PASSWORD"));
    QueryOutcome outcome = executor.execute(away, policy(), PlantFixture.analyst(), "SELECT 1");
    assertThat(outcome).isInstanceOf(QueryOutcome.Failed.class);
    QueryOutcome.Failed failed = (QueryOutcome.Failed) outcome;
    assertThat(failed.kind()).isEqualTo(FailureKind.UNAVAILABLE);
    assertThat(failed.message()).contains("cannot connect to source away").doesNotContain("\n");
  }

  @Test
  void should_name_the_missing_variable_when_a_credential_is_not_set() {
    DataSource unset =
        DataSource.of(
            "unset",
            server.url("plant"),
            new Credentials.FromEnvironment("PLANT_USER", "NO_SUCH_VARIABLE"));
    QueryOutcome outcome = executor.execute(unset, policy(), PlantFixture.analyst(), "SELECT 1");
    assertThat(outcome).isInstanceOf(QueryOutcome.Failed.class);
    assertThat(((QueryOutcome.Failed) outcome).message())
        .contains("environment variable NO_SUCH_VARIABLE is not set");
  }

  @Test
  void should_apply_the_row_filter_when_the_table_is_reached_laterally_or_schema_qualified()
      throws Exception {
    long expected = rawCount("SELECT count(*) FROM tb_in WHERE in_rg_cd = 'SE'");
    for (String sql :
        List.of(
            "SELECT count(*) FROM public.tb_in",
            "SELECT count(*) FROM public.\"tb_in\" x",
            "SELECT count(*) FROM tb_rg r, LATERAL (SELECT * FROM tb_in i WHERE i.in_rg_cd = r.rg_cd) l",
            "SELECT count(*) FROM tb_rg r CROSS JOIN LATERAL (SELECT * FROM tb_in) l WHERE r.rg_cd = 'SE'")) {
      QueryOutcome outcome = run(PlantFixture.regional("SE"), sql);
      assertThat(outcome).as("%s -> %s", sql, outcome).isInstanceOf(QueryOutcome.Ran.class);
      assertThat(((Number) ((QueryOutcome.Ran) outcome).result().rows().get(0).get(0)).longValue())
          .as(sql)
          .isEqualTo(expected);
    }
  }

  // ---- the engine on its own: Parlance's session set-up, then SQL no parser has seen

  /** A reader connection set up as the executor sets it up for {@code user}, transaction open. */
  private static Connection asParlance(UserIdentity user, int pidOffset, long validMillis)
      throws SQLException {
    Connection c = new JdbcConnections(ENV::get).openReadOnly(source);
    c.setAutoCommit(false);
    int pid = c.unwrap(org.postgresql.PGConnection.class).getBackendPID() + pidOffset;
    try (PreparedStatement st =
        c.prepareStatement(
            "SELECT set_config('parlance.context', ?, true), set_config('role', 'parlance_query', true)")) {
      st.setString(
          1,
          PostgresGovernance.context(
              user, pid, validMillis, PostgresGovernance.key("reader-secret")));
      st.executeQuery().close();
    }
    return c;
  }

  private static Connection asParlance(UserIdentity user) throws SQLException {
    return asParlance(user, 0, 60_000);
  }

  private static long count(Connection c, String sql) throws SQLException {
    try (Statement st = c.createStatement();
        ResultSet rs = st.executeQuery(sql)) {
      rs.next();
      return rs.getLong(1);
    }
  }

  @Test
  void should_filter_rows_by_the_signed_context_when_no_parser_is_involved() throws Exception {
    long se = rawCount("SELECT count(*) FROM tb_in WHERE in_rg_cd = 'SE'");
    try (Connection c = asParlance(PlantFixture.regional("SE"))) {
      assertThat(count(c, "SELECT count(*) FROM tb_in")).isEqualTo(se);
      assertThat(count(c, "SELECT count(*) FROM public.tb_in WHERE 1 IN (SELECT 1)")).isEqualTo(se);
    }
    try (Connection c = asParlance(PlantFixture.analyst())) {
      assertThat(count(c, "SELECT count(*) FROM tb_in"))
          .isEqualTo(rawCount("SELECT count(*) FROM tb_in"));
    }
  }

  @Test
  void should_never_return_another_regions_rows_when_a_statement_rewrites_its_context()
      throws Exception {
    long se = rawCount("SELECT sum(in_id) FROM tb_in WHERE in_rg_cd = 'SE'");
    String other;
    try (Statement st = admin.createStatement();
        ResultSet rs =
            st.executeQuery(
                "SELECT in_rg_cd FROM tb_in WHERE in_rg_cd <> 'SE' ORDER BY in_rg_cd LIMIT 1")) {
      assertThat(rs.next()).isTrue();
      other = rs.getString(1);
    }
    assertThat(rawCount("SELECT sum(in_id) FROM tb_in WHERE in_rg_cd = '" + other + "'"))
        .isNotEqualTo(se);
    String forge =
        "set_config('parlance.context', replace(current_setting('parlance.context'),"
            + " '\"SE\"', '\""
            + other
            + "\"'), true)";
    // the setting changed by an earlier statement of the same transaction
    try (Connection c = asParlance(PlantFixture.regional("SE"))) {
      count(c, "SELECT length(" + forge + ")");
      assertThatThrownBy(() -> count(c, "SELECT count(*) FROM tb_in"))
          .isInstanceOf(SQLException.class)
          .hasMessageContaining("does not verify");
    }
    // ... or inside the very statement, in any order the planner picks: SE's rows or an error
    for (String sql :
        List.of(
            "WITH f AS MATERIALIZED (SELECT "
                + forge
                + " AS x) SELECT (SELECT sum(in_id) FROM tb_in) FROM f",
            "SELECT sum(in_id) FROM tb_in, (SELECT " + forge + ") f",
            "SELECT sum(in_id) FROM tb_in WHERE length(" + forge + ") > 0")) {
      try (Connection c = asParlance(PlantFixture.regional("SE"))) {
        try {
          assertThat(count(c, sql)).as(sql).isEqualTo(se);
        } catch (SQLException e) {
          assertThat(e.getMessage()).as(sql).contains("does not verify");
        }
      }
    }
  }

  @Test
  void should_read_nothing_when_a_statement_switches_back_to_the_login_role() throws Exception {
    for (String escape :
        List.of(
            "SELECT set_config('role', 'parlance_reader', true)",
            "SELECT set_config('role', 'none', true)",
            "RESET ROLE")) {
      try (Connection c = asParlance(PlantFixture.regional("SE"));
          Statement st = c.createStatement()) {
        st.execute(escape);
        assertThatThrownBy(() -> count(c, "SELECT count(*) FROM tb_in"))
            .as(escape)
            .isInstanceOf(SQLException.class)
            .hasMessageContaining("permission denied");
      }
    }
  }

  @Test
  void should_keep_the_key_and_the_raw_masked_table_from_the_query_role() throws Exception {
    for (String sql :
        List.of(
            "SELECT count(*) FROM parlance.context_key",
            "SELECT count(emp_ph) FROM tb_emp",
            "SELECT count(emp_nm) FROM tb_emp",
            "SELECT * FROM tb_emp")) {
      try (Connection c = asParlance(PlantFixture.analyst())) {
        assertThatThrownBy(() -> count(c, sql))
            .as(sql)
            .isInstanceOf(SQLException.class)
            .hasMessageContaining("permission denied");
      }
    }
    try (Connection c = asParlance(PlantFixture.analyst());
        Statement st = c.createStatement()) {
      st.execute("RESET ROLE");
      assertThatThrownBy(() -> count(c, "SELECT count(*) FROM parlance.context_key"))
          .hasMessageContaining("permission denied");
    }
  }

  @Test
  void should_refuse_a_masking_view_of_other_roles_when_a_contractor_names_it() throws Exception {
    String analysts = PostgresGovernance.viewName("public", "tb_emp", List.of());
    long company = contractorCompany();
    try (Connection c = asParlance(PlantFixture.contractor((int) company))) {
      assertThatThrownBy(
              () -> count(c, "SELECT count(emp_ph) FROM parlance_gov.\"" + analysts + "\""))
          .hasMessageContaining("is not the one for the request's roles");
    }
    try (Connection c = asParlance(PlantFixture.contractor((int) company))) {
      String own = PostgresGovernance.viewName("public", "tb_emp", List.of("contractor"));
      assertThat(count(c, "SELECT count(*) FROM parlance_gov.\"" + own + "\""))
          .isEqualTo(rawCount("SELECT count(*) FROM tb_emp WHERE emp_ct_id = " + company));
    }
  }

  @Test
  void should_refuse_a_context_of_another_session_or_one_that_expired() throws Exception {
    try (Connection c = asParlance(PlantFixture.regional("SE"), 1, 60_000)) {
      assertThatThrownBy(() -> count(c, "SELECT count(*) FROM tb_in"))
          .hasMessageContaining("another session");
    }
    try (Connection c = asParlance(PlantFixture.regional("SE"), 0, -1_000)) {
      assertThatThrownBy(() -> count(c, "SELECT count(*) FROM tb_in"))
          .hasMessageContaining("expired");
    }
  }

  @Test
  void should_let_other_roles_read_as_before_when_parlance_enabled_row_level_security()
      throws Exception {
    try (Statement st = admin.createStatement()) {
      st.execute("DROP ROLE IF EXISTS reporting");
      st.execute("CREATE ROLE reporting LOGIN PASSWORD 'reporting-secret'");
      st.execute("GRANT CONNECT ON DATABASE plant TO reporting");
      st.execute("GRANT USAGE ON SCHEMA public TO reporting");
      st.execute("GRANT SELECT ON tb_in TO reporting");
    }
    try (Connection c =
        java.sql.DriverManager.getConnection(
            server.url("plant"), "reporting", "reporting-secret")) {
      assertThat(count(c, "SELECT count(*) FROM tb_in"))
          .isEqualTo(rawCount("SELECT count(*) FROM tb_in"));
    }
  }

  @Test
  void should_change_nothing_when_the_same_policy_is_applied_twice() throws Exception {
    String before = provisioningState();
    Governance.provisioning(new JdbcConnections(ENV::get)).provision(source, pgPolicy(), ADMIN);
    assertThat(provisioningState()).isEqualTo(before);
    assertThat(provisioned.steps()).anyMatch(s -> s.startsWith("CREATE POLICY parlance_filter"));
    assertThat(provisioned.steps()).anyMatch(s -> s.contains("temp_file_limit"));
  }

  private static String provisioningState() throws Exception {
    StringBuilder sb = new StringBuilder();
    try (Statement st = admin.createStatement()) {
      for (String q :
          List.of(
              "SELECT string_agg(tablename || ':' || policyname || ':' || permissive || ':' || qual,"
                  + " ',' ORDER BY tablename, policyname) FROM pg_policies",
              "SELECT string_agg(table_name || ':' || grantee || ':' || privilege_type, ','"
                  + " ORDER BY table_name, grantee, privilege_type)"
                  + " FROM information_schema.role_table_grants WHERE grantee LIKE 'parlance%'",
              "SELECT string_agg(viewname, ',' ORDER BY viewname) FROM pg_views"
                  + " WHERE schemaname = 'parlance_gov'",
              "SELECT policy_digest FROM parlance.applied")) {
        try (ResultSet rs = st.executeQuery(q)) {
          rs.next();
          sb.append(rs.getString(1)).append('\n');
        }
      }
    }
    return sb.toString();
  }

  @Test
  void should_refuse_restricted_users_when_the_database_holds_another_policy() {
    GovernancePolicy changed =
        policy()
            .withRowFilter(
                new dev.parlance.domain.governance.RowFilter(
                    "regional", "tb_rg", "rg_cd = :user.region"));
    QueryOutcome outcome =
        executor.execute(
            source, changed, PlantFixture.regional("SE"), "SELECT count(*) FROM tb_in");
    assertThat(outcome).isInstanceOf(QueryOutcome.Refused.class);
    assertThat(((QueryOutcome.Refused) outcome).refusal().kind())
        .isEqualTo(RefusalKind.UNENFORCEABLE_POLICY);
    assertThat(((QueryOutcome.Refused) outcome).refusal().reason()).contains("policy apply");
  }

  @Test
  void should_cancel_a_statement_that_builds_huge_values_or_spills() {
    GovernancePolicy quick = policy().withTimeout(java.time.Duration.ofSeconds(2));
    for (String sql :
        List.of(
            "SELECT length(string_agg(repeat('x', 1000000), '')) FROM generate_series(1, 3000)",
            "SELECT count(*) FROM (SELECT g FROM generate_series(1, 100000000) g ORDER BY g DESC) s",
            "SELECT count(*) FROM tb_mo a, tb_mo b, tb_mo c, tb_mo d")) {
      long start = System.nanoTime();
      QueryOutcome outcome = executor.execute(source, quick, PlantFixture.analyst(), sql);
      long ms = (System.nanoTime() - start) / 1_000_000;
      System.out.printf("ended after %d ms (timeout 2000 ms): %s -> %s%n", ms, sql, outcome);
      // Cancelled by the timeout (or refused by the server's own memory limit), never run out.
      assertThat(outcome).as(sql).isInstanceOf(QueryOutcome.Failed.class);
      QueryOutcome.Failed failed = (QueryOutcome.Failed) outcome;
      assertThat(failed.kind()).as(sql).isIn(FailureKind.TIMEOUT, FailureKind.DATABASE_ERROR);
      if (failed.kind() == FailureKind.TIMEOUT) {
        assertThat(failed.message()).as(sql).contains("timeout of 2000 ms");
      }
      // The session is free afterwards.
      assertThat(executor.execute(source, quick, PlantFixture.analyst(), "SELECT 1"))
          .as("after " + sql)
          .isInstanceOf(QueryOutcome.Ran.class);
    }
  }

  private static long rawCountStatic(String sql) throws Exception {
    try (Statement st = admin.createStatement();
        ResultSet rs = st.executeQuery(sql)) {
      rs.next();
      return rs.getLong(1);
    }
  }
}
