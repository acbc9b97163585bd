package dev.parlance.deploy.server;

import dev.parlance.adapters.identity.oidc.OidcProvider;
import dev.parlance.application.health.CheckReadinessService;
import dev.parlance.application.health.CheckReadinessUseCase;
import dev.parlance.domain.health.ProbeComponentPort;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.enterprise.inject.Any;
import jakarta.enterprise.inject.Instance;
import jakarta.enterprise.inject.Produces;
import java.net.URI;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import org.eclipse.microprofile.config.inject.ConfigProperty;

/**
 * The server's own beans until the shared wiring ({@code deploy/wiring}) lands: readiness over
 * every {@link ProbeComponentPort} bean, and the identity provider's probe. The wiring adds probes
 * for the store and the index as further {@code ProbeComponentPort} producers and names them in
 * {@code parlance.health.required}; nothing here changes.
 */
@ApplicationScoped
public class ServerWiring {

  @Produces
  @ApplicationScoped
  CheckReadinessUseCase readiness(
      @Any Instance<ProbeComponentPort> probes,
      @ConfigProperty(name = "parlance.health.required", defaultValue = "identity")
          List<String> required) {
    List<ProbeComponentPort> all = new ArrayList<>();
    probes.forEach(all::add);
    return new CheckReadinessService(all, java.util.Set.copyOf(required));
  }

  @Produces
  @ApplicationScoped
  ProbeComponentPort identityProvider(
      @ConfigProperty(name = "parlance.oidc.issuer") String issuer) {
    return OidcProvider.probe(URI.create(issuer), Duration.ofSeconds(2));
  }
}
