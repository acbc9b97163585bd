package dev.parlance.adapters.db.store;

/** The metadata store could not be opened, read or written; the driver's message is kept. */
public final class StoreException extends RuntimeException {
  public StoreException(String message, Throwable cause) {
    super(message, cause);
  }
}
