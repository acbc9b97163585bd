package dev.parlance.adapters.index.opensearch;

/**
 * OpenSearch could not be reached, or refused a request; OpenSearch's own reason is kept in the
 * message.
 */
public final class OpenSearchFailedException extends RuntimeException {
  OpenSearchFailedException(String message) {
    super(message);
  }

  OpenSearchFailedException(String message, Throwable cause) {
    super(message, cause);
  }
}
