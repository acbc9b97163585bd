package dev.parlance.domain.identity;

import java.util.List;
import java.util.Objects;

/**
 * What provisioning found and did: whether the realm was new, which users it created (their
 * starting passwords are now real) and which already existed (left untouched), and the portal
 * client's secret, which the portal needs to log users in.
 */
public record RealmProvisioned(
    String realm,
    boolean realmCreated,
    List<String> createdUsers,
    List<String> existingUsers,
    String portalClientSecret) {

  public RealmProvisioned {
    Objects.requireNonNull(realm, "realm");
    createdUsers = List.copyOf(createdUsers);
    existingUsers = List.copyOf(existingUsers);
    Objects.requireNonNull(portalClientSecret, "portalClientSecret");
  }

  @Override
  public String toString() {
    return "RealmProvisioned[realm="
        + realm
        + ", realmCreated="
        + realmCreated
        + ", createdUsers="
        + createdUsers
        + ", existingUsers="
        + existingUsers
        + "]";
  }
}
