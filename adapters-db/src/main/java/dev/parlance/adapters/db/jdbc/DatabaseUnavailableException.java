package dev.parlance.adapters.db.jdbc;

import dev.parlance.domain.source.SourceUnavailableException;
import java.sql.SQLException;

/** A data source could not be connected to; the driver's message is kept. */
public final class DatabaseUnavailableException extends SourceUnavailableException {

  public DatabaseUnavailableException(String source, SQLException cause) {
    super(source, oneLine(cause.getMessage()), cause);
  }

  public DatabaseUnavailableException(String source, String problem) {
    super(source, problem, null);
  }

  private static String oneLine(String message) {
    return message == null ? "unknown error" : message.replaceAll("\\s+", " ").strip();
  }
}
