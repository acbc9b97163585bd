package dev.parlance.web.security;

import jakarta.servlet.FilterChain;
import jakarta.servlet.ServletException;
import jakarta.servlet.annotation.WebFilter;
import jakarta.servlet.http.Cookie;
import jakarta.servlet.http.HttpFilter;
import jakarta.servlet.http.HttpServletRequest;
import jakarta.servlet.http.HttpServletResponse;
import java.io.IOException;
import java.net.URI;
import java.nio.charset.StandardCharsets;
import java.security.MessageDigest;
import java.security.SecureRandom;
import java.util.Arrays;
import java.util.Base64;
import java.util.Locale;
import java.util.Optional;
import java.util.Set;
import org.eclipse.microprofile.jwt.JsonWebToken;

/**
 * Cross-site request forgery protection for browser requests. A browser sends its session cookie
 * with any request, even one another site makes it send; it never sends an {@code Authorization}
 * header by itself. So a state-changing request (POST, PUT, PATCH, DELETE) without a bearer token
 * must prove it comes from the portal's own pages (a request is "with a bearer token" only when the
 * container authenticated it by that token, {@link #authenticatedByBearerToken}): its {@code
 * X-CSRF-Token} header must equal the {@code PARLANCE_CSRF} cookie (double submit), and its {@code
 * Origin}, when sent, must be the portal's. The cookie is {@code HttpOnly}; pages read the token
 * from the {@code X-CSRF-Token} header of any answer to a safe request; the portal's HTML forms
 * send it as the form field {@code _csrf} instead. A page's form posted without any token cookie
 * (the browser's cookies went with an expired session) is sent back to the page by a GET ({@code
 * 303 See Other}): nothing changes, the user is not shown an error.
 */
@WebFilter(filterName = "csrf", urlPatterns = "/*", asyncSupported = true)
public class CsrfFilter extends HttpFilter {

  private static final long serialVersionUID = 1L;

  public static final String COOKIE = "PARLANCE_CSRF";
  public static final String HEADER = "X-CSRF-Token";
  public static final String FORM_FIELD = "_csrf";
  private static final String PAGES = "/portal/";
  private static final Set<String> SAFE_METHODS = Set.of("GET", "HEAD", "OPTIONS", "TRACE");
  private static final SecureRandom RANDOM = new SecureRandom();

  @Override
  protected void doFilter(
      HttpServletRequest request, HttpServletResponse response, FilterChain chain)
      throws IOException, ServletException {
    Optional<String> cookie = cookie(request);
    if (SAFE_METHODS.contains(request.getMethod().toUpperCase(Locale.ROOT))) {
      String token = cookie.orElseGet(() -> issue(request, response));
      response.setHeader(HEADER, token);
      chain.doFilter(request, response);
      return;
    }
    if (authenticatedByBearerToken(request)) {
      chain.doFilter(request, response);
      return;
    }
    String origin = request.getHeader("Origin");
    if (origin != null && !sameOrigin(origin, request)) {
      ProblemResponses.send(
          request, response, 403, "cross-site request refused (origin " + origin + ")");
      return;
    }
    String header = request.getHeader(HEADER);
    if (cookie.isEmpty() && header == null && isPageNavigation(request)) {
      // A page's form posted by a browser that holds no token: its cookies are gone with a session
      // that expired, and the provider's login sent the post back here after the new sign-in.
      // Nothing is done; the page is shown again (a GET issues a new token), where the page's
      // script puts back what was typed.
      response.setStatus(HttpServletResponse.SC_SEE_OTHER);
      response.setHeader("Location", addressOf(request));
      return;
    }
    if (header == null && isForm(request)) {
      // The portal's pages post plain HTML forms, which cannot set a header: the token travels as
      // a form field instead (the page put it there from the cookie; another site cannot read it).
      header = request.getParameter(FORM_FIELD);
    }
    if (cookie.isEmpty() || header == null || !constantTimeEquals(cookie.get(), header)) {
      ProblemResponses.send(
          request,
          response,
          403,
          "a state-changing browser request needs the " + HEADER + " header (CSRF protection)");
      return;
    }
    chain.doFilter(request, response);
  }

  /**
   * Whether the request's caller is the bearer token it carries: the container authenticated it
   * from that very token (its principal is the token, raw text and all). A header alone proves
   * nothing: on the pages the session cookie authenticates, whatever {@code Authorization} says,
   * and a cookie is what a forged request carries.
   */
  static boolean authenticatedByBearerToken(HttpServletRequest request) {
    String authorization = request.getHeader("Authorization");
    if (authorization == null || !authorization.regionMatches(true, 0, "Bearer ", 0, 7)) {
      return false;
    }
    String sent = authorization.substring(7).strip();
    return !sent.isEmpty()
        && request.getUserPrincipal() instanceof JsonWebToken token
        && token.getRawToken() != null
        && constantTimeEquals(token.getRawToken(), sent);
  }

  /** A browser's navigation to one of the portal's pages (not a script's request, not the API). */
  private static boolean isPageNavigation(HttpServletRequest request) {
    String accept = request.getHeader("Accept");
    return accept != null
        && accept.toLowerCase(Locale.ROOT).contains("text/html")
        && request.getRequestURI().startsWith(request.getContextPath() + PAGES);
  }

  private static String addressOf(HttpServletRequest request) {
    String query = request.getQueryString();
    return request.getRequestURI() + (query == null ? "" : "?" + query);
  }

  private static boolean isForm(HttpServletRequest request) {
    String type = request.getContentType();
    return type != null
        && type.toLowerCase(Locale.ROOT).startsWith("application/x-www-form-urlencoded");
  }

  private static Optional<String> cookie(HttpServletRequest request) {
    Cookie[] cookies = request.getCookies();
    if (cookies == null) {
      return Optional.empty();
    }
    return Arrays.stream(cookies)
        .filter(
            c -> COOKIE.equals(c.getName()) && c.getValue() != null && c.getValue().length() >= 32)
        .map(Cookie::getValue)
        .findFirst();
  }

  private static String issue(HttpServletRequest request, HttpServletResponse response) {
    byte[] bytes = new byte[32];
    RANDOM.nextBytes(bytes);
    String token = Base64.getUrlEncoder().withoutPadding().encodeToString(bytes);
    Cookie cookie = new Cookie(COOKIE, token);
    cookie.setHttpOnly(true);
    cookie.setSecure(request.isSecure());
    cookie.setPath(request.getContextPath().isEmpty() ? "/" : request.getContextPath());
    cookie.setAttribute("SameSite", "Strict");
    response.addCookie(cookie);
    return token;
  }

  static boolean sameOrigin(String origin, HttpServletRequest request) {
    try {
      URI uri = URI.create(origin);
      int port = uri.getPort() == -1 ? ("https".equals(uri.getScheme()) ? 443 : 80) : uri.getPort();
      return request.getScheme().equalsIgnoreCase(uri.getScheme())
          && request.getServerName().equalsIgnoreCase(uri.getHost())
          && request.getServerPort() == port;
    } catch (IllegalArgumentException e) {
      return false;
    }
  }

  private static boolean constantTimeEquals(String a, String b) {
    return MessageDigest.isEqual(
        a.getBytes(StandardCharsets.UTF_8), b.getBytes(StandardCharsets.UTF_8));
  }
}
