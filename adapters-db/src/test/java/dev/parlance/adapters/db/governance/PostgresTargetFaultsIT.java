package dev.parlance.adapters.db.governance;

import static org.assertj.core.api.Assertions.assertThat;

import dev.parlance.adapters.db.jdbc.JdbcConnections;
import dev.parlance.adapters.db.testing.PostgresServer;
import dev.parlance.domain.governance.FailureKind;
import dev.parlance.domain.governance.GovernancePolicy;
import dev.parlance.domain.governance.QueryOutcome;
import dev.parlance.domain.governance.UserIdentity;
import dev.parlance.domain.source.Credentials;
import dev.parlance.domain.source.DataSource;
import java.sql.Connection;
import java.sql.Statement;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

/**
 * A source's PostgreSQL server goes away while Parlance runs statements on it: shut down mid-query,
 * frozen mid-query (it keeps the connection open and answers nothing), down when a statement
 * starts. Each ends in a clear failure (a frozen server's statement while the server is still
 * frozen: the timeout ended it, nothing else could), and the connections Parlance keeps recover
 * once the server is back: the first statement after a restart runs. The times are printed, never
 * asserted; the waits below only guard against a hang.
 */
class PostgresTargetFaultsIT {

  private static final Map<String, String> ENV =
      Map.of(
          "TARGET_USER",
          PostgresServer.SUPERUSER,
          "TARGET_PASSWORD",
          PostgresServer.superuserPassword());

  // Hours of work on any machine (a three-way cross join of 6,000 rows): only a fault or the
  // timeout ends it, however fast the machine.
  private static final String SLOW = "SELECT count(*) FROM numbers a, numbers b, numbers c";

  private static PostgresServer server;
  private static QueryExecution executor;
  private static DataSource source;

  @BeforeAll
  static void start() throws Exception {
    server = PostgresServer.start();
    try (Connection c = server.superuser("postgres");
        Statement st = c.createStatement()) {
      st.execute("CREATE DATABASE target");
    }
    try (Connection c = server.superuser("target");
        Statement st = c.createStatement()) {
      st.execute("CREATE TABLE numbers AS SELECT g AS n FROM generate_series(1, 6000) g");
    }
    source =
        DataSource.of(
            "target",
            server.url("target"),
            new Credentials.FromEnvironment("TARGET_USER", "TARGET_PASSWORD"));
    executor = Governance.jdbc(new JdbcConnections(ENV::get));
  }

  @AfterEach
  void serverIsBack() throws Exception {
    server.thaw();
    if (!running()) {
      server.restart();
    }
    // A slow statement a failed test left behind would hold a pooled connection for the next.
    try (Connection c = server.superuser("postgres");
        Statement st = c.createStatement()) {
      st.execute(
          "SELECT pg_cancel_backend(pid) FROM pg_stat_activity WHERE datname = 'target'"
              + " AND state = 'active'");
    }
  }

  @AfterAll
  static void stop() {
    if (executor != null) {
      executor.close();
    }
    if (server != null) {
      server.close();
    }
  }

  private static boolean running() {
    try (Connection c = server.superuser("postgres")) {
      return true;
    } catch (java.sql.SQLException e) {
      return false;
    }
  }

  /** Waits until the slow statement runs on the server (so that a fault hits it mid-query). */
  private static void awaitSlowStatementRunning() throws Exception {
    long deadline = System.nanoTime() + TimeUnit.MINUTES.toNanos(2);
    try (Connection c = server.superuser("postgres");
        java.sql.PreparedStatement st =
            c.prepareStatement(
                "SELECT count(*) FROM pg_stat_activity WHERE datname = 'target'"
                    + " AND state = 'active' AND query LIKE '%numbers%'")) {
      while (true) {
        try (java.sql.ResultSet rs = st.executeQuery()) {
          rs.next();
          if (rs.getInt(1) > 0) {
            return;
          }
        }
        assertThat(System.nanoTime() < deadline)
            .as("the slow statement running on the server within two minutes")
            .isTrue();
        Thread.sleep(50);
      }
    }
  }

  private static GovernancePolicy policy(Duration timeout) {
    return GovernancePolicy.defaults("target").withTimeout(timeout);
  }

  private static QueryOutcome run(String sql, Duration timeout) {
    return executor.execute(source, policy(timeout), UserIdentity.of("fault-test"), sql);
  }

