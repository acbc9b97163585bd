package dev.parlance.web.pages;

import dev.parlance.application.access.SourceAccess;
import dev.parlance.application.identity.ManageUsersUseCase;
import dev.parlance.domain.governance.UserIdentity;
import dev.parlance.domain.identity.PortalUser;
import jakarta.inject.Inject;
import jakarta.servlet.http.HttpServletRequest;
import jakarta.servlet.http.HttpServletResponse;
import java.io.IOException;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;

/**
 * The admin's users page ({@code /portal/admin/users}): the portal's users in the identity provider
 * with their realm roles and policy attributes; grant or revoke a role, set an attribute (the
 * sources a steward curates, a region). Admins only, as {@code /api/v1/users}; a change reaches the
 * user's tokens at their next sign-in.
 */
public class UserPages extends PageServlet {

  private static final Page USERS = Page.of("users", "Users", "users", SourceAccess.ADMIN);

  private static final long serialVersionUID = 1L;
  private static final int PAGE = 50;

  @Inject transient ManageUsersUseCase users;

  @Override
  protected void doGet(HttpServletRequest request, HttpServletResponse response)
      throws IOException {
    page(request, response, USERS, (user, model) -> list(request, user, model));
  }

  @Override
  protected void doPost(HttpServletRequest request, HttpServletResponse response)
      throws IOException {
    page(
        request,
        response,
        USERS,
        (user, model) -> {
          try {
            model.put("notice", change(request, user));
          } finally {
            list(request, user, model);
          }
        });
  }

  private String change(HttpServletRequest request, UserIdentity admin) {
    String who = field(request, "user");
    return switch (field(request, "action")) {
      case "grant" -> {
        PortalUser changed = users.grantRole(admin, who, field(request, "role"));
        yield who + " now has the roles " + roles(changed) + ".";
      }
      case "revoke" -> {
        PortalUser changed = users.revokeRole(admin, who, field(request, "role"));
        yield who + " now has the roles " + roles(changed) + ".";
      }
      case "attribute" -> {
        String attribute = field(request, "attribute");
        List<String> values = Arrays.asList(field(request, "values").split(","));
        PortalUser changed = users.setAttribute(admin, who, attribute, values);
        yield changed.attributes().containsKey(attribute)
            ? "Set "
                + attribute
                + " of "
                + who
                + " to "
                + String.join(", ", changed.attributes().get(attribute))
                + "."
            : "Removed " + attribute + " of " + who + ".";
      }
      default -> throw new IllegalArgumentException("action: unknown action");
    };
  }

  private static String roles(PortalUser user) {
    return user.roles().isEmpty()
        ? "(none)"
        : String.join(", ", user.roles().stream().sorted().toList());
  }

  private void list(HttpServletRequest request, UserIdentity admin, Map<String, Object> model) {
    int page = Math.max(0, number(request, "page", 0));
    List<PortalUser> found = users.users(admin, page, PAGE);
    List<Map<String, Object>> rows = new ArrayList<>();
    for (PortalUser u : found) {
      Map<String, Object> row = new HashMap<>();
      row.put("name", u.username());
      row.put("enabled", u.enabled());
      row.put(
          "roles",
          u.roles().stream().sorted().map(r -> Map.of("role", r, "user", u.username())).toList());
      List<Map<String, Object>> attributes = new ArrayList<>();
      new TreeMap<>(u.attributes())
          .forEach((k, v) -> attributes.add(Map.of("name", k, "values", String.join(", ", v))));
      row.put("attributes", attributes);
      rows.add(row);
    }
    model.put("users", rows);
    model.put("names", found.stream().map(PortalUser::username).toList());
    model.put("pageNumber", page + 1);
    if (page > 0) {
      model.put("previous", "?page=" + (page - 1));
    }
    if (found.size() == PAGE) {
      model.put("next", "?page=" + (page + 1));
    }
  }
}
