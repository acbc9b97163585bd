package dev.parlance.web.me;

import dev.parlance.domain.governance.UserIdentity;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;

/** The caller as governance sees them: user name, roles and policy attributes. */
public record Me(String user, List<String> roles, Map<String, String> attributes) {

  static Me of(UserIdentity identity) {
    return new Me(
        identity.name(),
        identity.roles().stream().sorted().toList(),
        new TreeMap<>(identity.attributes()));
  }
}
