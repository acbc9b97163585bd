package dev.parlance.adapters.db.jdbc;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.parlance.domain.catalog.Column;
import dev.parlance.domain.catalog.ForeignKey;
import dev.parlance.domain.catalog.SchemaCatalog;
import dev.parlance.domain.catalog.Table;
import dev.parlance.domain.catalog.TableKind;
import dev.parlance.domain.source.Credentials;
import dev.parlance.domain.source.DataSource;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.SQLException;
import java.sql.Statement;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class JdbcCatalogAdapterTest {

  private static final String[] PLANT = {
    "CREATE TABLE TB_IN (IN_ID INTEGER PRIMARY KEY, IN_NM VARCHAR(40) NOT NULL)",
    "CREATE TABLE TB_EQ (EQ_ID INTEGER PRIMARY KEY, EQ_IN_ID INTEGER NOT NULL REFERENCES"
        + " TB_IN(IN_ID), EQ_TP CHAR(2))",
    "CREATE TABLE TB_MO (MO_ID INTEGER PRIMARY KEY, MO_EQ_ID INTEGER REFERENCES TB_EQ(EQ_ID),"
        + " MO_ST INTEGER, MO_TX VARCHAR(200))",
    "CREATE VIEW V_OPEN AS SELECT MO_ID, MO_TX FROM TB_MO WHERE MO_ST = 1",
    "INSERT INTO TB_IN VALUES (1, 'Rotterdam'), (2, 'Antwerp'), (3, 'Rotterdam North')",
    "INSERT INTO TB_EQ VALUES (10, 1, 'PU'), (11, 2, 'PU'), (12, 2, 'VA')",
    "INSERT INTO TB_MO VALUES (100, 10, 1, 'replace seal'), (101, 11, 2, 'inspect')"
  };

  private final JdbcConnections connections = new JdbcConnections(name -> null);

  private static void create(String url) throws SQLException {
    try (Connection c = DriverManager.getConnection(url);
        Statement s = c.createStatement()) {
      for (String sql : PLANT) {
        s.execute(sql);
      }
    }
  }

  private static void assertPlant(SchemaCatalog catalog) {
    assertThat(catalog.tables())
        .extracting(t -> t.name().toUpperCase(java.util.Locale.ROOT))
        .containsExactlyInAnyOrder("TB_IN", "TB_EQ", "TB_MO", "V_OPEN");
    Table equipment = catalog.table("tb_eq").orElseThrow();
    assertThat(equipment.primaryKey()).extracting(String::toUpperCase).containsExactly("EQ_ID");
    assertThat(equipment.foreignKeys()).hasSize(1);
    ForeignKey fk = equipment.foreignKeys().getFirst();
    assertThat(fk.referencedTable()).isEqualToIgnoringCase("TB_IN");
    assertThat(fk.columns()).extracting(String::toUpperCase).containsExactly("EQ_IN_ID");
    assertThat(fk.referencedColumns()).extracting(String::toUpperCase).containsExactly("IN_ID");
    assertThat(equipment.column("EQ_IN_ID").orElseThrow().nullable()).isFalse();
    Column name = catalog.table("TB_IN").orElseThrow().column("in_nm").orElseThrow();
    assertThat(name.sampleValues())
        .hasSize(2)
        .isSubsetOf("Rotterdam", "Antwerp", "Rotterdam North");
    assertThat(name.distinctCount()).hasValue(3);
    assertThat(catalog.table("V_OPEN").orElseThrow().kind()).isEqualTo(TableKind.VIEW);
  }

  @Test
  void should_read_tables_views_keys_and_samples_when_the_database_is_sqlite(@TempDir Path dir)
      throws SQLException {
    Path file = dir.resolve("plant.db");
    create("jdbc:sqlite:" + file);

    SchemaCatalog catalog =
        Catalogs.jdbc(connections, 2)
            .read(DataSource.of("plant", "jdbc:sqlite:" + file, Credentials.none()));

    assertThat(catalog.source()).isEqualTo("plant");
    assertPlant(catalog);
  }

  @Test
  void should_read_tables_views_keys_and_samples_when_the_database_is_h2(@TempDir Path dir)
      throws SQLException {
    String url = "jdbc:h2:file:" + dir.resolve("plant");
    create(url);

    SchemaCatalog catalog =
        Catalogs.jdbc(connections, 2).read(DataSource.of("plant", url, Credentials.none()));

    assertPlant(catalog);
  }

  @Test
  void should_say_which_file_is_missing_when_the_sqlite_database_does_not_exist(@TempDir Path dir) {
    DataSource ghost =
        DataSource.of("ghost", "jdbc:sqlite:" + dir.resolve("none.db"), Credentials.none());

    assertThatThrownBy(() -> Catalogs.jdbc(connections, 2).read(ghost))
        .isInstanceOf(DatabaseUnavailableException.class)
        .hasMessageContaining("ghost")
        .hasMessageContaining("none.db");
  }

  @Test
  void should_keep_its_one_line_message_when_the_database_is_not_a_database(@TempDir Path dir)
      throws Exception {
    Path junk = dir.resolve("junk.db");
    java.nio.file.Files.writeString(junk, "this is not a database file at all");

    assertThatThrownBy(
            () ->
                Catalogs.jdbc(connections, 2)
                    .read(DataSource.of("junk", "jdbc:sqlite:" + junk, Credentials.none())))
        .isInstanceOf(DatabaseUnavailableException.class)
        .hasMessageContaining("junk")
        .satisfies(e -> assertThat(e.getMessage()).doesNotContain("\n"));
  }
}
