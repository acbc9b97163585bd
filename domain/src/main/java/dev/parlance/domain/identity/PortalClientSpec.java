package dev.parlance.domain.identity;

import java.net.URI;
import java.util.List;
import java.util.Optional;

/**
 * The portal's confidential client: its id, where the provider may send a browser back after login
 * ({@code redirectUris}, wildcards allowed at the end) and after logout.
 *
 * @param secret the client's secret when the caller chooses it ({@code parlance serve}, which
 *     starts the portal before its Keycloak answers): the client is created with it, or given it;
 *     empty keeps the secret the provider made
 */
public record PortalClientSpec(
    String clientId,
    URI baseUrl,
    List<String> redirectUris,
    List<String> postLogoutRedirectUris,
    Optional<String> secret) {

  public PortalClientSpec(
      String clientId,
      URI baseUrl,
      List<String> redirectUris,
      List<String> postLogoutRedirectUris) {
    this(clientId, baseUrl, redirectUris, postLogoutRedirectUris, Optional.empty());
  }

  public PortalClientSpec {
    secret = secret == null ? Optional.empty() : secret.filter(s -> !s.isBlank());
    RealmSpec.requireName(clientId, "portal client id");
    if (baseUrl == null || !baseUrl.isAbsolute()) {
      throw new IllegalArgumentException("the portal's base URL must be absolute, got " + baseUrl);
    }
    redirectUris = List.copyOf(redirectUris);
    postLogoutRedirectUris = List.copyOf(postLogoutRedirectUris);
    if (redirectUris.isEmpty()) {
      throw new IllegalArgumentException("the portal client needs at least one redirect URI");
    }
  }
}
