package dev.parlance.web.pages;

import static dev.parlance.web.pages.PageServlet.field;

import dev.parlance.application.identity.ManageUsersUseCase;
import dev.parlance.application.query.PreviewAsUserUseCase;
import dev.parlance.domain.governance.QueryOutcome;
import dev.parlance.domain.governance.ResultColumn;
import dev.parlance.domain.governance.UserIdentity;
import jakarta.servlet.http.HttpServletRequest;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;

/**
 * "Preview as user" on the policies page: the identity the form describes (typed, or one of the
 * realm's users), and what the statement gives it under the source's policy.
 */
final class PolicyPreview {

  /** How many of the realm's users "preview as user" offers to pick from. */
  private static final int PREVIEW_USERS =
      dev.parlance.application.identity.ManageUsersUseCase.MAX_PAGE;

  private PolicyPreview() {}

  /** "Preview as user": what the statement gives the identity the form describes. */
  static void preview(
      PreviewAsUserUseCase previews,
      HttpServletRequest request,
      UserIdentity user,
      String source,
      Map<String, Object> model) {
    String sql = field(request, "sql");
    String as = field(request, "asUser");
    String roles = field(request, "asRoles");
    String attributes = field(request, "asAttributes");
    String real = field(request, "asRealUser");
    model.put("previewSql", sql);
    model.put("previewUser", as);
    model.put("previewRoles", roles);
    model.put("previewAttributes", attributes);
    model.put("previewRealUser", real);
    if (as.isEmpty() && real.isEmpty()) {
      throw new IllegalArgumentException("user: pick a user, or name the identity to preview as");
    }
    UserIdentity identity =
        real.isEmpty()
            ? new UserIdentity(
                as, new HashSet<>(List.of(roles.split("\\s*,\\s*"))), pairs(attributes))
            : previews.realUser(user, real);
    Map<String, Object> shown = new HashMap<>();
    shown.put("as", identity.name());
    shown.put(
        "claims",
        "roles "
            + (identity.roles().isEmpty()
                ? "none"
                : String.join(", ", new java.util.TreeSet<>(identity.roles())))
            + (identity.attributes().isEmpty()
                ? ""
                : "; attributes "
                    + identity.attributes().entrySet().stream()
                        .map(e -> e.getKey() + "=" + e.getValue())
                        .sorted()
                        .collect(java.util.stream.Collectors.joining(", "))));
    switch (previews.preview(user, source, identity, sql)) {
      case QueryOutcome.Ran ran -> {
        shown.put("ran", true);
        shown.put("columns", ran.result().columns().stream().map(ResultColumn::name).toList());
        List<Map<String, Object>> rows = new ArrayList<>();
        for (List<Object> row : ran.result().rows()) {
          rows.add(Map.of("cells", row.stream().map(v -> v == null ? "" : v.toString()).toList()));
        }
        shown.put("rows", rows);
        shown.put("count", ran.result().rowCount());
        shown.put("truncated", ran.result().truncated());
        shown.put("cut", ran.result().cuts().isEmpty() ? null : ran.result().cutExplanation());
        shown.put("sqlRun", ran.result().sqlRun());
      }
      case QueryOutcome.Refused refused ->
          shown.put(
              "reason",
              "Refused ("
                  + refused.refusal().kind().name().toLowerCase(Locale.ROOT).replace('_', ' ')
                  + "): "
                  + refused.refusal().reason());
      case QueryOutcome.Failed failed -> shown.put("reason", "Failed: " + failed.message());
    }
    model.put("preview", shown);
  }

  /** The realm's users to preview as (their claims, not roles typed by hand). */
  static void realUsers(
      ManageUsersUseCase users,
      HttpServletRequest request,
      UserIdentity user,
      Map<String, Object> model) {
    String chosen = field(request, "asRealUser");
    List<Map<String, Object>> options = new ArrayList<>();
    try {
      for (var u : users.users(user, 0, PREVIEW_USERS)) {
        options.add(
            Map.of(
                "name", u.username(),
                "roles", String.join(", ", new java.util.TreeSet<>(u.roles())),
                "selected", u.username().equals(chosen)));
      }
    } catch (RuntimeException e) {
      // No realm reachable (e.g. no admin credentials): the identity is typed by hand then.
      model.put("realUsersProblem", "The realm's users cannot be listed here: " + e.getMessage());
    }
    model.put("realUsers", options);
  }

  /** {@code name=value} pairs separated by commas, e.g. {@code region=SE}. */
  private static Map<String, String> pairs(String text) {
    Map<String, String> pairs = new LinkedHashMap<>();
    for (String pair : text.split(",")) {
      if (pair.isBlank()) {
        continue;
      }
      int eq = pair.indexOf('=');
      if (eq <= 0) {
        throw new IllegalArgumentException(
            "attributes: NAME=VALUE pairs, got '" + pair.strip() + "'");
      }
      pairs.put(pair.substring(0, eq).strip(), pair.substring(eq + 1).strip());
    }
    return pairs;
  }
}
