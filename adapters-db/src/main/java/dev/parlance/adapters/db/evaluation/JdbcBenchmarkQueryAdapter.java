package dev.parlance.adapters.db.evaluation;

import dev.parlance.adapters.db.jdbc.DatabaseUnavailableException;
import dev.parlance.adapters.db.jdbc.JdbcConnections;
import dev.parlance.domain.evaluation.ExecutionLimits;
import dev.parlance.domain.evaluation.ExecutionOutcome;
import dev.parlance.domain.evaluation.ResultTable;
import dev.parlance.domain.evaluation.RunBenchmarkQueryPort;
import dev.parlance.domain.evaluation.SqlValue;
import dev.parlance.domain.evaluation.TextDecoding;
import dev.parlance.domain.source.DataSource;
import dev.parlance.domain.source.Dialect;
import java.math.BigDecimal;
import java.math.BigInteger;
import java.nio.ByteBuffer;
import java.nio.charset.CharacterCodingException;
import java.nio.charset.CodingErrorAction;
import java.nio.charset.StandardCharsets;
import java.sql.Connection;
import java.sql.ResultSet;
import java.sql.ResultSetMetaData;
import java.sql.SQLException;
import java.sql.Statement;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.Executors;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.ScheduledFuture;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicBoolean;

/**
 * Runs one benchmark query read-only and returns its whole result, as Python's {@code sqlite3}
 * returns it to the official evaluators: SQLite values keep their storage class (INTEGER, REAL,
 * TEXT, BLOB, NULL) per value; only one statement may run; blank SQL returns no rows. The query is
 * cancelled ({@code sqlite3_interrupt}) when its time runs out. Reading stops with an error past
 * {@code maxValues} values or {@link #MAX_BYTES} bytes of values, to keep a runaway prediction from
 * exhausting the heap (an evaluation compares whole results, so a result is never cut: it fails).
 */
final class JdbcBenchmarkQueryAdapter implements RunBenchmarkQueryPort {

  static final long MAX_VALUES = 20_000_000;

  /** The most bytes of values one result may hold (text as UTF-16 in the heap, 16 a value). */
  static final long MAX_BYTES = 512L * 1024 * 1024;

  private static final ScheduledExecutorService CANCELLER =
      Executors.newSingleThreadScheduledExecutor(
          r -> {
            Thread t = new Thread(r, "benchmark-query-canceller");
            t.setDaemon(true);
            return t;
          });

  private final JdbcConnections connections;
  private final long maxValues;

  JdbcBenchmarkQueryAdapter(JdbcConnections connections, long maxValues) {
    this.connections = connections;
    this.maxValues = maxValues;
  }

  @Override
  public ExecutionOutcome run(DataSource database, String sql, ExecutionLimits limits) {
    long start = System.nanoTime();
    long deadline = start + limits.timeout().toNanos();
    if (SqliteStatements.isBlank(sql)) {
      return new ExecutionOutcome.Rows(ResultTable.of(List.of(), List.of()), since(start));
    }
    if (SqliteStatements.hasMoreThanOneStatement(sql)) {
      return new ExecutionOutcome.Failed(
          "You can only execute one statement at a time.", since(start));
    }
    if (limits.timeout().isZero()) {
      return new ExecutionOutcome.TimedOut(limits.timeout());
    }
    Connection connection;
    try {
      connection = connections.openReadOnly(database);
    } catch (DatabaseUnavailableException e) {
      return new ExecutionOutcome.Failed(e.getMessage(), since(start));
    }
    AtomicBoolean cancelled = new AtomicBoolean();
    try (connection;
        Statement statement = connection.createStatement()) {
      ScheduledFuture<?> canceller =
          CANCELLER.schedule(
              () -> {
                cancelled.set(true);
                try {
                  statement.cancel();
                } catch (SQLException | RuntimeException ignored) {
                  // The statement finished or closed meanwhile; the flag tells the reader.
                }
              },
              Math.max(0, deadline - System.nanoTime()),
              TimeUnit.NANOSECONDS);
      try {
        ResultTable table =
            statement.execute(sql)
                ? read(
                    statement.getResultSet(),
                    database.dialect(),
                    limits.textDecoding(),
                    deadline,
                    cancelled)
                : ResultTable.of(List.of(), List.of());
        if (cancelled.get()) {
          return new ExecutionOutcome.TimedOut(limits.timeout());
        }
        return new ExecutionOutcome.Rows(table, since(start));
      } finally {
        canceller.cancel(false);
      }
    } catch (SQLException e) {
      if (cancelled.get() || System.nanoTime() >= deadline) {
        return new ExecutionOutcome.TimedOut(limits.timeout());
      }
      return new ExecutionOutcome.Failed(message(e), since(start));
    } catch (TextNotUtf8 e) {
      return new ExecutionOutcome.Failed(e.getMessage(), since(start));
    } catch (TooLarge e) {
      return new ExecutionOutcome.Failed(e.getMessage(), since(start));
    } catch (OutOfTime e) {
      return new ExecutionOutcome.TimedOut(limits.timeout());
    }
  }

