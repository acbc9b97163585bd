package dev.parlance.adapters.db.governance;

import static org.assertj.core.api.Assertions.assertThat;

import dev.parlance.adapters.db.jdbc.JdbcConnections;
import dev.parlance.adapters.db.testing.PlantFixture;
import dev.parlance.domain.governance.FailureKind;
import dev.parlance.domain.governance.GovernancePolicy;
import dev.parlance.domain.governance.QueryOutcome;
import dev.parlance.domain.source.Credentials;
import dev.parlance.domain.source.DataSource;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

/**
 * The engine's own limits on SQLite, on the statements of issue 16 that ran 33–45 s past a 10 s
 * timeout or took gigabytes: each now ends, cancelled at its timeout or stopped by the limit it met
 * (which it names), within a memory bound. The time each took is printed ({@code LIMITS} lines),
 * never asserted: a loaded machine must not fail the test.
 */
class SqliteResourceLimitsTest {

  @TempDir static Path dir;
  static DataSource source;
  static QueryExecution executor;

  @BeforeAll
  static void createThePlant() throws Exception {
    source =
        DataSource.of(
            "plant-limits", "jdbc:sqlite:" + PlantFixture.sqlite(dir), Credentials.none());
    executor = Governance.jdbc(new JdbcConnections());
  }

  @AfterAll
  static void close() {
    executor.close();
  }

  static long residentKb() throws Exception {
    for (String line : Files.readAllLines(Path.of("/proc/self/status"))) {
      if (line.startsWith("VmRSS:")) {
        return Long.parseLong(line.replaceAll("[^0-9]", ""));
      }
    }
    return 0;
  }

  @ParameterizedTest(name = "{0}")
  @CsvSource(
      delimiter = '~',
      value = {
        "instr over a 500 kB value~SELECT instr(replace(printf('%.500c', 'a'), 'a', printf('%.1000c', 'b')), 'c')~a value exceeds the length limit",
        "replace growing a value~SELECT length(replace(replace(printf('%.200c', 'a'), 'a', printf('%.1000c', 'a')), 'a', 'bb'))~a value exceeds the length limit",
        "instr at the length limit~SELECT instr(printf('%.1000c', 'a'), 'b') + instr(replace(printf('%.240c', 'a'), 'a', printf('%.1000c', 'a')), replace(printf('%.120c', 'a'), 'a', printf('%.1000c', 'a')) || 'b')~",
        "a LIKE pattern too long~SELECT replace(printf('%.200c', 'a'), 'a', printf('%.1000c', 'a')) LIKE '%' || replace(printf('%.5c', 'a'), 'a', printf('%.1000c', 'a')) || 'b%'~a LIKE pattern too long",
        "a recursive CTE that grows its values~WITH RECURSIVE r(x) AS (SELECT 'a' UNION ALL SELECT x || x FROM r) SELECT count(*) FROM r~a value exceeds the length limit",
        "a recursive CTE that keeps distinct 200 kB rows~WITH RECURSIVE r(n, x) AS (SELECT 1, replace(printf('%.200c', 'a'), 'a', printf('%.1000c', 'a')) UNION SELECT n + 1, x FROM r) SELECT count(*) FROM r~",
        "the issue's 1 GB printf~SELECT length(printf('%.*c', 1000000000, 'a'))~",
        "a four-way cross join~SELECT count(*) FROM TB_MO a, TB_MO b, TB_MO c, TB_MO d~"
      })
  void should_end_at_its_limit_within_a_memory_bound_when_a_statement_exhausts_resources(
      String label, String sql, String kind) throws Exception {
    GovernancePolicy policy = PlantFixture.policy(source.name()).withTimeout(Duration.ofSeconds(3));
    long before = residentKb();
    long start = System.nanoTime();
    QueryOutcome outcome = executor.execute(source, policy, PlantFixture.analyst(), sql);
    long ms = (System.nanoTime() - start) / 1_000_000;
    long grownMb = (residentKb() - before) / 1024;
    System.out.println("LIMITS " + label + " " + ms + " ms " + grownMb + " MB " + outcome);
    if (kind != null) {
      assertThat(outcome).as(label).isInstanceOf(QueryOutcome.Failed.class);
      assertThat(((QueryOutcome.Failed) outcome).errorKind()).as(label).isEqualTo(kind);
    } else if (outcome instanceof QueryOutcome.Failed failed) {
      assertThat(failed.kind()).as(label).isIn(FailureKind.TIMEOUT, FailureKind.DATABASE_ERROR);
      if (failed.kind() == FailureKind.TIMEOUT) {
        assertThat(failed.message()).as(label).contains("timeout of 3000 ms");
      }
    } else if (outcome instanceof QueryOutcome.Refused refused) {
      // a computed printf width: refused before anything runs, with the reason
      assertThat(refused.refusal().reason()).as(label).contains("printf() needs a literal format");
    }
    // The session is free afterwards.
    assertThat(executor.execute(source, policy, PlantFixture.analyst(), "SELECT 1"))
        .as("after " + label)
        .isInstanceOf(QueryOutcome.Ran.class);
    assertThat(grownMb).as(label).isLessThan(SqliteSession.HARD_HEAP_LIMIT / 1024 / 1024 + 100);
  }
}
