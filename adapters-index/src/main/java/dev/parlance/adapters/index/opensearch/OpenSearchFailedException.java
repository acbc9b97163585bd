package dev.parlance.adapters.index.opensearch;

import dev.parlance.domain.failure.ComponentUnavailableException;

/**
 * OpenSearch could not be reached, or refused a request; OpenSearch's own reason is kept in the
 * message.
 */
public final class OpenSearchFailedException extends ComponentUnavailableException {
  OpenSearchFailedException(String message) {
    super(Component.INDEX, message, null);
  }

  OpenSearchFailedException(String message, Throwable cause) {
    super(Component.INDEX, message, cause);
  }
}
