package dev.parlance.adapters.identity.oidc;

import static org.assertj.core.api.Assertions.assertThat;

import com.sun.net.httpserver.HttpServer;
import dev.parlance.domain.health.ComponentStatus;
import java.net.InetSocketAddress;
import java.net.URI;
import java.net.http.HttpClient;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

/**
 * Issue 24: after an OutOfMemoryError the portal's readiness stayed DOWN. The JDK's HTTP client
 * refuses every request once its selector thread has died; the probe must not keep such a client.
 */
class OidcDiscoveryProbeTest {

  private HttpServer provider;
  private URI issuer;

  @BeforeEach
  void startAProvider() throws Exception {
    provider = HttpServer.create(new InetSocketAddress("127.0.0.1", 0), 0);
    issuer = URI.create("http://127.0.0.1:" + provider.getAddress().getPort() + "/realms/p");
    provider.createContext(
        "/realms/p/.well-known/openid-configuration",
        exchange -> {
          byte[] body = ("{\"issuer\":\"" + issuer + "\"}").getBytes(StandardCharsets.UTF_8);
          exchange.sendResponseHeaders(200, body.length);
          exchange.getResponseBody().write(body);
          exchange.close();
        });
    provider.start();
  }

  @AfterEach
  void stop() {
    provider.stop(0);
  }

  @Test
  void should_be_up_again_when_its_http_client_died_and_the_provider_answers() {
    List<HttpClient> made = new ArrayList<>();
    OidcDiscoveryProbeAdapter probe =
        new OidcDiscoveryProbeAdapter(
            issuer,
            Duration.ofSeconds(2),
            () -> {
              HttpClient c = HttpClient.newHttpClient();
              made.add(c);
              return c;
            });
    assertThat(probe.probe().up()).isTrue();
    // What an OutOfMemoryError in its selector thread leaves: a client that refuses everything.
    made.getFirst().shutdownNow();

    ComponentStatus broken = probe.probe();
    ComponentStatus next = probe.probe();

    assertThat(broken.up()).isFalse();
    assertThat(next.up()).as(next.detail()).isTrue();
    assertThat(made).hasSize(2);
  }

  @Test
  void should_keep_its_client_while_the_provider_answers() {
    List<HttpClient> made = new ArrayList<>();
    OidcDiscoveryProbeAdapter probe =
        new OidcDiscoveryProbeAdapter(
            issuer,
            Duration.ofSeconds(2),
            () -> {
              HttpClient c = HttpClient.newHttpClient();
              made.add(c);
              return c;
            });
    for (int i = 0; i < 5; i++) {
      assertThat(probe.probe().up()).isTrue();
    }
    assertThat(made).hasSize(1);
  }
}
