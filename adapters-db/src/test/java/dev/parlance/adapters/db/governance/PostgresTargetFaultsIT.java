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
 * starts. Each ends in a clear failure within the policy's timeout and a few seconds, and the
 * connections Parlance keeps recover once the server is back: the first statement after a restart
 * runs.
 */
class PostgresTargetFaultsIT {

  private static final Map<String, String> ENV =
      Map.of(
          "TARGET_USER",
          PostgresServer.SUPERUSER,
          "TARGET_PASSWORD",
          PostgresServer.superuserPassword());

  // About 2 s of work on this machine: a join that cannot use an index.
  private static final String SLOW =
      "SELECT count(*) FROM numbers a JOIN numbers b ON (a.n * 7 + b.n) % 1000003 = 1";

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
  void serverIsBack() {
    server.thaw();
    if (!running()) {
      server.restart();
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
        CompletableFuture.supplyAsync(() -> run(SLOW, Duration.ofSeconds(30)));
    Thread.sleep(700);
    long stopped = System.nanoTime();
    server.stop();

    QueryOutcome outcome = slow.get(15, TimeUnit.SECONDS);
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
  void should_end_within_the_timeout_when_the_server_hangs_mid_query() throws Exception {
    fillThePool();
    Duration timeout = Duration.ofSeconds(2);
    CompletableFuture<QueryOutcome> slow = CompletableFuture.supplyAsync(() -> run(SLOW, timeout));
    Thread.sleep(500);
    long frozen = System.nanoTime();
    server.freeze();

    QueryOutcome outcome;
    try {
      outcome = slow.get(timeout.toSeconds() + 15, TimeUnit.SECONDS);
    } finally {
      server.thaw();
    }
    long endedAfterMs = (System.nanoTime() - frozen) / 1_000_000;

    System.out.printf("statement ended %d ms after the server froze%n", endedAfterMs);
    assertThat(outcome).isInstanceOf(QueryOutcome.Failed.class);
    QueryOutcome.Failed failed = (QueryOutcome.Failed) outcome;
    assertThat(failed.kind()).isIn(FailureKind.TIMEOUT, FailureKind.UNAVAILABLE);
    assertOneClearLine(failed);
    // The policy's timeout plus the network timeout's margin, never an open-ended wait.
    assertThat(endedAfterMs).isLessThan(timeout.toMillis() + 8_000);

    QueryOutcome after = run("SELECT count(*) FROM numbers", Duration.ofSeconds(10));
    assertThat(after).isInstanceOf(QueryOutcome.Ran.class);
  }

  @Test
  void should_fail_at_once_with_one_line_when_the_server_is_down() {
    fillThePool();
    server.stop();
    long start = System.nanoTime();

    QueryOutcome outcome = run("SELECT count(*) FROM numbers", Duration.ofSeconds(10));

    assertThat(outcome).isInstanceOf(QueryOutcome.Failed.class);
    QueryOutcome.Failed failed = (QueryOutcome.Failed) outcome;
    assertThat(failed.kind()).isEqualTo(FailureKind.UNAVAILABLE);
    assertOneClearLine(failed);
    assertThat((System.nanoTime() - start) / 1_000_000).isLessThan(5_000);
  }
}
