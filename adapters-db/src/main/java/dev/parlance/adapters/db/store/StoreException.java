package dev.parlance.adapters.db.store;

import dev.parlance.domain.failure.ComponentUnavailableException;

/** The metadata store could not be opened, read or written; the driver's message is kept. */
public final class StoreException extends ComponentUnavailableException {
  public StoreException(String message, Throwable cause) {
    super(Component.METADATA_STORE, message, cause);
  }
}
