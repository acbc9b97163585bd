package dev.parlance.domain.identity;

import java.net.URI;
import java.util.List;

/**
 * The portal's confidential client: its id, where the provider may send a browser back after login
 * ({@code redirectUris}, wildcards allowed at the end) and after logout.
 */
public record PortalClientSpec(
    String clientId, URI baseUrl, List<String> redirectUris, List<String> postLogoutRedirectUris) {

  public PortalClientSpec {
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
