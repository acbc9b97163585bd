package dev.parlance.web.security;

import jakarta.servlet.http.HttpServletRequest;
import jakarta.servlet.http.HttpServletResponse;
import java.util.Optional;

/**
 * The security headers of every answer: a content security policy that allows only the portal's own
 * scripts and styles (no inline code, no framing), no MIME sniffing, no referrer leaving the site,
 * HSTS on HTTPS, and no caching of API answers (they hold governed data).
 */
public final class SecurityHeaders {

  public static final String CONTENT_SECURITY_POLICY = contentSecurityPolicy(Optional.empty());

  private SecurityHeaders() {}

  /**
   * The policy, with {@code formTarget} (the identity provider's origin) allowed as a form's
   * destination besides the portal: the sign-out form posts to the portal, which redirects the
   * browser to the provider's end-session address, and browsers apply {@code form-action} to each
   * redirect of a form's submission (Chromium blocked the sign-out silently without it).
   */
  public static String contentSecurityPolicy(Optional<String> formTarget) {
    return "default-src 'self'; script-src 'self'; style-src 'self'; img-src 'self' data:;"
        + " font-src 'self'; connect-src 'self'; object-src 'none'; base-uri 'self';"
        + " form-action 'self'"
        + formTarget.map(t -> " " + t).orElse("")
        + "; frame-ancestors 'none'";
  }

  public static void applyTo(HttpServletRequest request, HttpServletResponse response) {
    applyTo(request, response, CONTENT_SECURITY_POLICY);
  }

  public static void applyTo(
      HttpServletRequest request, HttpServletResponse response, String contentSecurityPolicy) {
    response.setHeader("Content-Security-Policy", contentSecurityPolicy);
    response.setHeader("X-Content-Type-Options", "nosniff");
    response.setHeader("X-Frame-Options", "DENY");
    response.setHeader("Referrer-Policy", "no-referrer");
    response.setHeader("Cross-Origin-Opener-Policy", "same-origin");
    response.setHeader("Permissions-Policy", "camera=(), microphone=(), geolocation=()");
    if (request.isSecure()) {
      response.setHeader("Strict-Transport-Security", "max-age=31536000");
    }
    if (request.getRequestURI().startsWith(request.getContextPath() + "/api/")) {
      response.setHeader("Cache-Control", "no-store");
    }
  }
}
