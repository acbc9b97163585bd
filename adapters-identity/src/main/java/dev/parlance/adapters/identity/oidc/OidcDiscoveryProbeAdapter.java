package dev.parlance.adapters.identity.oidc;

import dev.parlance.domain.health.ComponentStatus;
import dev.parlance.domain.health.ProbeComponentPort;
import java.io.IOException;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.time.Duration;
import java.util.function.Supplier;

/**
 * Fetches the provider's discovery document; anything but 200 naming the issuer is down. A probe
 * that fails drops its HTTP client and the next one builds another: a client whose selector thread
 * died (an OutOfMemoryError ends it, and the JDK's client then refuses every request for good) must
 * not keep the portal "not ready" after the server recovered (issue 24).
 */
final class OidcDiscoveryProbeAdapter implements ProbeComponentPort {

  static final String COMPONENT = "identity";

  private final URI issuer;
  private final URI discovery;
  private final Duration timeout;
  private final Supplier<HttpClient> clients;
  private HttpClient http;

  OidcDiscoveryProbeAdapter(URI issuer, Duration timeout) {
    this(issuer, timeout, () -> HttpClient.newBuilder().connectTimeout(timeout).build());
  }

  OidcDiscoveryProbeAdapter(URI issuer, Duration timeout, Supplier<HttpClient> clients) {
    String base = issuer.toString().replaceAll("/+$", "");
    this.issuer = URI.create(base);
    this.discovery = URI.create(base + "/.well-known/openid-configuration");
    this.timeout = timeout;
    this.clients = clients;
  }

  @Override
  public ComponentStatus probe() {
    HttpClient client = client();
    ComponentStatus status;
    try {
      status = probe(client);
    } catch (RuntimeException | OutOfMemoryError e) {
      status = ComponentStatus.down(COMPONENT, "cannot reach " + discovery + ": " + e);
    }
    if (!status.up()) {
      drop(client);
    }
    return status;
  }

  private synchronized HttpClient client() {
    if (http == null) {
      http = clients.get();
    }
    return http;
  }

  // The next probe starts from a new client: whatever broke this one stays with it.
  private synchronized void drop(HttpClient client) {
    if (http == client) {
      http = null;
      client.shutdownNow();
    }
  }

  private ComponentStatus probe(HttpClient http) {
    try {
      HttpResponse<String> response =
          http.send(
              HttpRequest.newBuilder(discovery).timeout(timeout).build(),
              HttpResponse.BodyHandlers.ofString());
      if (response.statusCode() != 200) {
        return ComponentStatus.down(COMPONENT, discovery + " answered " + response.statusCode());
      }
      // A plain text check: the document is JSON whose "issuer" must be ours (slashes may be
      // escaped).
      String body = response.body().replace("\\/", "/");
      if (!body.contains("\"" + issuer + "\"")) {
        return ComponentStatus.down(COMPONENT, discovery + " names another issuer than " + issuer);
      }
      return ComponentStatus.up(COMPONENT);
    } catch (IOException e) {
      return ComponentStatus.down(COMPONENT, "cannot reach " + discovery + ": " + e);
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
      return ComponentStatus.down(COMPONENT, "interrupted");
    }
  }
}
