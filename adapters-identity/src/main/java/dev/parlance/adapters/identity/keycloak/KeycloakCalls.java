package dev.parlance.adapters.identity.keycloak;

import jakarta.ws.rs.NotFoundException;
import jakarta.ws.rs.ProcessingException;
import jakarta.ws.rs.WebApplicationException;
import jakarta.ws.rs.core.Response;
import java.util.Optional;
import java.util.function.Supplier;

/** Turns the admin client's responses and exceptions into ids, optionals and our own exception. */
final class KeycloakCalls {

  private KeycloakCalls() {}

  /** The id of what a create call made, from its {@code Location}; anything but 201 fails. */
  static String created(Response response, String what) {
    try (response) {
      if (response.getStatus() != 201) {
        String body = response.hasEntity() ? response.readEntity(String.class) : "";
        throw new KeycloakRequestFailedException(
            "Keycloak did not create " + what + ": " + response.getStatus() + " " + body);
      }
      String path = response.getLocation().getPath();
      return path.substring(path.lastIndexOf('/') + 1);
    }
  }

  /** A lookup that answers 404 for "no such thing". */
  static <T> Optional<T> find(Supplier<T> call) {
    try {
      return Optional.ofNullable(call.get());
    } catch (NotFoundException e) {
      return Optional.empty();
    }
  }

  /** Runs an admin call, turning vendor exceptions into {@link KeycloakRequestFailedException}. */
  static <T> T call(String what, Supplier<T> call) {
    try {
      return call.get();
    } catch (WebApplicationException e) {
      int status = e.getResponse() == null ? 0 : e.getResponse().getStatus();
      throw new KeycloakRequestFailedException(
          "Keycloak refused to " + what + " (" + status + "): " + e.getMessage(), e);
    } catch (ProcessingException e) {
      throw new KeycloakRequestFailedException(
          "cannot reach Keycloak to " + what + ": " + KeycloakIdentity.rootMessage(e), e);
    }
  }
}
