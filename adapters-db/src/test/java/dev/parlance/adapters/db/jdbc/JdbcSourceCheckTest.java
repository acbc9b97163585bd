package dev.parlance.adapters.db.jdbc;

import static org.assertj.core.api.Assertions.assertThat;

import dev.parlance.domain.source.Credentials;
import dev.parlance.domain.source.DataSource;
import dev.parlance.domain.source.SourceCheck;
import dev.parlance.domain.source.SourceCheck.Problem;
import java.nio.file.Files;
import java.nio.file.Path;
import java.sql.DriverManager;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class JdbcSourceCheckTest {

  @TempDir Path dir;

  private final JdbcConnections connections = new JdbcConnections(Map.<String, String>of()::get);

  private SourceCheck check(String url, Credentials credentials) {
    return Catalogs.check(connections).check(DataSource.of("plant", url, credentials));
  }

  @Test
  void should_count_the_tables_of_a_database_that_opens() throws Exception {
    Path db = dir.resolve("plant.sqlite");
    try (var c = DriverManager.getConnection("jdbc:sqlite:" + db);
        var s = c.createStatement()) {
      s.execute("CREATE TABLE TB_IN (IN_CD TEXT)");
      s.execute("CREATE TABLE TB_MO (MO_NR INTEGER)");
      s.execute("CREATE VIEW open_orders AS SELECT * FROM TB_MO");
    }

    assertThat(check("jdbc:sqlite:" + db, Credentials.none()))
        .isEqualTo(new SourceCheck.Reachable(3));
  }

  @Test
  void should_say_the_file_is_missing() {
    assertThat(check("jdbc:sqlite:" + dir.resolve("no/such.sqlite"), Credentials.none()))
        .isInstanceOfSatisfying(
            SourceCheck.Unreachable.class,
            u -> assertThat(u.problem()).isEqualTo(Problem.FILE_MISSING));
  }

  @Test
  void should_say_a_file_is_not_a_database() throws Exception {
    Path text = dir.resolve("notes.sqlite");
    Files.writeString(text, "these are notes, not a database\n".repeat(100));

    assertThat(check("jdbc:sqlite:" + text, Credentials.none()))
        .isInstanceOfSatisfying(
            SourceCheck.Unreachable.class,
            u -> assertThat(u.problem()).isEqualTo(Problem.NOT_A_DATABASE));
  }

  @Test
  void should_say_which_credential_variable_is_not_set() {
    assertThat(
            check(
                "jdbc:h2:mem:plant",
                new Credentials.FromEnvironment("PLANT_USER", "NOT_SET_ANYWHERE")))
        .isInstanceOfSatisfying(
            SourceCheck.Unreachable.class,
            u -> {
              assertThat(u.problem()).isEqualTo(Problem.MISSING_CREDENTIAL);
              assertThat(u.message()).contains("PLANT_USER");
            });
  }

  @Test
  void should_say_authentication_failed_when_h2_refuses_the_password() throws Exception {
    Path db = dir.resolve("secured");
    try (var c = DriverManager.getConnection("jdbc:h2:file:" + db, "owner", "right")) {
      c.createStatement().execute("CREATE TABLE t (x INT)");
    }
    JdbcConnections withWrongPassword =
        new JdbcConnections(Map.of("DB_USER", "owner", "DB_PASSWORD", "wrong")::get);

    SourceCheck check =
        Catalogs.check(withWrongPassword)
            .check(
                DataSource.of(
                    "secured",
                    "jdbc:h2:file:" + db,
                    new Credentials.FromEnvironment("DB_USER", "DB_PASSWORD")));

    assertThat(check)
        .isInstanceOfSatisfying(
            SourceCheck.Unreachable.class,
            u -> assertThat(u.problem()).isEqualTo(Problem.AUTHENTICATION_FAILED));
  }
}
