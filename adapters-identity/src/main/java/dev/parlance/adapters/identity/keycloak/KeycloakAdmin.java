package dev.parlance.adapters.identity.keycloak;

import java.net.URI;
import java.util.Objects;

/**
 * How to reach a Keycloak's admin API: its base URL and an administrator of the {@code master}
 * realm (the embedded default's bootstrap admin, or an organisation's provisioning account).
 */
public record KeycloakAdmin(URI url, String username, String password) {

  public KeycloakAdmin {
    Objects.requireNonNull(url, "url");
    if (!url.isAbsolute() || url.getHost() == null) {
      throw new IllegalArgumentException("the Keycloak URL must be absolute, got " + url);
    }
    if (username == null || username.isBlank()) {
      throw new IllegalArgumentException("a Keycloak admin user name is needed");
    }
    if (password == null || password.isEmpty()) {
      throw new IllegalArgumentException("the Keycloak admin's password is empty");
    }
    url = URI.create(url.toString().replaceAll("/+$", ""));
  }

  @Override
  public String toString() {
    return "KeycloakAdmin[url=" + url + ", username=" + username + "]";
  }
}
