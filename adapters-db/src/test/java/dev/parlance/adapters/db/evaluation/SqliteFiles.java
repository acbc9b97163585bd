package dev.parlance.adapters.db.evaluation;

import dev.parlance.domain.source.Credentials;
import dev.parlance.domain.source.DataSource;
import dev.parlance.domain.source.Dialect;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.SQLException;
import java.sql.Statement;

/** Makes small SQLite databases for tests. */
public final class SqliteFiles {
  private SqliteFiles() {}

  public static DataSource create(Path file, String... statements) {
    try (Connection c = DriverManager.getConnection("jdbc:sqlite:" + file);
        Statement s = c.createStatement()) {
      for (String statement : statements) {
        s.execute(statement);
      }
    } catch (SQLException e) {
      throw new IllegalStateException(e);
    }
    return new DataSource("test", "jdbc:sqlite:" + file, Dialect.SQLITE, Credentials.none());
  }
}
