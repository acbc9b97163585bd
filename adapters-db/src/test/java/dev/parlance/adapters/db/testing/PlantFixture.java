package dev.parlance.adapters.db.testing;

import dev.parlance.adapters.db.demo.DemoDatabase;
import dev.parlance.domain.governance.ColumnRule;
import dev.parlance.domain.governance.GovernancePolicy;
import dev.parlance.domain.governance.RowFilter;
import dev.parlance.domain.governance.UserIdentity;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Set;

/**
 * The plant database the governance tests run on: a small demo (same schema, fewer rows) plus a
 * database view {@code V_IN}, and the policy and users the tests use, as builders.
 */
public final class PlantFixture {
  private PlantFixture() {}

  public static final long SEED = 42;
  public static final double SCALE = 0.02;

  /** Every demo table but the legacy code table, which the policy keeps out. */
  public static final Set<String> ALLOWED =
      Set.of(
          "TB_RG", "TB_BU", "TB_AS", "TB_IN", "TB_SY", "TB_EC", "TB_MF", "TB_EQ", "TB_EL", "TB_WC",
          "TB_CT", "TB_EMP", "TB_MR", "TB_TL", "TB_MP", "TB_MPI", "TB_MO", "TB_OP", "TB_TS",
          "TB_MT", "TB_RS", "TB_IS", "TB_RC", "TB_FL", "TB_MS");

  /** A small plant database in {@code dir}, with a view over the installations. */
  public static Path sqlite(Path dir) throws SQLException {
    Path file = dir.resolve("plant.sqlite");
    DemoDatabase.generate(file, SEED, SCALE);
    try (Connection c = DriverManager.getConnection("jdbc:sqlite:" + file);
        Statement st = c.createStatement()) {
      st.execute("CREATE VIEW V_IN AS SELECT * FROM TB_IN");
    }
    return file;
  }

  /**
   * Copies the plant database into PostgreSQL database {@code plant}, adds the view and a sequence,
   * and creates the read-only role Parlance connects as (docs/design/governance.md lists these
   * grants).
   */
  public static void loadInto(PostgresServer server, Path sqlite) throws SQLException {
    try (Connection admin = server.superuser("postgres");
        Statement st = admin.createStatement()) {
      st.execute("CREATE DATABASE plant");
    }
    try (Connection source = DriverManager.getConnection("jdbc:sqlite:" + sqlite);
        Connection pg = server.superuser("plant")) {
      pg.setAutoCommit(false);
      copyTables(source, pg);
      try (Statement st = source.createStatement();
          ResultSet rs =
              st.executeQuery(
                  "SELECT sql FROM sqlite_master WHERE type = 'index' AND sql IS NOT NULL");
          Statement ddl = pg.createStatement()) {
        while (rs.next()) {
          ddl.execute(rs.getString(1));
        }
      }
      try (Statement st = pg.createStatement()) {
        st.execute("CREATE VIEW V_IN AS SELECT * FROM TB_IN");
        st.execute("CREATE SEQUENCE seq_orders");
        st.execute("CREATE ROLE parlance_reader LOGIN PASSWORD 'reader-secret'");
        st.execute("REVOKE ALL ON DATABASE plant FROM PUBLIC");
        st.execute("REVOKE CREATE ON SCHEMA public FROM PUBLIC");
        st.execute("GRANT CONNECT ON DATABASE plant TO parlance_reader");
        st.execute("GRANT USAGE ON SCHEMA public TO parlance_reader");
        st.execute("GRANT SELECT ON ALL TABLES IN SCHEMA public TO parlance_reader");
        st.execute("ALTER ROLE parlance_reader SET default_transaction_read_only = on");
        st.execute("ANALYZE");
      }
      pg.commit();
    }
  }

  /**
   * The plant's tables (as SQLite declares them) and their rows into {@code pg}, in its current
   * transaction; indexes, views and roles are the caller's.
   */
  public static void copyTables(Connection source, Connection pg) throws SQLException {
    List<String[]> tables = new ArrayList<>();
    try (Statement st = source.createStatement();
        ResultSet rs =
            st.executeQuery(
                "SELECT name, sql FROM sqlite_master WHERE type = 'table'"
                    + " AND name NOT LIKE 'sqlite%' ORDER BY rowid")) {
      while (rs.next()) {
        tables.add(new String[] {rs.getString(1), rs.getString(2)});
      }
    }
    try (Statement ddl = pg.createStatement()) {
      for (String[] t : tables) {
        ddl.execute(t[1]);
      }
    }
    for (String[] t : tables) {
      copy(source, pg, t[0]);
    }
  }

  private static void copy(Connection source, Connection pg, String table) throws SQLException {
    try (Statement st = source.createStatement();
        ResultSet rs = st.executeQuery("SELECT * FROM " + table)) {
      int n = rs.getMetaData().getColumnCount();
      try (PreparedStatement insert =
          pg.prepareStatement("INSERT INTO " + table + " VALUES (" + "?,".repeat(n - 1) + "?)")) {
        int pending = 0;
        while (rs.next()) {
          for (int i = 1; i <= n; i++) {
            Object v = rs.getObject(i);
            insert.setObject(i, v instanceof Integer x ? Long.valueOf(x) : v);
          }
          insert.addBatch();
          if (++pending == 1000) {
            insert.executeBatch();
            pending = 0;
          }
        }
        if (pending > 0) {
          insert.executeBatch();
        }
      }
    }
  }

  /**
   * The tests' policy, the demo's in shape: the allowed tables, 100 rows, 5 s; {@code regional}
   * users see their region only, every table that reaches installations through foreign keys
   * included; {@code contractor} users their own company's staff and the work they appear in, with
   * names and e-mails masked and phone and pay hidden.
   */
  public static GovernancePolicy policy(String source) {
    return GovernancePolicy.defaults(source)
        .withAllowedTables(ALLOWED)
        .withRowCap(100)
        .withTimeout(Duration.ofSeconds(5))
        .withRowFilter(
            new RowFilter("regional", "TB_IN", "IN_RG_CD = :user.region").followingForeignKeys())
        .withRowFilter(
            new RowFilter("contractor", "TB_EMP", "EMP_CT_ID = :user.contractor")
                .followingForeignKeys())
        .withColumnRule(ColumnRule.mask("contractor", "TB_EMP", "EMP_NM"))
        .withColumnRule(ColumnRule.mask("contractor", "TB_EMP", "EMP_EMAIL"))
        .withColumnRule(ColumnRule.hide("contractor", "TB_EMP", "EMP_PH"))
        .withColumnRule(ColumnRule.hide("contractor", "TB_EMP", "EMP_HR_RT"))
        // Published: a source without a published policy is closed to analysts.
        .published(1, "parlance", java.time.Instant.EPOCH);
  }

  public static UserIdentity regional(String region) {
    return UserIdentity.of("rita", "regional").withAttribute("region", region);
  }

  public static UserIdentity contractor(int company) {
    return UserIdentity.of("carl", "contractor")
        .withAttribute("contractor", String.valueOf(company));
  }

  public static UserIdentity analyst() {
    return UserIdentity.of("ana", "analyst");
  }
}
