package dev.parlance.adapters.db.governance;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.parlance.adapters.db.jdbc.JdbcConnections;
import dev.parlance.adapters.db.testing.PlantFixture;
import dev.parlance.adapters.db.testing.PostgresServer;
import dev.parlance.domain.governance.ExecuteQueryPort;
import dev.parlance.domain.governance.FailureKind;
import dev.parlance.domain.governance.QueryOutcome;
import dev.parlance.domain.governance.RefusalKind;
import dev.parlance.domain.source.Credentials;
import dev.parlance.domain.source.DataSource;
import java.nio.file.Files;
import java.nio.file.Path;
import java.security.MessageDigest;
import java.sql.Connection;
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

/** The governed-execution contract on a real PostgreSQL server, as a role without write grants. */
class PostgresGovernedExecutionIT extends GovernedExecutionContract {

  private static final Map<String, String> ENV =
      Map.of(
          "PLANT_USER", "parlance_reader",
          "PLANT_PASSWORD", "reader-secret",
          "WRONG_PASSWORD", "not-the-password");

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
  }

  @AfterAll
  static void stop() throws SQLException {
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
            "SELECT count(*) FROM tb_mo a, tb_mo b, tb_mo c");
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
            "SELECT * FROM tb_mo WHERE mo_id = 3");
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
}
