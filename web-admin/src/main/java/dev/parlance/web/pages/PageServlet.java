package dev.parlance.web.pages;

import dev.parlance.domain.governance.UserIdentity;
import dev.parlance.web.identity.CallerIdentity;
import dev.parlance.web.security.CsrfFilter;
import jakarta.inject.Inject;
import jakarta.servlet.http.HttpServlet;
import jakarta.servlet.http.HttpServletRequest;
import jakarta.servlet.http.HttpServletResponse;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.UUID;
import java.util.logging.Level;
import java.util.logging.Logger;

/**
 * What every page shares: the signed-in user, the layout with navigation by role, the CSRF token
 * forms send back, and the wording of failures. A page translates its request into one use-case
 * call and renders the result; the use cases decide who may do what.
 */
abstract class PageServlet extends HttpServlet {

  private static final long serialVersionUID = 1L;
  private static final Logger LOG = Logger.getLogger(PageServlet.class.getName());

  @Inject transient CallerIdentity caller;

  /** A page's work: render into the model, or answer by itself (a redirect, a download). */
  @FunctionalInterface
  interface Work {
    void run(UserIdentity user, Map<String, Object> model) throws IOException;
  }

  /**
   * What names a page, said once for its GET and POST: its template, its title, its entry in the
   * navigation and the roles it is for (none: every signed-in user; the use cases decide).
   */
  record Page(String template, String title, String nav, List<String> roles) {
    Page {
      roles = List.copyOf(roles);
    }

    static Page of(String template, String title, String nav, String... roles) {
      return new Page(template, title, nav, List.of(roles));
    }
  }

  /**
   * Runs {@code work} and renders the page's template in the layout. An expected failure is shown
   * on the same page when {@code inline} applies (the form stays filled), else as an error page.
   */
  protected final void page(
      HttpServletRequest request, HttpServletResponse response, Page page, Work work)
      throws IOException {
    Rendered rendered = render(request, response, caller.get(), page, work);
    if (!response.isCommitted()) {
      response.setStatus(rendered.status());
      write(response, rendered.html());
    }
  }

  /**
   * A page as HTML with the status it answers with.
   *
   * @param error the failure the page reports, empty when the work succeeded
   */
  record Rendered(int status, String html, String error) {}

  /**
   * Runs {@code work} for {@code user} and renders the page {@link #page} writes unless the work
   * answered by itself (a redirect, a download: the response is committed then).
   */
  static Rendered render(
      HttpServletRequest request,
      HttpServletResponse response,
      UserIdentity user,
      Page page,
      Work work)
      throws IOException {
    String template = page.template();
    String title = page.title();
    Map<String, Object> model = layout(request, response, user, title, page.nav());
    int status = 200;
    try {
      if (!page.roles().isEmpty()) {
        requireRole(user, page.roles().toArray(String[]::new));
      }
      work.run(user, model);
    } catch (RuntimeException failure) {
      PageFailure known = PageFailure.of(failure).orElse(null);
      if (known == null) {
        String reference = UUID.randomUUID().toString();
        LOG.log(
            Level.SEVERE,
            "page " + request.getRequestURI() + " failed, reference " + reference,
            failure);
        known =
            new PageFailure(
                500, "Something went wrong on our side (reference " + reference + ").", false);
      }
      status = known.status();
      model.put("error", known.message());
      if (!known.inline()) {
        template = "error";
        model.put("title", title + ": " + statusText(status));
        model.put("status", status);
      }
    }
    return new Rendered(
        status, Templates.render(template, model), (String) model.getOrDefault("error", ""));
  }

  static Map<String, Object> layout(
      HttpServletRequest request,
      HttpServletResponse response,
      UserIdentity user,
      String title,
      String nav) {
    Map<String, Object> model = new HashMap<>();
    model.put("title", title);
    model.put("ctx", request.getContextPath());
    model.put("user", user.name());
    model.put("csrf", csrf(request, response));
    List<Map<String, Object>> links = new ArrayList<>();
    if (user.roles().contains("analyst")
        || user.roles().contains("steward")
        || user.roles().contains("admin")) {
      links.add(link(request, "ask", "Ask", "/portal/ask", nav));
      links.add(link(request, "history", "My questions", "/portal/history", nav));
      links.add(link(request, "catalog", "Catalog", "/portal/catalog", nav));
    }
    if (user.roles().contains("steward") || user.roles().contains("admin")) {
      links.add(link(request, "curation", "Curation", "/portal/curation", nav));
    }
    if (user.roles().contains("admin")) {
      links.add(link(request, "sources", "Sources", "/portal/admin/sources", nav));
      links.add(link(request, "policies", "Policies", "/portal/admin/policies", nav));
      links.add(link(request, "audit", "Audit", "/portal/admin/audit", nav));
      links.add(link(request, "users", "Users", "/portal/admin/users", nav));
      links.add(link(request, "models", "Models", "/portal/admin/models", nav));
      links.add(link(request, "evaluations", "Evaluations", "/portal/admin/evaluations", nav));
    }
    model.put("nav", links);
    model.put("roles", String.join(", ", user.roles().stream().sorted().toList()));
    return model;
  }

  private static Map<String, Object> link(
      HttpServletRequest request, String id, String label, String path, String nav) {
    Map<String, Object> link = new HashMap<>();
    link.put("id", id);
    link.put("label", label);
    link.put("href", request.getContextPath() + path);
    link.put("current", id.equals(nav));
    return link;
  }

  /** The CSRF token of this browser: the cookie's, or the one the filter issued just now. */
  static String csrf(HttpServletRequest request, HttpServletResponse response) {
    String issued = response.getHeader(CsrfFilter.HEADER);
    if (issued != null) {
      return issued;
    }
    if (request.getCookies() != null) {
      for (var cookie : request.getCookies()) {
        if (CsrfFilter.COOKIE.equals(cookie.getName())) {
          return cookie.getValue();
        }
      }
    }
    return "";
  }

  static void write(HttpServletResponse response, String html) throws IOException {
    response.setContentType("text/html");
    response.setCharacterEncoding(StandardCharsets.UTF_8.name());
    response.setHeader("Cache-Control", "no-store");
    response.getWriter().write(html);
  }

  static String statusText(int status) {
    return switch (status) {
      case 400 -> "bad input";
      case 403 -> "not allowed";
      case 404 -> "not found";
      case 409 -> "not ready";
      case 429 -> "limit reached";
      case 503 -> "unavailable";
      default -> "error";
    };
  }

  /** A form field, stripped; empty when absent. */
  static String field(HttpServletRequest request, String name) {
    String value = request.getParameter(name);
    return value == null ? "" : value.strip();
  }

  static int number(HttpServletRequest request, String name, int fallback) {
    String value = field(request, name);
    if (value.isEmpty()) {
      return fallback;
    }
    try {
      return Integer.parseInt(value);
    } catch (NumberFormatException e) {
      throw new IllegalArgumentException(name + ": not a whole number: '" + value + "'");
    }
  }

  /** Refuses a page to a user without one of {@code roles}, as the use cases would. */
  static void requireRole(UserIdentity user, String... roles) {
    for (String role : roles) {
      if (user.roles().contains(role)) {
        return;
      }
    }
    throw new dev.parlance.application.access.AccessDeniedException(
        "this page is for " + String.join(" or ", roles) + "s");
  }
}
