package dev.parlance.domain.evaluation;

import static org.assertj.core.api.Assertions.assertThat;

import dev.parlance.domain.source.DataSource;
import java.time.Duration;
import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * What every runner of benchmark queries must do. An adapter's test extends this class and hands it
 * a runner and a way to make a fresh database (SQLite syntax, which the benchmarks use).
 */
public abstract class RunBenchmarkQueryPortContract {

  /** The runner under test. */
  protected abstract RunBenchmarkQueryPort runner();

  /** A fresh database on which {@code statements} have been run. */
  protected abstract DataSource database(String... statements);

  private static final ExecutionLimits TEN_SECONDS =
      new ExecutionLimits(Duration.ofSeconds(10), TextDecoding.STRICT);

  private DataSource people() {
    return database(
        "CREATE TABLE person (id INTEGER PRIMARY KEY, name TEXT, height REAL, nick TEXT)",
        "INSERT INTO person VALUES (1, 'Ada', 1.65, NULL)",
        "INSERT INTO person VALUES (2, 'Bob', 1.8, 'bobby')",
        "INSERT INTO person VALUES (3, 'Cy', 1.8, NULL)");
  }

  @Test
  void should_return_every_row_in_order_with_typed_values() {
    ExecutionOutcome outcome =
        runner()
            .run(people(), "SELECT id, name, height, nick FROM person ORDER BY id", TEN_SECONDS);

    assertThat(outcome).isInstanceOf(ExecutionOutcome.Rows.class);
    ResultTable table = ((ExecutionOutcome.Rows) outcome).table();
    assertThat(table.columns()).containsExactly("id", "name", "height", "nick");
    assertThat(table.rows())
        .containsExactly(
            List.of(SqlValue.of(1), SqlValue.of("Ada"), SqlValue.of(1.65), SqlValue.NULL),
            List.of(SqlValue.of(2), SqlValue.of("Bob"), SqlValue.of(1.8), SqlValue.of("bobby")),
            List.of(SqlValue.of(3), SqlValue.of("Cy"), SqlValue.of(1.8), SqlValue.NULL));
  }

  @Test
  void should_return_the_whole_result_when_it_is_large() {
    ExecutionOutcome outcome =
        runner()
            .run(
                people(),
                "WITH RECURSIVE n(x) AS (SELECT 1 UNION ALL SELECT x + 1 FROM n WHERE x < 50000)"
                    + " SELECT x FROM n",
                TEN_SECONDS);

    assertThat(((ExecutionOutcome.Rows) outcome).table().rowCount()).isEqualTo(50_000);
  }

  @Test
  void should_return_the_database_error_as_a_value_when_the_query_fails() {
    ExecutionOutcome outcome = runner().run(people(), "SELECT nope FROM person", TEN_SECONDS);

    assertThat(outcome).isInstanceOf(ExecutionOutcome.Failed.class);
    assertThat(((ExecutionOutcome.Failed) outcome).message()).contains("nope");
  }

  @Test
  void should_cancel_the_query_when_its_time_runs_out() {
    long start = System.nanoTime();
    ExecutionOutcome outcome =
        runner()
            .run(
                people(),
                "WITH RECURSIVE n(x) AS (SELECT 1 UNION ALL SELECT x + 1 FROM n)"
                    + " SELECT count(*) FROM n",
                new ExecutionLimits(Duration.ofMillis(500), TextDecoding.STRICT));
    double seconds = (System.nanoTime() - start) / 1e9;
    System.out.printf(
        "%s: an endless query cancelled after %.1f s (limit 0.5 s)%n",
        getClass().getSimpleName(), seconds);

    // The query never ends by itself: only the cancel at the limit gives this outcome.
    assertThat(outcome).isEqualTo(new ExecutionOutcome.TimedOut(Duration.ofMillis(500)));
  }

  @Test
  void should_refuse_to_write_when_asked_to() {
    DataSource db = people();
    ExecutionOutcome outcome = runner().run(db, "DELETE FROM person", TEN_SECONDS);

    assertThat(outcome).isInstanceOf(ExecutionOutcome.Failed.class);
    ExecutionOutcome after = runner().run(db, "SELECT count(*) FROM person", TEN_SECONDS);
    assertThat(((ExecutionOutcome.Rows) after).table().rows())
        .containsExactly(List.of(SqlValue.of(3)));
  }

  @Test
  void should_refuse_a_second_statement_as_pythons_sqlite3_does() {
    ExecutionOutcome outcome = runner().run(people(), "SELECT 1; DELETE FROM person", TEN_SECONDS);

    assertThat(outcome).isInstanceOf(ExecutionOutcome.Failed.class);
    assertThat(((ExecutionOutcome.Failed) outcome).message())
        .isEqualTo("You can only execute one statement at a time.");
    assertThat(runner().run(people(), "SELECT 1;;", TEN_SECONDS))
        .isInstanceOf(ExecutionOutcome.Failed.class);
  }

  @Test
  void should_accept_a_final_semicolon_and_comments() {
    ExecutionOutcome outcome =
        runner().run(people(), "SELECT 'a;b' -- x ; y\n; /* done */ ", TEN_SECONDS);

    assertThat(((ExecutionOutcome.Rows) outcome).table().rows())
        .containsExactly(List.of(SqlValue.of("a;b")));
  }

  @Test
  void should_return_no_rows_when_the_query_is_blank() {
    ExecutionOutcome outcome = runner().run(people(), "  -- nothing\n", TEN_SECONDS);

    assertThat(((ExecutionOutcome.Rows) outcome).table().rows()).isEmpty();
  }
}
