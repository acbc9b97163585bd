package dev.parlance.adapters.identity.keycloak;

import dev.parlance.domain.identity.ManageUsersPort;
import dev.parlance.domain.identity.PortalUser;
import dev.parlance.domain.identity.UnknownUserException;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.stream.Collectors;
import org.keycloak.admin.client.Keycloak;
import org.keycloak.admin.client.resource.RealmResource;
import org.keycloak.admin.client.resource.UserResource;
import org.keycloak.representations.idm.RoleRepresentation;
import org.keycloak.representations.idm.UserRepresentation;

/** Users of one realm for the admin pages: realm roles and policy attributes. */
final class KeycloakUsersAdapter implements ManageUsersPort {

  // Keycloak's own roles every user holds; they mean nothing to Parlance.
  private static final Set<String> BUILT_IN_ROLES = Set.of("offline_access", "uma_authorization");

  private final Keycloak keycloak;
  private final String realmName;

  KeycloakUsersAdapter(Keycloak keycloak, String realm) {
    this.keycloak = keycloak;
    this.realmName = realm;
  }

  private RealmResource realm() {
    return keycloak.realm(realmName);
  }

  @Override
  public List<PortalUser> users(int first, int max) {
    return KeycloakCalls.call(
        "list users",
        () ->
            realm().users().list(first, max).stream()
                .sorted(java.util.Comparator.comparing(UserRepresentation::getUsername))
                .map(this::portalUser)
                .toList());
  }

  @Override
  public Optional<PortalUser> user(String username) {
    return KeycloakCalls.call(
        "find user " + username, () -> representation(username).map(this::portalUser));
  }

  @Override
  public void grantRole(String username, String role) {
    KeycloakCalls.call(
        "grant " + role + " to " + username,
        () -> {
          RoleRepresentation representation = realm().roles().get(role).toRepresentation();
          resource(username).roles().realmLevel().add(List.of(representation));
          return null;
        });
  }

  @Override
  public void revokeRole(String username, String role) {
    KeycloakCalls.call(
        "revoke " + role + " from " + username,
        () -> {
          RoleRepresentation representation = realm().roles().get(role).toRepresentation();
          resource(username).roles().realmLevel().remove(List.of(representation));
          return null;
        });
  }

  @Override
  public void setAttribute(String username, String attribute, List<String> values) {
    KeycloakCalls.call(
        "set " + attribute + " of " + username,
        () -> {
          UserRepresentation user =
              representation(username).orElseThrow(() -> new UnknownUserException(username));
          Map<String, List<String>> attributes =
              new HashMap<>(user.getAttributes() == null ? Map.of() : user.getAttributes());
          if (values.isEmpty()) {
            attributes.remove(attribute);
          } else {
            attributes.put(attribute, List.copyOf(values));
          }
          user.setAttributes(attributes);
          realm().users().get(user.getId()).update(user);
          ParlanceClaims.ensureAttribute(realm(), attribute);
          return null;
        });
  }

  private Optional<UserRepresentation> representation(String username) {
    return realm().users().searchByUsername(username, true).stream().findFirst();
  }

  private UserResource resource(String username) {
    String id =
        representation(username)
            .map(UserRepresentation::getId)
            .orElseThrow(() -> new UnknownUserException(username));
    return realm().users().get(id);
  }

  private PortalUser portalUser(UserRepresentation user) {
    Set<String> roles =
        realm().users().get(user.getId()).roles().realmLevel().listAll().stream()
            .map(RoleRepresentation::getName)
            .filter(name -> !BUILT_IN_ROLES.contains(name) && !name.startsWith("default-roles-"))
            .collect(Collectors.toSet());
    Map<String, List<String>> attributes = new HashMap<>();
    if (user.getAttributes() != null) {
      user.getAttributes().forEach((k, v) -> attributes.put(k, new ArrayList<>(v)));
    }
    return new PortalUser(
        user.getUsername(), Boolean.TRUE.equals(user.isEnabled()), roles, attributes);
  }
}
