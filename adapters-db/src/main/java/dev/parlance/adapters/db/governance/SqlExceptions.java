package dev.parlance.adapters.db.governance;

import java.sql.SQLException;

/**
 * What a driver's {@link SQLException} says: the connection is gone, the driver's result buffer
 * overflowed, and the server's own message and position.
 */
final class SqlExceptions {

  private SqlExceptions() {}

  static boolean isResultBufferExceeded(SQLException e) {
    for (Throwable t = e; t != null; t = t.getCause()) {
      String m = t.getMessage();
      if (m != null && m.contains("maxResultBuffer")) {
        return true;
      }
    }
    return false;
  }

  static String serverMessage(SQLException e) {
    if (e instanceof org.postgresql.util.PSQLException p && p.getServerErrorMessage() != null) {
      return p.getServerErrorMessage().getMessage();
    }
    return e.getMessage();
  }

  static int serverPosition(SQLException e) {
    if (e instanceof org.postgresql.util.PSQLException p && p.getServerErrorMessage() != null) {
      return p.getServerErrorMessage().getPosition();
    }
    return 0;
  }

  // The connection is gone: a connection exception (08…), or PostgreSQL ending the session
  // because it shuts down or restarts (57P01–57P03).
  static boolean isConnectionProblem(SQLException e) {
    String state = e.getSQLState();
    return state != null
        && (state.startsWith("08")
            || state.equals("57P01")
            || state.equals("57P02")
            || state.equals("57P03"));
  }

  static String message(SQLException e) {
    String m = e.getMessage();
    return m == null ? e.getClass().getSimpleName() : m.replaceAll("\\s+", " ").strip();
  }
}
