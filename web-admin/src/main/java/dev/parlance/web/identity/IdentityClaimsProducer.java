package dev.parlance.web.identity;

import jakarta.enterprise.context.ApplicationScoped;
import jakarta.enterprise.inject.Produces;
import jakarta.inject.Singleton;
import java.util.List;
import org.eclipse.microprofile.config.inject.ConfigProperty;

/**
 * The mapping from claims to identities, made once from configuration: injected into the
 * request-scoped {@link CallerIdentity}, a configuration property would be looked up and converted
 * again on every request (about a millisecond of each API call, docs/measurements/portal.md).
 */
@ApplicationScoped
public class IdentityClaimsProducer {

  @Produces
  @Singleton
  IdentityClaims identityClaims(
      @ConfigProperty(name = "parlance.identity.attribute-claims", defaultValue = "region")
          List<String> extraAttributeClaims) {
    return new IdentityClaims(extraAttributeClaims);
  }
}
