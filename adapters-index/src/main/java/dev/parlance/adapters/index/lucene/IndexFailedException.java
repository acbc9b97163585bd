package dev.parlance.adapters.index.lucene;

import dev.parlance.domain.failure.ComponentUnavailableException;

/** The embedded index could not be read or written; Lucene's own message is kept. */
public final class IndexFailedException extends ComponentUnavailableException {
  IndexFailedException(String message, Throwable cause) {
    super(Component.INDEX, message + ": " + cause.getMessage(), cause);
  }
}
