package dev.parlance.deploy.wiring;

import dev.parlance.adapters.identity.oidc.OidcProvider;
import dev.parlance.adapters.index.SearchIndexes;
import dev.parlance.application.health.CheckReadinessService;
import dev.parlance.application.health.CheckReadinessUseCase;
import dev.parlance.domain.health.ComponentStatus;
import dev.parlance.domain.health.ProbeComponentPort;
import dev.parlance.domain.source.DataSourcesPort;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.enterprise.inject.Any;
import jakarta.enterprise.inject.Instance;
import jakarta.enterprise.inject.Produces;
import jakarta.inject.Named;
import java.net.URI;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Set;
import java.util.stream.Collectors;

/**
 * Readiness of a server (the portal's {@code /health/ready}): the metadata store, the index and the
 * identity provider each answer, or the server is not ready. {@code parlance.health.required} names
 * the components that must be up (default {@code identity,store,index}); the identity probe reads
 * the provider's discovery document at {@code parlance.oidc.issuer}.
 */
@ApplicationScoped
public class ReadinessProducers {

  @Produces
  @ApplicationScoped
  CheckReadinessUseCase readiness(
      @Any Instance<ProbeComponentPort> probes, ParlanceSettings settings) {
    List<ProbeComponentPort> all = new ArrayList<>();
    probes.forEach(all::add);
    Set<String> required =
        Arrays.stream(settings.get("parlance.health.required", "identity,store,index").split(","))
            .map(String::strip)
            .filter(s -> !s.isEmpty())
            .collect(Collectors.toSet());
    return new CheckReadinessService(all, required);
  }

  /** The store answers a read of its source list. */
  @Produces
  @Named("store")
  ProbeComponentPort store(DataSourcesPort sources) {
    return () -> {
      try {
        sources.all();
        return ComponentStatus.up("store");
      } catch (RuntimeException e) {
        return ComponentStatus.down("store", oneLine(e));
      }
    };
  }

  /** The schema index (Lucene or OpenSearch, as configured) opens and answers a status read. */
  @Produces
  @Named("index")
  ProbeComponentPort index(SearchIndexes indexes) {
    return () -> {
      try {
        indexes.schema().status("parlance-readiness-probe");
        return ComponentStatus.up("index");
      } catch (RuntimeException e) {
        return ComponentStatus.down("index", oneLine(e));
      }
    };
  }

  /** The identity provider serves its discovery document. */
  @Produces
  @Named("identity")
  ProbeComponentPort identity(ParlanceSettings settings) {
    return settings
        .value("parlance.oidc.issuer")
        .<ProbeComponentPort>map(
            issuer -> OidcProvider.probe(URI.create(issuer), Duration.ofSeconds(2)))
        .orElse(() -> ComponentStatus.down("identity", "parlance.oidc.issuer is not set"));
  }

  private static String oneLine(RuntimeException e) {
    String m = e.getMessage() == null ? e.getClass().getSimpleName() : e.getMessage();
    return m.replaceAll("\\s+", " ").strip();
  }
}
