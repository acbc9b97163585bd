package dev.parlance.web.identity;

import jakarta.servlet.http.HttpServletRequest;
import java.util.Map;
import java.util.Optional;

/**
 * The claims of a caller signed in through the browser (the server's OpenID Connect client holds
 * them, in a vendor-specific way). The server module implements it; without one, a browser caller
 * is known by name and the portal's roles only.
 */
public interface SessionClaims {

  Optional<Map<String, Object>> claims(HttpServletRequest request);
}
