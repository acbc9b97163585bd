package dev.parlance.web.security;

import jakarta.servlet.FilterChain;
import jakarta.servlet.ServletException;
import jakarta.servlet.annotation.WebFilter;
import jakarta.servlet.http.HttpFilter;
import jakarta.servlet.http.HttpServletRequest;
import jakarta.servlet.http.HttpServletResponse;
import java.io.IOException;

/**
 * Security headers on every answer of the application: a content security policy that allows only
 * the portal's own scripts and styles (no inline code, no framing), no MIME sniffing, no referrer
 * leaving the site, HSTS on HTTPS, and no caching of API answers (they hold governed data).
 */
@WebFilter(filterName = "security-headers", urlPatterns = "/*", asyncSupported = true)
public class SecurityHeadersFilter extends HttpFilter {

  private static final long serialVersionUID = 1L;

  public static final String CONTENT_SECURITY_POLICY =
      "default-src 'self'; script-src 'self'; style-src 'self'; img-src 'self' data:;"
          + " font-src 'self'; connect-src 'self'; object-src 'none'; base-uri 'self';"
          + " form-action 'self'; frame-ancestors 'none'";

  @Override
  protected void doFilter(
      HttpServletRequest request, HttpServletResponse response, FilterChain chain)
      throws IOException, ServletException {
    applyTo(request, response);
    chain.doFilter(request, response);
  }

  static void applyTo(HttpServletRequest request, HttpServletResponse response) {
    response.setHeader("Content-Security-Policy", CONTENT_SECURITY_POLICY);
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
