package dev.parlance.adapters.identity.oidc;

import dev.parlance.domain.health.ComponentStatus;
import dev.parlance.domain.health.ProbeComponentPort;
import java.io.IOException;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.time.Duration;

/** Fetches the provider's discovery document; anything but 200 naming the issuer is down. */
final class OidcDiscoveryProbeAdapter implements ProbeComponentPort {

  static final String COMPONENT = "identity";

  private final URI issuer;
  private final URI discovery;
  private final Duration timeout;
  private final HttpClient http;

  OidcDiscoveryProbeAdapter(URI issuer, Duration timeout) {
    String base = issuer.toString().replaceAll("/+$", "");
    this.issuer = URI.create(base);
    this.discovery = URI.create(base + "/.well-known/openid-configuration");
    this.timeout = timeout;
    this.http = HttpClient.newBuilder().connectTimeout(timeout).build();
  }

  @Override
  public ComponentStatus probe() {
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
