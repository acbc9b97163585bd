package dev.parlance.adapters.identity.keycloak;

import dev.parlance.domain.identity.ManageUsersPort;
import dev.parlance.domain.identity.PortalUser;
import java.net.URI;
import java.net.http.HttpClient;
import java.time.Duration;
import java.util.List;
import java.util.Optional;

/**
 * Builds the users adapter of one realm. Touches no class of Keycloak's admin client, so that it
 * can be used inside the portal's server, where the admin client does not load.
 */
public final class KeycloakUsers {

  private KeycloakUsers() {}

  /**
   * The users of {@code realm}, managed as the {@code master}-realm administrator {@code admin}.
   */
  public static ManageUsersPort of(KeycloakAdmin admin, String realm) {
    return of(admin, realm, HttpClient.newBuilder().connectTimeout(Duration.ofSeconds(5)).build());
  }

  /** The same over a given HTTP client (a test's, or one with the organisation's trust store). */
  public static ManageUsersPort of(KeycloakAdmin admin, String realm, HttpClient http) {
    if (realm == null || realm.isBlank()) {
      throw new IllegalArgumentException("a Keycloak realm name is needed");
    }
    return new KeycloakRestUsersAdapter(admin, realm.strip(), http);
  }

  /**
   * The users of the realm an OpenID Connect issuer of Keycloak names ({@code
   * https://host/realms/NAME}), managed as {@code admin} of that Keycloak's {@code master} realm.
   */
  public static ManageUsersPort ofIssuer(String issuer, String username, String password) {
    int realms = issuer == null ? -1 : issuer.indexOf("/realms/");
    if (realms < 0) {
      throw new IllegalArgumentException(
          "the issuer " + issuer + " is not a Keycloak realm's (…/realms/NAME)");
    }
    String realm = issuer.substring(realms + "/realms/".length()).replaceAll("/+$", "");
    return of(
        new KeycloakAdmin(URI.create(issuer.substring(0, realms)), username, password), realm);
  }

  /** A port that says, on every call, why users cannot be managed here. */
  public static ManageUsersPort unavailable(String why) {
    return new ManageUsersPort() {
      @Override
      public List<PortalUser> users(int first, int max) {
        throw new KeycloakRequestFailedException(why);
      }

      @Override
      public Optional<PortalUser> user(String username) {
        throw new KeycloakRequestFailedException(why);
      }

      @Override
      public void grantRole(String username, String role) {
        throw new KeycloakRequestFailedException(why);
      }

      @Override
      public void revokeRole(String username, String role) {
        throw new KeycloakRequestFailedException(why);
      }

      @Override
      public void setAttribute(String username, String attribute, List<String> values) {
        throw new KeycloakRequestFailedException(why);
      }
    };
  }
}
