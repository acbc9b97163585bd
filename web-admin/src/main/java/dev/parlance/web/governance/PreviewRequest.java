package dev.parlance.web.governance;

import dev.parlance.domain.governance.UserIdentity;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Objects;

/**
 * {@code POST /api/v1/sources/{name}/policies/preview}: a statement and the identity to run it as.
 *
 * @param user the previewed user's name
 * @param roles the roles that select row filters and column rules
 * @param attributes the attributes row filters read, e.g. {@code {"region":"SE"}}
 */
public record PreviewRequest(
    String sql, String user, List<String> roles, Map<String, String> attributes) {

  /** The identity to preview as; a missing user name is a 400 that names the field. */
  public UserIdentity identity() {
    if (user == null || user.isBlank()) {
      throw new IllegalArgumentException("user: name the user to preview as");
    }
    return new UserIdentity(
        user,
        new HashSet<>(Objects.requireNonNullElse(roles, List.of())),
        Objects.requireNonNullElse(attributes, Map.of()));
  }
}
