package dev.parlance.domain.identity;

import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Set;
import java.util.TreeMap;

/**
 * A user to create when missing: realm roles, attributes (multi-valued, e.g. {@code region} or
 * {@code stewarded_sources}) and the password it starts with. An existing user is never changed.
 */
public record UserSpec(
    String username, Set<String> roles, Map<String, List<String>> attributes, String password) {

  public UserSpec {
    RealmSpec.requireName(username, "user name");
    roles = Set.copyOf(roles);
    TreeMap<String, List<String>> copy = new TreeMap<>();
    attributes.forEach(
        (name, values) -> copy.put(RealmSpec.requireName(name, "attribute"), List.copyOf(values)));
    attributes = Map.copyOf(copy);
    Objects.requireNonNull(password, "password");
    if (password.length() < 12) {
      throw new IllegalArgumentException("a user's starting password needs 12 characters or more");
    }
  }

  @Override
  public String toString() {
    // Passwords never reach a log line through a record's toString.
    return "UserSpec[username="
        + username
        + ", roles="
        + roles
        + ", attributes="
        + attributes
        + "]";
  }
}
