package dev.parlance.domain.governance;

import java.util.Locale;
import java.util.Map;
import java.util.Objects;
import java.util.Optional;
import java.util.Set;
import java.util.TreeMap;
import java.util.TreeSet;

/**
 * Who asks: a user name, the roles that select the policy's row filters and column rules, and the
 * attributes those filters may use ({@code :user.region}).
 */
public record UserIdentity(String name, Set<String> roles, Map<String, String> attributes) {

  public UserIdentity {
    Objects.requireNonNull(name, "name");
    if (name.isBlank()) {
      throw new IllegalArgumentException("user name must not be blank");
    }
    name = name.strip();
    TreeSet<String> normalisedRoles = new TreeSet<>();
    for (String role : Objects.requireNonNullElse(roles, Set.<String>of())) {
      if (role != null && !role.isBlank()) {
        normalisedRoles.add(role.strip().toLowerCase(Locale.ROOT));
      }
    }
    roles = Set.copyOf(normalisedRoles);
    TreeMap<String, String> normalisedAttributes = new TreeMap<>();
    Objects.requireNonNullElse(attributes, Map.<String, String>of())
        .forEach(
            (k, v) -> {
              if (k == null || k.isBlank() || v == null) {
                throw new IllegalArgumentException("user attributes need a name and a value");
              }
              if (v.indexOf('\0') >= 0) {
                throw new IllegalArgumentException(
                    "user attribute " + k + " holds a NUL character");
              }
              normalisedAttributes.put(k.strip().toLowerCase(Locale.ROOT), v);
            });
    attributes = Map.copyOf(normalisedAttributes);
  }

  public static UserIdentity of(String name, String... roles) {
    return new UserIdentity(name, Set.of(roles), Map.of());
  }

  public UserIdentity withAttribute(String key, String value) {
    TreeMap<String, String> copy = new TreeMap<>(attributes);
    copy.put(key, value);
    return new UserIdentity(name, roles, copy);
  }

  /** Whether a rule for {@code role} applies to this user; {@code *} names every user. */
  public boolean actsAs(String role) {
    return role.equals(GovernancePolicy.EVERYONE) || roles.contains(role);
  }

  public Optional<String> attribute(String key) {
    return Optional.ofNullable(attributes.get(key.toLowerCase(Locale.ROOT)));
  }
}
