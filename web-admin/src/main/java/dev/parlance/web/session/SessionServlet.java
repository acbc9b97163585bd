package dev.parlance.web.session;

import dev.parlance.domain.governance.UserIdentity;
import dev.parlance.web.identity.CallerIdentity;
import jakarta.inject.Inject;
import jakarta.json.Json;
import jakarta.json.JsonArrayBuilder;
import jakarta.json.JsonObjectBuilder;
import jakarta.servlet.annotation.WebServlet;
import jakarta.servlet.http.HttpServlet;
import jakarta.servlet.http.HttpServletRequest;
import jakarta.servlet.http.HttpServletResponse;
import java.io.IOException;
import java.nio.charset.StandardCharsets;

/**
 * {@code GET /portal/session}: who the browser session belongs to (the same user, roles and
 * attributes as {@code GET /api/v1/me} gives a bearer token), for the pages to show.
 */
@WebServlet(name = "session", urlPatterns = "/portal/session")
public class SessionServlet extends HttpServlet {

  private static final long serialVersionUID = 1L;

  @Inject CallerIdentity caller;

  @Override
  protected void doGet(HttpServletRequest request, HttpServletResponse response)
      throws IOException {
    UserIdentity identity = caller.get();
    JsonArrayBuilder roles = Json.createArrayBuilder();
    identity.roles().stream().sorted().forEach(roles::add);
    JsonObjectBuilder attributes = Json.createObjectBuilder();
    new java.util.TreeMap<>(identity.attributes()).forEach(attributes::add);
    response.setContentType("application/json");
    response.setCharacterEncoding(StandardCharsets.UTF_8.name());
    response.setHeader("Cache-Control", "no-store");
    response
        .getWriter()
        .write(
            Json.createObjectBuilder()
                .add("user", identity.name())
                .add("roles", roles)
                .add("attributes", attributes)
                .build()
                .toString());
  }
}
