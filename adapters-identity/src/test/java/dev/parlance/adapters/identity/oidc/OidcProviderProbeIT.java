package dev.parlance.adapters.identity.oidc;

import static org.assertj.core.api.Assertions.assertThat;

import dev.parlance.adapters.identity.testing.TestKeycloak;
import dev.parlance.domain.health.ComponentStatus;
import java.net.URI;
import java.time.Duration;
import org.junit.jupiter.api.Test;

class OidcProviderProbeIT {

  @Test
  void should_be_up_when_the_provider_serves_its_discovery_document() {
    URI issuer = TestKeycloak.get().url().resolve("/realms/master");

    ComponentStatus status = OidcProvider.probe(issuer, Duration.ofSeconds(5)).probe();

    assertThat(status).isEqualTo(ComponentStatus.up("identity"));
  }

  @Test
  void should_be_down_with_the_reason_when_the_realm_does_not_exist() {
    URI issuer = TestKeycloak.get().url().resolve("/realms/no-such-realm");

    ComponentStatus status = OidcProvider.probe(issuer, Duration.ofSeconds(5)).probe();

    assertThat(status.up()).isFalse();
    assertThat(status.detail()).contains("404");
  }

  @Test
  void should_be_down_when_nothing_listens() {
    URI issuer = URI.create("http://localhost:" + TestKeycloak.freePort() + "/realms/x");

    ComponentStatus status = OidcProvider.probe(issuer, Duration.ofSeconds(2)).probe();

    assertThat(status.up()).isFalse();
    assertThat(status.detail()).contains("cannot reach");
  }
}
