package dev.parlance.deploy.cli;

import static org.assertj.core.api.Assertions.assertThat;

import dev.parlance.adapters.db.testing.PostgresServer;
import java.net.ServerSocket;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.SQLException;
import java.sql.Statement;
import java.time.Duration;
import java.util.Locale;
import java.util.Map;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

/**
 * The fault-injection suite with the metadata store on a real PostgreSQL server (zonky binaries),
 * and the faults only a store server has: unreachable at start-up, stopped mid-run.
 */
class FaultInjectionPostgresIT extends FaultSuite {

  private static final Path TEMPLATE = Path.of("target/faults-pg/home").toAbsolutePath();
  private static final String USER_VARIABLE = "FAULT_STORE_USER";
  private static final String PASSWORD_VARIABLE = "FAULT_STORE_PASSWORD";

  private static PostgresServer server;

  private static String database(Path home) {
    return "store_"
        + home.getFileName().toString().toLowerCase(Locale.ROOT).replaceAll("[^a-z0-9]", "_");
  }

  private static void execute(String sql) {
    try (Connection c = server.superuser("postgres");
        Statement st = c.createStatement()) {
      st.execute(sql);
    } catch (SQLException e) {
      throw new AssertionError(sql + ": " + e.getMessage(), e);
    }
  }

  private static final StoreKind POSTGRES =
      new StoreKind() {
        @Override
        public Map<String, String> environment(Path home) {
          return Map.of(
              "PARLANCE_STORE_URL",
              server.url(database(home)),
              "PARLANCE_STORE_USER_ENV",
              USER_VARIABLE,
              "PARLANCE_STORE_PASSWORD_ENV",
              PASSWORD_VARIABLE,
              USER_VARIABLE,
              PostgresServer.SUPERUSER,
              PASSWORD_VARIABLE,
              PostgresServer.superuserPassword());
        }

        @Override
        public void copy(Path template, Path copy) {
          execute("DROP DATABASE IF EXISTS " + database(copy));
          execute("CREATE DATABASE " + database(copy) + " TEMPLATE " + database(template));
        }

        @Override
        public Connection open(Path home) throws SQLException {
          return server.superuser(database(home));
        }
      };

  @BeforeAll
  static void startTheStoreAndPrepareTheInstallation() {
    server = PostgresServer.start();
    execute("CREATE DATABASE " + database(TEMPLATE));
    new FaultInjectionPostgresIT().prepare(TEMPLATE);
  }

  @AfterAll
  static void stopTheStore() {
    if (server != null) {
      server.close();
    }
  }

  @Override
  StoreKind store() {
    return POSTGRES;
  }

  @Override
  Path template() {
    return TEMPLATE;
  }

  // A PostgreSQL store can be watched from outside: kill right after the new version commits,
  // while the publish re-indexes.
  @Override
  void killDuringPublish(Path home, Running publish, int versionsBefore) {
    if (awaitWhileRunning(
        publish,
        () ->
            count(home, "SELECT count(*) FROM curation_version WHERE source_name = 'demo'")
                > versionsBefore,
        Duration.ofMinutes(3))) {
      publish.kill();
    }
  }

  @Override
  void killWhileAuditing(Path home, Running running, long recordsBefore) {
    assertThat(
            awaitWhileRunning(
                running,
                () -> count(home, "SELECT count(*) FROM audit_record") >= recordsBefore + 200,
                Duration.ofMinutes(3)))
        .isTrue();
    running.kill();
  }

  @Test
  void should_say_so_in_one_line_when_the_store_is_unreachable_at_start_up() throws Exception {
    Path home = copy("unreachable");
    int closed;
    try (ServerSocket socket = new ServerSocket(0)) {
      closed = socket.getLocalPort();
    }

    Result r =
        run(
            home,
            Map.of("PARLANCE_STORE_URL", "jdbc:postgresql://127.0.0.1:" + closed + "/parlance"),
            "sources",
            "list");

    assertThat(r.exit()).isEqualTo(ParlanceCli.FAILED);
    assertThat(r.oneErrorLine()).as(r.err()).isTrue();
    assertThat(r.err())
        .startsWith(
            "parlance: cannot open the metadata store at jdbc:postgresql://127.0.0.1:" + closed)
        .doesNotContain(PostgresServer.superuserPassword());
    // It ended by itself (run's generous wait guards a hang); how long it took is printed.
    System.out.printf("unreachable store: the command ended after %d ms%n", r.took().toMillis());
    // Nothing was changed: the real store still opens with everything in it.
    assertThat(ok(home, "sources", "list").out()).contains("demo");
    assertServed(home);
  }

  @Test
  void should_stop_with_one_line_and_leave_the_store_whole_when_it_stops_mid_run() {
    Path home = copy("store-stops");
    long before = assertWholeAuditRecords(home);
    Running bench =
        start(
            home,
            Map.of(),
            "bench",
            "governance",
            "--source",
            "demo",
            "--lookups",
            "1",
            "--rounds",
            "1",
            "--warm-up",
            "1000000");
    assertThat(
            awaitWhileRunning(
                bench,
                () -> count(home, "SELECT count(*) FROM audit_record") >= before + 100,
                Duration.ofMinutes(3)))
        .isTrue();
    long stopped = System.nanoTime();
    server.stop();
    Result r;
    try {
      r = bench.await(Duration.ofMinutes(2));
    } finally {
      server.restart();
    }

    System.out.printf(
        "store stopped mid-run: the command ended %d ms later: %s",
        (System.nanoTime() - stopped) / 1_000_000, r.err());
    assertThat(r.exit()).isEqualTo(ParlanceCli.FAILED);
    assertThat(r.oneErrorLine()).as(r.err()).isTrue();
    assertThat(r.err())
        .contains("metadata store")
        .doesNotContain(PostgresServer.superuserPassword());
    assertThat(assertWholeAuditRecords(home)).isGreaterThan(before);
    assertServed(home);
  }
}
