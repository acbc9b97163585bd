package dev.parlance.adapters.db.governance;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.parlance.adapters.db.jdbc.JdbcConnections;
import dev.parlance.adapters.db.testing.PlantFixture;
import dev.parlance.domain.governance.ExecuteQueryPort;
import dev.parlance.domain.governance.FailureKind;
import dev.parlance.domain.governance.QueryOutcome;
import dev.parlance.domain.source.Credentials;
import dev.parlance.domain.source.DataSource;
import java.nio.file.Files;
import java.nio.file.Path;
import java.security.MessageDigest;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.ArrayList;
import java.util.HexFormat;
import java.util.List;
import java.util.stream.Stream;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class SqliteGovernedExecutionTest extends GovernedExecutionContract {

  @TempDir static Path dir;

  // the oracle's copies live apart: the checksum lists the plant's directory
  @TempDir static Path copies;
  static Path file;
  static DataSource source;
  static QueryExecution executor;

  @BeforeAll
  static void createThePlant() throws SQLException {
    file = PlantFixture.sqlite(dir);
    source = DataSource.of("plant-sqlite", "jdbc:sqlite:" + file, Credentials.none());
    executor = Governance.jdbc(new JdbcConnections());
  }

  @AfterAll
  static void closeConnections() {
    executor.close();
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
    return new JdbcConnections();
  }

  @Override
  protected String bigText(int thousands) {
    return "replace(printf('%." + thousands + "c', 'a'), 'a', printf('%.1000c', 'x'))";
  }

  @Override
  protected String tableName(String name) {
    return name;
  }

  @Override
  protected String checksum() throws Exception {
    MessageDigest md = MessageDigest.getInstance("SHA-256");
    try (Connection c = DriverManager.getConnection("jdbc:sqlite:" + file + "?open_mode=1");
        Statement st = c.createStatement()) {
      List<String> tables = new ArrayList<>();
      try (ResultSet rs =
          st.executeQuery("SELECT type, name, sql FROM sqlite_master ORDER BY type, name")) {
        while (rs.next()) {
          md.update((rs.getString(1) + rs.getString(2) + rs.getString(3)).getBytes());
          if (rs.getString(1).equals("table")) {
            tables.add(rs.getString(2));
          }
        }
      }
      for (String t : tables) {
        try (ResultSet rs = st.executeQuery("SELECT * FROM \"" + t + "\" ORDER BY rowid")) {
          int n = rs.getMetaData().getColumnCount();
          while (rs.next()) {
            for (int i = 1; i <= n; i++) {
              Object v = rs.getObject(i);
              md.update(v instanceof byte[] bytes ? bytes : String.valueOf(v).getBytes());
            }
          }
        }
      }
    }
    // Files the corpus might create (ATTACH, VACUUM INTO, writefile) would show here.
    try (Stream<Path> files = Files.list(dir)) {
      files.sorted().forEach(f -> md.update(f.getFileName().toString().getBytes()));
    }
    try (Stream<Path> tmp = Files.list(Path.of("/tmp"))) {
      tmp.filter(f -> f.getFileName().toString().startsWith("parlance-hostile"))
          .sorted()
          .forEach(f -> md.update(f.toString().getBytes()));
    }
    return HexFormat.of().formatHex(md.digest());
  }

  private static final java.util.Map<String, Connection> VISIBLE = new java.util.HashMap<>();

  @Override
  protected Connection visibleCopy(dev.parlance.domain.governance.UserIdentity user)
      throws Exception {
    String key = user.name() + user.roles() + user.attributes();
    Connection cached = VISIBLE.get(key);
    if (cached != null) {
      return cached;
    }
    Path copy = copies.resolve("visible-" + VISIBLE.size() + ".sqlite");
    List<VisibleCopy.TableCopy> plan;
    try (Connection original =
        DriverManager.getConnection("jdbc:sqlite:" + file + "?open_mode=1")) {
      plan = VisibleCopy.plan(original, null, policy(), user, t -> "orig.\"" + t + "\"");
    }
    Connection c = DriverManager.getConnection("jdbc:sqlite:" + copy);
    try (Statement st = c.createStatement()) {
      st.execute("ATTACH DATABASE '" + file + "' AS orig");
      for (VisibleCopy.TableCopy t : plan) {
        st.execute("CREATE TABLE main.\"" + t.table() + "\" AS " + t.select());
      }
      st.execute("DETACH DATABASE orig");
      st.execute("CREATE VIEW V_IN AS SELECT * FROM TB_IN");
    }
    VISIBLE.put(key, c);
    return c;
  }

  @AfterAll
  static void closeCopies() throws SQLException {
    for (Connection c : VISIBLE.values()) {
      c.close();
    }
  }

  @Override
  protected List<String> rawValues(String sql) throws Exception {
    List<String> out = new ArrayList<>();
    try (Connection c = DriverManager.getConnection("jdbc:sqlite:" + file);
        Statement st = c.createStatement();
        ResultSet rs = st.executeQuery(sql)) {
      while (rs.next()) {
        out.add(rs.getString(1));
      }
    }
    return out;
  }

  @Override
  protected long rawCount(String sql) throws Exception {
    try (Connection c = DriverManager.getConnection("jdbc:sqlite:" + file);
        Statement st = c.createStatement();
        ResultSet rs = st.executeQuery(sql)) {
      rs.next();
      return rs.getLong(1);
    }
  }

  @Test
  void should_fail_to_write_when_sqlite_is_opened_by_parlance() throws Exception {
    try (Connection c = new JdbcConnections().openReadOnly(source);
        Statement st = c.createStatement()) {
      assertThatThrownBy(() -> st.executeUpdate("DELETE FROM TB_RG"))
          .isInstanceOf(SQLException.class)
          .hasMessageContaining("readonly");
    }
  }

  @Test
  void should_fail_with_one_clear_line_when_the_database_file_is_missing() {
    DataSource gone =
        DataSource.of("gone", "jdbc:sqlite:" + dir.resolve("missing.sqlite"), Credentials.none());
    QueryOutcome outcome =
        executor.execute(gone, PlantFixture.policy("gone"), PlantFixture.analyst(), "SELECT 1");
    assertThat(outcome).isInstanceOf(QueryOutcome.Failed.class);
    QueryOutcome.Failed failed = (QueryOutcome.Failed) outcome;
    assertThat(failed.kind()).isEqualTo(FailureKind.UNAVAILABLE);
    assertThat(failed.message()).contains("no SQLite database file").doesNotContain("\n");
  }

  @Test
  void should_read_the_main_database_when_the_policy_allows_schema_main_and_refuse_it_otherwise() {
    dev.parlance.domain.governance.GovernancePolicy main =
        PlantFixture.policy(source.name()).withAllowedSchemas(java.util.Set.of("main"));
    dev.parlance.domain.governance.GovernancePolicy other =
        PlantFixture.policy(source.name()).withAllowedSchemas(java.util.Set.of("sales"));
    String sql = "SELECT count(*) FROM TB_RG";

    // SQLite's main database has no JDBC schema; to a policy (and in SQL) it is "main"
    assertThat(executor.execute(source, main, PlantFixture.analyst(), sql))
        .isInstanceOf(QueryOutcome.Ran.class);
    assertThat(executor.execute(source, main, PlantFixture.regional("SE"), sql))
        .isInstanceOf(QueryOutcome.Ran.class);
    assertThat(executor.execute(source, other, PlantFixture.analyst(), sql))
        .isInstanceOfSatisfying(
            QueryOutcome.Refused.class,
            r ->
                assertThat(r.refusal().kind())
                    .isEqualTo(dev.parlance.domain.governance.RefusalKind.FORBIDDEN_RELATION));
  }

  @Test
  void should_refuse_analysts_until_a_policy_is_published_and_run_for_admins_and_stewards() {
    dev.parlance.domain.governance.GovernancePolicy unpublished =
        dev.parlance.domain.governance.GovernancePolicy.defaults(source.name());
    String sql = "SELECT count(*) FROM TB_RG";

    QueryOutcome analyst = executor.execute(source, unpublished, PlantFixture.analyst(), sql);
    QueryOutcome admin =
        executor.execute(
            source,
            unpublished,
            dev.parlance.domain.governance.UserIdentity.of("ada", "analyst", "admin"),
            sql);
    QueryOutcome steward =
        executor.execute(
            source,
            unpublished,
            dev.parlance.domain.governance.UserIdentity.of("sam", "analyst", "steward"),
            sql);
    QueryOutcome published =
        executor.execute(
            source,
            unpublished.published(1, "ada", java.time.Instant.EPOCH),
            PlantFixture.analyst(),
            sql);

    assertThat(analyst)
        .isInstanceOfSatisfying(
            QueryOutcome.Refused.class,
            r -> {
              assertThat(r.refusal().kind())
                  .isEqualTo(dev.parlance.domain.governance.RefusalKind.NO_POLICY);
              assertThat(r.refusal().reason())
                  .contains("closed to analysts until an administrator publishes its policy")
                  .contains("parlance policy set " + source.name());
            });
    assertThat(admin).isInstanceOf(QueryOutcome.Ran.class);
    assertThat(steward).isInstanceOf(QueryOutcome.Ran.class);
    assertThat(published).isInstanceOf(QueryOutcome.Ran.class);
  }
}