  private ResultTable read(
      ResultSet rs, Dialect dialect, TextDecoding decoding, long deadline, AtomicBoolean cancelled)
      throws SQLException {
    ResultSetMetaData meta = rs.getMetaData();
    int width = meta.getColumnCount();
    List<String> columns = new ArrayList<>(width);
    for (int i = 1; i <= width; i++) {
      columns.add(meta.getColumnLabel(i));
    }
    List<List<SqlValue>> rows = new ArrayList<>();
    long values = 0;
    long bytes = 0;
    while (rs.next()) {
      if (cancelled.get() || System.nanoTime() >= deadline) {
        throw new OutOfTime();
      }
      values += width;
      if (values > maxValues) {
        throw new TooLarge(
            "the result has more than " + maxValues + " values; Parlance stops reading there");
      }
      List<SqlValue> row = new ArrayList<>(width);
      for (int i = 1; i <= width; i++) {
        row.add(
            dialect == Dialect.SQLITE
                ? sqliteValue(rs, i, columns.get(i - 1), decoding)
                : jdbcValue(rs.getObject(i)));
      }
      for (SqlValue v : row) {
        bytes +=
            16
                + switch (v) {
                  case SqlValue.Text t -> 2L * t.value().length();
                  case SqlValue.Blob b -> b.value().length;
                  default -> 8;
                };
      }
      if (bytes > MAX_BYTES) {
        throw new TooLarge(
            "the result holds more than "
                + MAX_BYTES / (1024 * 1024)
                + " MiB of values; Parlance stops reading there");
      }
      rows.add(row);
    }
    return ResultTable.of(columns, rows);
  }

  // sqlite-jdbc's getObject follows the value's own storage class, as Python's sqlite3 does.
  private static SqlValue sqliteValue(ResultSet rs, int i, String column, TextDecoding decoding)
      throws SQLException {
    Object value = rs.getObject(i);
    return switch (value) {
      case null -> SqlValue.NULL;
      case Integer n -> SqlValue.of(n.longValue());
      case Long n -> SqlValue.of(n);
      case Double d -> SqlValue.of(d);
      case byte[] b -> SqlValue.of(b);
      case String s -> SqlValue.of(decode(rs.getBytes(i), column, decoding));
      default -> SqlValue.of(value.toString());
    };
  }

  private static SqlValue jdbcValue(Object value) {
    return switch (value) {
      case null -> SqlValue.NULL;
      case Integer n -> SqlValue.of(n.longValue());
      case Long n -> SqlValue.of(n);
      case Short n -> SqlValue.of(n.longValue());
      case Byte n -> SqlValue.of(n.longValue());
      case BigInteger n when n.bitLength() < 64 -> SqlValue.of(n.longValue());
      case Double d -> SqlValue.of(d);
      case Float f -> SqlValue.of(f.doubleValue());
      case BigDecimal d -> SqlValue.of(d.doubleValue());
      case byte[] b -> SqlValue.of(b);
      default -> SqlValue.of(value.toString());
    };
  }

  private static String decode(byte[] bytes, String column, TextDecoding decoding) {
    if (bytes == null) {
      return "";
    }
    CodingErrorAction action =
        decoding == TextDecoding.STRICT ? CodingErrorAction.REPORT : CodingErrorAction.IGNORE;
    try {
      return StandardCharsets.UTF_8
          .newDecoder()
          .onMalformedInput(action)
          .onUnmappableCharacter(action)
          .decode(ByteBuffer.wrap(bytes))
          .toString();
    } catch (CharacterCodingException e) {
      // Python's sqlite3 message for the same case.
      throw new TextNotUtf8(
          "Could not decode to UTF-8 column '"
              + column
              + "' with text '"
              + new String(bytes, StandardCharsets.UTF_8)
              + "'");
    }
  }

  private static String message(SQLException e) {
    String m = e.getMessage();
    return m == null ? e.getClass().getSimpleName() : m.replaceAll("\\s+", " ").strip();
  }

  private static Duration since(long start) {
    return Duration.ofNanos(System.nanoTime() - start);
  }

  private static final class TextNotUtf8 extends RuntimeException {
    TextNotUtf8(String message) {
      super(message);
    }
  }

  private static final class TooLarge extends RuntimeException {
    TooLarge(String message) {
      super(message);
    }
  }

  private static final class OutOfTime extends RuntimeException {
    OutOfTime() {
      super("out of time");
    }
  }
}
