package dev.parlance.adapters.identity.oidc;

import dev.parlance.domain.health.ProbeComponentPort;
import java.net.URI;
import java.time.Duration;

/** OpenID Connect providers as Parlance sees them at run time (any provider, not only Keycloak). */
public final class OidcProvider {

  private OidcProvider() {}

  /**
   * A readiness probe of component {@code identity}: the provider answers when its discovery
   * document ({@code issuer/.well-known/openid-configuration}) is served and names that issuer.
   */
  public static ProbeComponentPort probe(URI issuer, Duration timeout) {
    return new OidcDiscoveryProbeAdapter(issuer, timeout);
  }
}
