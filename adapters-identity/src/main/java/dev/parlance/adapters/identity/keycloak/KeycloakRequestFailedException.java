package dev.parlance.adapters.identity.keycloak;

import dev.parlance.domain.failure.ComponentUnavailableException;

/** Keycloak refused or could not answer an admin request; the vendor's message is kept. */
public final class KeycloakRequestFailedException extends ComponentUnavailableException {

  private static final long serialVersionUID = 1L;

  public KeycloakRequestFailedException(String message, Throwable cause) {
    super(Component.IDENTITY_PROVIDER, message, cause);
  }

  public KeycloakRequestFailedException(String message) {
    super(Component.IDENTITY_PROVIDER, message, null);
  }
}
