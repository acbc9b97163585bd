package dev.parlance.adapters.db.demo;

import java.sql.Connection;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.List;
import java.util.SplittableRandom;

/**
 * Fills the demo schema with deterministic, plausible plant-maintenance data: the same seed and
 * scale give the same database, byte for byte in content. Dates run from 2019 to 2024; the demo's
 * "today" is {@link DemoVocabulary#TODAY}. The parts draw from one random sequence in a fixed
 * order: the plant, its people, its work, its condition, then the legacy code table.
 */
final class DemoPlantGenerator {
  private DemoPlantGenerator() {}

  /** Creates and fills the schema on an empty SQLite database. */
  static void generate(Connection connection, long seed, double scale) throws SQLException {
    try (Statement st = connection.createStatement()) {
      st.execute("PRAGMA journal_mode=OFF");
      st.execute("PRAGMA synchronous=OFF");
      st.execute("PRAGMA foreign_keys=OFF");
    }
    connection.setAutoCommit(false);
    try (Statement st = connection.createStatement()) {
      for (String ddl : DemoSchema.DDL) {
        st.execute(ddl);
      }
    }
    fill(connection, new SplittableRandom(seed), scale);
    try (Statement st = connection.createStatement()) {
      for (String index : DemoSchema.INDEXES) {
        st.execute(index);
      }
    }
    connection.commit();
    connection.setAutoCommit(true);
    try (Statement st = connection.createStatement()) {
      st.execute("ANALYZE");
    }
  }

  private static void fill(Connection connection, SplittableRandom random, double scale)
      throws SQLException {
    DemoAssetRows.Assets plant = new DemoAssetRows(connection, random, scale).write();
    int employees =
        new DemoWorkforceRows(connection, random, scale)
            .write(plant.installations(), plant.workCenters());
    List<DemoRows.Order> orders =
        new DemoWorkRows(connection, random, scale).write(plant, employees);
    new DemoConditionRows(connection, random, scale).write(plant.equipment(), employees, orders);
    new DemoCodeRows(connection, random, scale).write();
  }
}
