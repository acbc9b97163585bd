package dev.parlance.adapters.db.jdbc;

import dev.parlance.domain.source.CheckSourcePort;
import dev.parlance.domain.source.DataSource;
import dev.parlance.domain.source.SourceCheck;
import dev.parlance.domain.source.SourceCheck.Problem;
import java.net.ConnectException;
import java.net.UnknownHostException;
import java.sql.Connection;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.util.Locale;

/**
 * Checks a source the way governed execution will use it: a read-only connection, then the list of
 * its tables and views. Failures are classified from the driver's SQL state and cause.
 */
final class JdbcSourceCheckAdapter implements CheckSourcePort {

  private final JdbcConnections connections;

  JdbcSourceCheckAdapter(JdbcConnections connections) {
    this.connections = connections;
  }

  @Override
  public SourceCheck check(DataSource source) {
    try (Connection connection = connections.openReadOnly(source)) {
      int tables = 0;
      try (ResultSet rs =
          connection.getMetaData().getTables(null, null, "%", new String[] {"TABLE", "VIEW"})) {
        while (rs.next()) {
          String schema = rs.getString("TABLE_SCHEM");
          if (schema == null || !isSystemSchema(schema)) {
            tables++;
          }
        }
      }
      // SQLite reads a file lazily: a file that is not a database fails on the first real read.
      try (var statement = connection.createStatement();
          var rs = statement.executeQuery("SELECT 1")) {
        rs.next();
      }
      return new SourceCheck.Reachable(tables);
    } catch (DatabaseUnavailableException e) {
      return unreachable(e.getCause() instanceof SQLException s ? s : null, e.problem());
    } catch (SQLException e) {
      return unreachable(e, oneLine(e.getMessage()));
    }
  }

  private static boolean isSystemSchema(String schema) {
    String s = schema.toLowerCase(Locale.ROOT);
    return s.equals("information_schema") || s.startsWith("pg_");
  }

  private static SourceCheck unreachable(SQLException e, String message) {
    return new SourceCheck.Unreachable(problem(e, message), message);
  }

  static Problem problem(SQLException e, String message) {
    String m = message.toLowerCase(Locale.ROOT);
    if (e == null) {
      if (m.startsWith("no sqlite database file")) {
        return Problem.FILE_MISSING;
      }
      if (m.startsWith("environment variable") || m.startsWith("cannot read credentials file")) {
        return Problem.MISSING_CREDENTIAL;
      }
      return Problem.OTHER;
    }
    String state = e.getSQLState() == null ? "" : e.getSQLState();
    if (state.startsWith("28") || m.contains("password authentication failed")) {
      return Problem.AUTHENTICATION_FAILED;
    }
    if (state.equals("3D000") || state.equals("90146")) {
      return Problem.UNKNOWN_DATABASE;
    }
    if (state.equals("42501") || m.contains("permission denied")) {
      return Problem.NO_PERMISSION;
    }
    if (m.contains("no suitable driver")) {
      return Problem.UNKNOWN_DRIVER;
    }
    if (m.contains("not a database") || m.contains("file is encrypted")) {
      return Problem.NOT_A_DATABASE;
    }
    if (m.contains("unable to open database file")) {
      return Problem.NO_PERMISSION;
    }
    if (state.startsWith("08") || causedBy(e, ConnectException.class, UnknownHostException.class)) {
      return Problem.HOST_UNREACHABLE;
    }
    return Problem.OTHER;
  }

  @SafeVarargs
  private static boolean causedBy(Throwable e, Class<? extends Throwable>... types) {
    for (Throwable t = e; t != null; t = t.getCause() == t ? null : t.getCause()) {
      for (Class<? extends Throwable> type : types) {
        if (type.isInstance(t)) {
          return true;
        }
      }
    }
    return false;
  }

  private static String oneLine(String message) {
    return message == null ? "unknown error" : message.replaceAll("\\s+", " ").strip();
  }
}
