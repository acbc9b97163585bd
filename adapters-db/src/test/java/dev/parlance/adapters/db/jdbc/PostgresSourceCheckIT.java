package dev.parlance.adapters.db.jdbc;

import static org.assertj.core.api.Assertions.assertThat;

import dev.parlance.adapters.db.testing.PostgresServer;
import dev.parlance.domain.source.Credentials;
import dev.parlance.domain.source.DataSource;
import dev.parlance.domain.source.SourceCheck;
import dev.parlance.domain.source.SourceCheck.Problem;
import java.util.Map;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

/**
 * Source checks against a real PostgreSQL (the run's shared server, with a database and roles of
 * this test's own): what a user sees for each way a source fails.
 */
class PostgresSourceCheckIT {

  private static final String SUFFIX = "_" + java.util.UUID.randomUUID().toString().substring(0, 8);
  private static final String CHECKED = "checked" + SUFFIX;
  private static final String READER = "reader" + SUFFIX;
  private static final String STRANGER = "stranger" + SUFFIX;

  private static PostgresServer server;

  @BeforeAll
  static void start() throws Exception {
    server = PostgresServer.shared();
    try (var c = server.superuser("postgres");
        var s = c.createStatement()) {
      s.execute("CREATE DATABASE " + CHECKED);
      s.execute("CREATE ROLE " + READER + " LOGIN PASSWORD 'reader-pw'");
      s.execute("CREATE ROLE " + STRANGER + " LOGIN PASSWORD 'stranger-pw'");
      s.execute("REVOKE CONNECT ON DATABASE " + CHECKED + " FROM PUBLIC");
      s.execute("GRANT CONNECT ON DATABASE " + CHECKED + " TO " + READER);
    }
    try (var c = server.superuser(CHECKED);
        var s = c.createStatement()) {
      s.execute("CREATE TABLE installation (code text)");
      s.execute("GRANT SELECT ON installation TO " + READER);
    }
  }

  private static SourceCheck check(String database, String user, String password) {
    JdbcConnections connections = new JdbcConnections(Map.of("U", user, "P", password)::get);
    return Catalogs.check(connections)
        .check(
            DataSource.of(
                "plant", server.url(database), new Credentials.FromEnvironment("U", "P")));
  }

  private static Problem problem(SourceCheck check) {
    assertThat(check).isInstanceOf(SourceCheck.Unreachable.class);
    return ((SourceCheck.Unreachable) check).problem();
  }

  @Test
  void should_count_the_tables_a_reader_sees() {
    assertThat(check(CHECKED, READER, "reader-pw")).isEqualTo(new SourceCheck.Reachable(1));
  }

  @Test
  void should_say_authentication_failed_for_a_wrong_password() {
    assertThat(problem(check(CHECKED, READER, "wrong"))).isEqualTo(Problem.AUTHENTICATION_FAILED);
  }

  @Test
  void should_say_the_server_has_no_such_database() {
    assertThat(problem(check("nowhere", READER, "reader-pw"))).isEqualTo(Problem.UNKNOWN_DATABASE);
  }

  @Test
  void should_say_the_user_has_no_permission_to_connect() {
    assertThat(problem(check(CHECKED, STRANGER, "stranger-pw"))).isEqualTo(Problem.NO_PERMISSION);
  }
}
