package dev.parlance.adapters.index.lucene;

/** The embedded index could not be read or written; Lucene's own message is kept. */
public final class IndexFailedException extends RuntimeException {
  IndexFailedException(String message, Throwable cause) {
    super(message + ": " + cause.getMessage(), cause);
  }
}
