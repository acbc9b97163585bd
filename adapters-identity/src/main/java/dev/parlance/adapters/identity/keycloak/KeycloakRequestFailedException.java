package dev.parlance.adapters.identity.keycloak;

/** Keycloak refused or could not answer an admin request; the vendor's message is kept. */
public final class KeycloakRequestFailedException extends RuntimeException {

  private static final long serialVersionUID = 1L;

  public KeycloakRequestFailedException(String message, Throwable cause) {
    super(message, cause);
  }

  public KeycloakRequestFailedException(String message) {
    super(message);
  }
}
