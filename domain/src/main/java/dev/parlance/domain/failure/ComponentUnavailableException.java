package dev.parlance.domain.failure;

import java.util.Objects;

/**
 * A component Parlance depends on (the metadata store, the index, the embedding model) failed or
 * could not be reached. Adapters throw their own subclass with the vendor's message kept; entry
 * points word it for their users (a line and exit code 1, or a 503).
 */
public class ComponentUnavailableException extends RuntimeException {

  private final Component component;

  /** What failed, so an entry point can say which part of Parlance to look at. */
  public enum Component {
    METADATA_STORE,
    INDEX,
    EMBEDDING_MODEL,
    IDENTITY_PROVIDER
  }

  public ComponentUnavailableException(Component component, String message, Throwable cause) {
    super(message, cause);
    this.component = Objects.requireNonNull(component, "component");
  }

  public Component component() {
    return component;
  }
}
