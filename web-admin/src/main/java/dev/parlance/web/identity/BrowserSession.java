package dev.parlance.web.identity;

import jakarta.servlet.http.HttpServletRequest;
import java.net.URI;
import java.util.Map;
import java.util.Optional;

/**
 * A caller signed in through the browser, as the server's OpenID Connect client holds them (in a
 * vendor-specific way): their token's claims, and where to send the browser so that the provider
 * ends its session too. The server module implements it; without one, a browser caller is known by
 * name and the portal's roles only, and logout ends the portal's session alone.
 */
public interface BrowserSession {

  Optional<Map<String, Object>> claims(HttpServletRequest request);

  /**
   * The provider's end-session address for this session (RP-initiated logout), returning the
   * browser to {@code returnTo} afterwards; empty when the request has no provider session.
   */
  Optional<URI> providerLogout(HttpServletRequest request, URI returnTo);

  /**
   * The origin ({@code scheme://host:port}) of the provider's end-session address, where sign-out
   * redirects the browser; empty when sign-out stays on the portal.
   */
  default Optional<String> providerOrigin() {
    return Optional.empty();
  }
}
