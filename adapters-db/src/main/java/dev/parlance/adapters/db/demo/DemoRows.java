package dev.parlance.adapters.db.demo;

import static dev.parlance.adapters.db.demo.DemoVocabulary.FIRST;
import static dev.parlance.adapters.db.demo.DemoVocabulary.LAST;
import static dev.parlance.adapters.db.demo.DemoVocabulary.SPAN_DAYS;
import static dev.parlance.adapters.db.demo.DemoVocabulary.START;

import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.SQLException;
import java.time.LocalDate;
import java.util.SplittableRandom;

/**
 * What every part of the demo generator shares: the one random sequence (so that the same seed
 * gives the same database whatever part draws next), the scale, the draws made from them, and
 * batched inserts into a table.
 */
abstract class DemoRows {
  final SplittableRandom random;
  final double scale;
  private final Connection connection;

  DemoRows(Connection connection, SplittableRandom random, double scale) {
    this.connection = connection;
    this.random = random;
    this.scale = scale;
  }

  record Installation(int id, String code, String region, LocalDate opened) {}

  record Equipment(int id, int installation, String region, String discipline, int clazz) {}

  record Order(int id, int equipment, LocalDate created, LocalDate end, int status) {}

  int n(int base) {
    return Math.max(1, (int) Math.round(base * scale));
  }

  int between(int lo, int hi) {
    return lo + random.nextInt(hi - lo + 1);
  }

  <T> T pick(T[] values) {
    return values[random.nextInt(values.length)];
  }

  boolean chance(double p) {
    return random.nextDouble() < p;
  }

  LocalDate day(int fromDay, int toDay) {
    return START.plusDays(between(fromDay, Math.max(fromDay, toDay)));
  }

  LocalDate anyDay() {
    return day(0, SPAN_DAYS - 1);
  }

  static String iso(LocalDate d) {
    return d == null ? null : d.toString();
  }

  double money(double lo, double hi) {
    return Math.round((lo + random.nextDouble() * (hi - lo)) * 100) / 100.0;
  }

  String person() {
    return pick(FIRST) + " " + pick(LAST) + " " + pick(LAST);
  }

  int weighted(int[] values, double[] weights) {
    double r = random.nextDouble();
    double sum = 0;
    for (int i = 0; i < values.length; i++) {
      sum += weights[i];
      if (r < sum) {
        return values[i];
      }
    }
    return values[values.length - 1];
  }

  String weighted(String[] values, double[] weights) {
    double r = random.nextDouble();
    double sum = 0;
    for (int i = 0; i < values.length; i++) {
      sum += weights[i];
      if (r < sum) {
        return values[i];
      }
    }
    return values[values.length - 1];
  }

  /** Rows for one table, sent in batches. */
  final class Batch implements AutoCloseable {
    private final PreparedStatement insert;
    private int pending;

    Batch(String table, int columns) throws SQLException {
      insert =
          connection.prepareStatement(
              "INSERT INTO " + table + " VALUES (" + "?,".repeat(columns - 1) + "?)");
    }

    void add(Object... values) throws SQLException {
      for (int i = 0; i < values.length; i++) {
        insert.setObject(i + 1, values[i]);
      }
      insert.addBatch();
      if (++pending == 2000) {
        insert.executeBatch();
        pending = 0;
      }
    }

    @Override
    public void close() throws SQLException {
      if (pending > 0) {
        insert.executeBatch();
      }
      insert.close();
    }
  }
}
