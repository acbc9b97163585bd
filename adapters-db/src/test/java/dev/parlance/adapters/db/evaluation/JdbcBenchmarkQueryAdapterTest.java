package dev.parlance.adapters.db.evaluation;

import static org.assertj.core.api.Assertions.assertThat;

import dev.parlance.adapters.db.jdbc.JdbcConnections;
import dev.parlance.domain.evaluation.ExecutionLimits;
import dev.parlance.domain.evaluation.ExecutionOutcome;
import dev.parlance.domain.evaluation.RunBenchmarkQueryPort;
import dev.parlance.domain.evaluation.RunBenchmarkQueryPortContract;
import dev.parlance.domain.evaluation.SqlValue;
import dev.parlance.domain.evaluation.TextDecoding;
import dev.parlance.domain.source.Credentials;
import dev.parlance.domain.source.DataSource;
import dev.parlance.domain.source.Dialect;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.concurrent.atomic.AtomicInteger;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class JdbcBenchmarkQueryAdapterTest extends RunBenchmarkQueryPortContract {

  @TempDir Path directory;
  private final AtomicInteger databases = new AtomicInteger();
  private final RunBenchmarkQueryPort runner = BenchmarkExecution.readOnly(new JdbcConnections());

  @Override
  protected RunBenchmarkQueryPort runner() {
    return runner;
  }

  @Override
  protected DataSource database(String... statements) {
    return SqliteFiles.create(
        directory.resolve("db" + databases.incrementAndGet() + ".sqlite"), statements);
  }

  private static final ExecutionLimits STRICT =
      new ExecutionLimits(Duration.ofSeconds(10), TextDecoding.STRICT);
  private static final ExecutionLimits LENIENT =
      new ExecutionLimits(Duration.ofSeconds(10), TextDecoding.IGNORE_INVALID_BYTES);

  private List<List<SqlValue>> rows(DataSource db, String sql, ExecutionLimits limits) {
    ExecutionOutcome outcome = runner.run(db, sql, limits);
    assertThat(outcome).isInstanceOf(ExecutionOutcome.Rows.class);
    return ((ExecutionOutcome.Rows) outcome).table().rows();
  }

  @Test
  void should_type_each_value_by_its_own_storage_class_as_pythons_sqlite3_does() {
    DataSource db =
        database(
            "CREATE TABLE t (n INTEGER, label TEXT)",
            "INSERT INTO t VALUES (1, 'one'), ('two', 2), (3.5, x'00ff'), (9223372036854775807, -0.0)");

    assertThat(rows(db, "SELECT n, label FROM t", STRICT))
        .containsExactly(
            List.of(SqlValue.of(1), SqlValue.of("one")),
            // a TEXT column holds the INTEGER 2 as text (affinity); n keeps the text 'two'
            List.of(SqlValue.of("two"), SqlValue.of("2")),
            List.of(SqlValue.of(3.5), SqlValue.of(new byte[] {0, (byte) 0xff})),
            List.of(SqlValue.of(Long.MAX_VALUE), SqlValue.of("0.0")));
    assertThat(rows(db, "SELECT typeof(label) FROM t", STRICT))
        .containsExactly(
            List.of(SqlValue.of("text")),
            List.of(SqlValue.of("text")),
            List.of(SqlValue.of("blob")),
            List.of(SqlValue.of("text")));
  }

  @Test
  void should_fail_on_text_that_is_not_utf8_when_decoding_strictly() {
    DataSource db = database("CREATE TABLE t (x)");

    ExecutionOutcome outcome = runner.run(db, "SELECT CAST(x'61ff62' AS TEXT) AS x", STRICT);

    assertThat(outcome).isInstanceOf(ExecutionOutcome.Failed.class);
    assertThat(((ExecutionOutcome.Failed) outcome).message())
        .startsWith("Could not decode to UTF-8 column 'x'");
  }

  @Test
  void should_drop_invalid_bytes_when_decoding_leniently_as_spider_does() {
    DataSource db = database("CREATE TABLE t (x)");

    // Python: b'a\xffb'.decode(errors='ignore') == 'ab'; b'\xe2\x82z' -> 'z'.
    assertThat(rows(db, "SELECT CAST(x'61ff62' AS TEXT), CAST(x'e2827a' AS TEXT)", LENIENT))
        .containsExactly(List.of(SqlValue.of("ab"), SqlValue.of("z")));
  }

  @Test
  void should_stop_reading_when_the_result_outgrows_the_cap() {
    DataSource db = database("CREATE TABLE t (x)");
    RunBenchmarkQueryPort capped = BenchmarkExecution.readOnly(new JdbcConnections(), 10);

    ExecutionOutcome outcome =
        capped.run(
            db,
            "WITH RECURSIVE n(x) AS (SELECT 1 UNION ALL SELECT x + 1 FROM n WHERE x < 6)"
                + " SELECT x, x FROM n",
            STRICT);

    assertThat(outcome).isInstanceOf(ExecutionOutcome.Failed.class);
    assertThat(((ExecutionOutcome.Failed) outcome).message()).contains("more than 10 values");
  }

  @Test
  void should_report_a_missing_database_file_as_a_failure() {
    DataSource missing =
        new DataSource(
            "gone",
            "jdbc:sqlite:" + directory.resolve("nothing.sqlite"),
            Dialect.SQLITE,
            Credentials.none());

    ExecutionOutcome outcome = runner.run(missing, "SELECT 1", STRICT);

    assertThat(outcome).isInstanceOf(ExecutionOutcome.Failed.class);
    assertThat(((ExecutionOutcome.Failed) outcome).message()).contains("no SQLite database file");
  }
}
