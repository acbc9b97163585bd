package dev.parlance.adapters.db.demo;

import static org.assertj.core.api.Assertions.assertThat;

import dev.parlance.adapters.db.jdbc.Catalogs;
import dev.parlance.adapters.db.jdbc.JdbcConnections;
import dev.parlance.domain.catalog.SchemaCatalog;
import dev.parlance.domain.catalog.Table;
import java.nio.file.Files;
import java.nio.file.Path;
import java.security.MessageDigest;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.ResultSet;
import java.sql.Statement;
import java.util.HexFormat;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class DemoDatabaseTest {

  @TempDir static Path dir;
  static Path full;
  static long generationMs;

  @BeforeAll
  static void generateTheFullDemo() {
    long start = System.nanoTime();
    full = DemoDatabase.ensure(dir);
    generationMs = (System.nanoTime() - start) / 1_000_000;
  }

  @Test
  void should_be_generated_when_first_started() {
    System.out.printf("DemoDatabaseTest: the full demo generated in %d ms%n", generationMs);
    assertThat(full).isRegularFile();
  }

  @Test
  void should_have_enough_tables_columns_and_keys_to_need_curation_when_read_as_a_catalog() {
    SchemaCatalog catalog = Catalogs.jdbc(new JdbcConnections(), 0).read(DemoDatabase.source(full));
    assertThat(catalog.tables()).hasSizeGreaterThanOrEqualTo(20);
    assertThat(catalog.columnCount()).isGreaterThanOrEqualTo(250);
    Table orders = catalog.table("TB_MO").orElseThrow();
    assertThat(orders.foreignKeys()).anyMatch(fk -> fk.referencedTable().equals("TB_EQ"));
    assertThat(catalog.table("TB_EQ").orElseThrow().foreignKeys())
        .anyMatch(fk -> fk.referencedTable().equals("TB_SY"));
    assertThat(catalog.table("TB_SY").orElseThrow().foreignKeys())
        .anyMatch(fk -> fk.referencedTable().equals("TB_IN"));
  }

  @Test
  void should_hold_over_100000_rows_over_several_years_when_generated_at_full_scale()
      throws Exception {
    try (Connection c = DriverManager.getConnection("jdbc:sqlite:" + full);
        Statement st = c.createStatement()) {
      long rows = 0;
      try (ResultSet tables =
          st.executeQuery("SELECT name FROM sqlite_master WHERE type = 'table'")) {
        java.util.List<String> names = new java.util.ArrayList<>();
        while (tables.next()) {
          names.add(tables.getString(1));
        }
        for (String t : names) {
          try (Statement count = c.createStatement();
              ResultSet rs = count.executeQuery("SELECT COUNT(*) FROM " + t)) {
            rows += rs.getLong(1);
          }
        }
      }
      assertThat(rows).isGreaterThan(100_000);
      try (ResultSet rs =
          st.executeQuery(
              "SELECT COUNT(DISTINCT substr(MO_DT_CRE, 1, 4)), MIN(MO_ST), MAX(MO_ST) FROM TB_MO")) {
        assertThat(rs.getInt(1)).isGreaterThanOrEqualTo(5);
        assertThat(rs.getInt(2)).isEqualTo(1);
        assertThat(rs.getInt(3)).isEqualTo(6);
      }
    }
  }

  @Test
  void should_generate_the_same_content_when_given_the_same_seed() throws Exception {
    Path a = dir.resolve("a.sqlite");
    Path b = dir.resolve("b.sqlite");
    DemoDatabase.generate(a, 7, 0.05);
    DemoDatabase.generate(b, 7, 0.05);
    assertThat(dump(a)).isEqualTo(dump(b));
    Path c = dir.resolve("c.sqlite");
    DemoDatabase.generate(c, 8, 0.05);
    assertThat(dump(c)).isNotEqualTo(dump(a));
  }

  private static String dump(Path file) throws Exception {
    MessageDigest md = MessageDigest.getInstance("SHA-256");
    try (Connection c = DriverManager.getConnection("jdbc:sqlite:" + file);
        Statement st = c.createStatement();
        ResultSet rs = st.executeQuery("SELECT * FROM TB_MO ORDER BY MO_ID")) {
      int n = rs.getMetaData().getColumnCount();
      while (rs.next()) {
        for (int i = 1; i <= n; i++) {
          md.update(String.valueOf(rs.getObject(i)).getBytes());
        }
      }
    }
    assertThat(Files.size(file)).isPositive();
    return HexFormat.of().formatHex(md.digest());
  }
}
