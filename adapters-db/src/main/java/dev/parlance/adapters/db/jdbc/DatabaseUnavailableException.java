package dev.parlance.adapters.db.jdbc;

import java.sql.SQLException;

/** A data source could not be connected to; the driver's message is kept. */
public final class DatabaseUnavailableException extends RuntimeException {
  public DatabaseUnavailableException(String source, SQLException cause) {
    super("cannot connect to source " + source + ": " + oneLine(cause.getMessage()), cause);
  }

  public DatabaseUnavailableException(String source, String problem) {
    super("cannot connect to source " + source + ": " + problem);
  }

  private static String oneLine(String message) {
    return message == null ? "unknown error" : message.replaceAll("\\s+", " ").strip();
  }
}
