package dev.parlance.domain.identity;

import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Set;

/** A user of the portal as the identity provider knows them: roles and policy attributes. */
public record PortalUser(
    String username, boolean enabled, Set<String> roles, Map<String, List<String>> attributes) {

  public PortalUser {
    Objects.requireNonNull(username, "username");
    roles = Set.copyOf(roles);
    attributes = Map.copyOf(attributes);
  }
}