  /** Several statements at once, so that several connections are kept idle afterwards. */
  private static void fillThePool() {
    List<CompletableFuture<QueryOutcome>> all = new ArrayList<>();
    for (int i = 0; i < 4; i++) {
      all.add(
          CompletableFuture.supplyAsync(
              () -> run("SELECT count(*) FROM numbers WHERE n > 100", Duration.ofSeconds(10))));
    }
    all.forEach(f -> assertThat(f.join()).isInstanceOf(QueryOutcome.Ran.class));
  }

  private static void assertOneClearLine(QueryOutcome.Failed failed) {
    assertThat(failed.message()).doesNotContain("\n").doesNotContain("Exception").isNotBlank();
    assertThat(failed.message()).doesNotContain(PostgresServer.superuserPassword());
  }

  @Test
  void should_fail_clearly_and_run_the_next_statement_when_the_server_restarts_mid_query()
      throws Exception {
    fillThePool();
    CompletableFuture<QueryOutcome> slow =
        CompletableFuture.supplyAsync(() -> run(SLOW, Duration.ofMinutes(5)));
    awaitSlowStatementRunning();
    long stopped = System.nanoTime();
    server.stop();

    QueryOutcome outcome = slow.get(5, TimeUnit.MINUTES);
    long endedAfterMs = (System.nanoTime() - stopped) / 1_000_000;

    assertThat(outcome).isInstanceOf(QueryOutcome.Failed.class);
    QueryOutcome.Failed failed = (QueryOutcome.Failed) outcome;
    assertThat(failed.kind()).isEqualTo(FailureKind.UNAVAILABLE);
    assertThat(failed.message()).containsIgnoringCase("target");
    assertOneClearLine(failed);
    System.out.printf("statement ended %d ms after the server stopped%n", endedAfterMs);

    QueryOutcome whileDown = run("SELECT 1", Duration.ofSeconds(5));
    assertThat(whileDown).isInstanceOf(QueryOutcome.Failed.class);
    assertThat(((QueryOutcome.Failed) whileDown).kind()).isEqualTo(FailureKind.UNAVAILABLE);
    assertOneClearLine((QueryOutcome.Failed) whileDown);

    server.restart();
    // The connections kept from before the restart are dead; the first statement still runs.
    QueryOutcome after = run("SELECT count(*) FROM numbers", Duration.ofSeconds(10));
    assertThat(after).isInstanceOf(QueryOutcome.Ran.class);
    assertThat(((QueryOutcome.Ran) after).result().rows()).containsExactly(List.of(6000L));
    fillThePool();
  }

  @Test
  void should_end_at_the_timeout_while_the_server_hangs_mid_query() throws Exception {
    fillThePool();
    Duration timeout = Duration.ofSeconds(2);
    CompletableFuture<QueryOutcome> slow = CompletableFuture.supplyAsync(() -> run(SLOW, timeout));
    awaitSlowStatementRunning();
    long frozen = System.nanoTime();
    server.freeze();

    // The server stays frozen until the statement has ended: it ended on Parlance's side.
    QueryOutcome outcome;
    try {
      outcome = slow.get(5, TimeUnit.MINUTES);
    } finally {
      server.thaw();
    }
    long endedAfterMs = (System.nanoTime() - frozen) / 1_000_000;

    System.out.printf("statement ended %d ms after the server froze%n", endedAfterMs);
    assertThat(outcome).isInstanceOf(QueryOutcome.Failed.class);
    QueryOutcome.Failed failed = (QueryOutcome.Failed) outcome;
    assertThat(failed.kind()).isIn(FailureKind.TIMEOUT, FailureKind.UNAVAILABLE);
    assertOneClearLine(failed);

    QueryOutcome after = run("SELECT count(*) FROM numbers", Duration.ofSeconds(10));
    assertThat(after).isInstanceOf(QueryOutcome.Ran.class);
  }

  @Test
  void should_fail_with_one_line_without_waiting_for_the_timeout_when_the_server_is_down()
      throws Exception {
    fillThePool();
    server.stop();
    long start = System.nanoTime();

    // An hour's timeout: a statement that waited for it would not end within the guard below.
    QueryOutcome outcome =
        CompletableFuture.supplyAsync(
                () -> run("SELECT count(*) FROM numbers", Duration.ofHours(1)))
            .get(5, TimeUnit.MINUTES);
    System.out.printf(
        "failed %d ms after the statement was sent to the stopped server%n",
        (System.nanoTime() - start) / 1_000_000);

    assertThat(outcome).isInstanceOf(QueryOutcome.Failed.class);
    QueryOutcome.Failed failed = (QueryOutcome.Failed) outcome;
    assertThat(failed.kind()).isEqualTo(FailureKind.UNAVAILABLE);
    assertOneClearLine(failed);
  }
}
