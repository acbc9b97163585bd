package dev.parlance.adapters.db.jdbc;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.parlance.domain.source.Credentials;
import dev.parlance.domain.source.DataSource;
import dev.parlance.domain.source.ProtectedLocations;
import java.nio.file.Files;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.List;
import java.util.Optional;
import java.util.Properties;
import java.util.Set;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Issue 24: a source's URL is data. The old way of opening (the URL handed to the driver, the
 * read-only setting skipped when the text merely contained {@code ACCESS_MODE_DATA}) is kept here
 * as a test double, so that the attack is seen to work without the check and to fail with it.
 */
class SourceUrlGuardTest {

  @TempDir Path dir;

  private static final String SECRET = "root:x:0:0:a line only the server's files hold";

  private Path secretFile() throws Exception {
    Path file = dir.resolve("passwd");
    Files.writeString(file, SECRET + "\n");
    return file;
  }

  private static String runscript(Path file) {
    return "jdbc:h2:mem:x;ACCESS_MODE_DATA=rw;INIT=RUNSCRIPT FROM '" + file + "'";
  }

  // What JdbcConnections did before: no parsing, ACCESS_MODE_DATA found by substring.
  private static Connection openTheOldWay(String url) throws SQLException {
    String readOnly =
        url.toUpperCase(java.util.Locale.ROOT).contains("ACCESS_MODE_DATA")
            ? url
            : url + ";ACCESS_MODE_DATA=r";
    return JdbcDrivers.connect(readOnly, new Properties());
  }

  @Test
  void should_read_a_server_file_when_the_url_is_opened_the_old_way() throws Exception {
    String url = runscript(secretFile());
    assertThatThrownBy(() -> openTheOldWay(url).close())
        .isInstanceOf(SQLException.class)
        .hasMessageContaining(SECRET.substring(0, 20));
  }

  @Test
  void should_refuse_naming_init_before_the_driver_sees_the_url_when_opened_by_parlance()
      throws Exception {
    DataSource evil = DataSource.of("evil", runscript(secretFile()), Credentials.none());
    assertThatThrownBy(() -> new JdbcConnections().openReadOnly(evil))
        .isInstanceOf(DatabaseUnavailableException.class)
        .hasMessageContaining("ACCESS_MODE_DATA=rw")
        .hasMessageNotContaining(SECRET.substring(0, 20));
    DataSource init =
        DataSource.of(
            "evil", "jdbc:h2:mem:y;INIT=RUNSCRIPT FROM '" + secretFile() + "'", Credentials.none());
    assertThatThrownBy(() -> new JdbcConnections().openReadOnly(init))
        .hasMessageContaining("INIT")
        .hasMessageNotContaining(SECRET.substring(0, 20));
    assertThatThrownBy(
            () -> new JdbcConnections().openAsAdministrator(init, Credentials.none()).close())
        .hasMessageContaining("INIT");
  }

  @Test
  void should_check_the_source_by_the_same_rule_when_it_is_tested() throws Exception {
    DataSource evil = DataSource.of("evil", runscript(secretFile()), Credentials.none());
    var check = Catalogs.check(new JdbcConnections()).check(evil);
    assertThat(check.toString())
        .doesNotContain(SECRET.substring(0, 20))
        .contains("ACCESS_MODE_DATA");
  }

  @Test
  void should_open_h2_read_only_when_the_url_names_the_setting_in_another_case() throws Exception {
    Path db = dir.resolve("plant");
    try (Connection c = DriverManager.getConnection("jdbc:h2:file:" + db);
        Statement st = c.createStatement()) {
      st.execute("CREATE TABLE t (a INT)");
    }
    for (String url : List.of("jdbc:h2:file:" + db, "jdbc:h2:file:" + db + ";access_mode_data=r")) {
      try (Connection c =
              new JdbcConnections().openReadOnly(DataSource.of("p", url, Credentials.none()));
          Statement st = c.createStatement()) {
        assertThatThrownBy(() -> st.execute("INSERT INTO t VALUES (1)"))
            .as(url)
            .isInstanceOf(SQLException.class);
      }
    }
  }

  @Test
  void should_refuse_the_metadata_store_and_the_home_when_opened_by_parlance() {
    Path home = dir.resolve("home");
    JdbcConnections guarded =
        new JdbcConnections(
            v -> null,
            new ProtectedLocations(
                List.of(home.resolve("metadata")),
                Optional.of(
                    "jdbc:h2:file:" + home.resolve("metadata/parlance") + ";AUTO_SERVER=TRUE"),
                Set.of()));
    assertThatThrownBy(
            () ->
                guarded.openReadOnly(
                    DataSource.of(
                        "audit",
                        "jdbc:h2:file:" + home.resolve("metadata/parlance"),
                        Credentials.none())))
        .isInstanceOf(DatabaseUnavailableException.class)
        .hasMessageContaining("can never be a source");
  }
}
