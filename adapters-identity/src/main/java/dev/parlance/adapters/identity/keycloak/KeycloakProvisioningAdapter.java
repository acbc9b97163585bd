package dev.parlance.adapters.identity.keycloak;

import dev.parlance.domain.identity.PortalClientSpec;
import dev.parlance.domain.identity.ProvisionRealmPort;
import dev.parlance.domain.identity.RealmProvisioned;
import dev.parlance.domain.identity.RealmSpec;
import dev.parlance.domain.identity.UserSpec;
import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import org.keycloak.admin.client.Keycloak;
import org.keycloak.admin.client.resource.ClientResource;
import org.keycloak.admin.client.resource.RealmResource;
import org.keycloak.representations.idm.ClientRepresentation;
import org.keycloak.representations.idm.ClientScopeRepresentation;
import org.keycloak.representations.idm.CredentialRepresentation;
import org.keycloak.representations.idm.RealmRepresentation;
import org.keycloak.representations.idm.RoleRepresentation;
import org.keycloak.representations.idm.UserRepresentation;
import org.keycloak.representations.userprofile.config.UPConfig;

/**
 * Provisions a realm step by step, each step "make it so" rather than "create": the realm, its user
 * profile, roles, the claims scope, both clients and the users. A second run finds everything and
 * changes nothing but the portal client's redirect URIs, which gain the portal's current address.
 */
final class KeycloakProvisioningAdapter implements ProvisionRealmPort {

  private final Keycloak keycloak;

  KeycloakProvisioningAdapter(Keycloak keycloak) {
    this.keycloak = keycloak;
  }

  @Override
  public RealmProvisioned provision(RealmSpec spec) {
    return KeycloakCalls.call("provision realm " + spec.realm(), () -> provisionNow(spec));
  }

  private RealmProvisioned provisionNow(RealmSpec spec) {
    boolean realmCreated = ensureRealm(spec.realm());
    RealmResource realm = keycloak.realm(spec.realm());
    allowPolicyAttributes(realm);
    spec.roles().stream().sorted().forEach(role -> ensureRole(realm, role));
    String scopeId = ParlanceClaims.ensureScope(realm, spec.tokenAttributes());
    String portalId = ensurePortalClient(realm, spec.portal());
    String cliId = ensureCliClient(realm, spec.cliClientId());
    for (String clientId : List.of(portalId, cliId)) {
      ClientResource client = realm.clients().get(clientId);
      boolean hasScope =
          client.getDefaultClientScopes().stream()
              .map(ClientScopeRepresentation::getId)
              .anyMatch(scopeId::equals);
      if (!hasScope) {
        client.addDefaultClientScope(scopeId);
      }
    }
    List<String> created = new ArrayList<>();
    List<String> existing = new ArrayList<>();
    for (UserSpec user : spec.users()) {
      if (ensureUser(realm, user)) {
        created.add(user.username());
      } else {
        existing.add(user.username());
      }
    }
    String secret = realm.clients().get(portalId).getSecret().getValue();
    return new RealmProvisioned(spec.realm(), realmCreated, created, existing, secret);
  }

  private boolean ensureRealm(String name) {
    boolean exists = keycloak.realms().findAll().stream().anyMatch(r -> name.equals(r.getRealm()));
    if (exists) {
      return false;
    }
    RealmRepresentation realm = new RealmRepresentation();
    realm.setRealm(name);
    realm.setDisplayName("Parlance");
    realm.setEnabled(true);
    realm.setLoginWithEmailAllowed(false);
    realm.setBruteForceProtected(true);
    keycloak.realms().create(realm);
    return true;
  }

  // Keycloak's declarative user profile drops attributes it does not know; admins may set any
  // attribute a policy names (users cannot see or change them).
  private static void allowPolicyAttributes(RealmResource realm) {
    UPConfig profile = realm.users().userProfile().getConfiguration();
    if (profile.getUnmanagedAttributePolicy() != UPConfig.UnmanagedAttributePolicy.ADMIN_EDIT) {
      profile.setUnmanagedAttributePolicy(UPConfig.UnmanagedAttributePolicy.ADMIN_EDIT);
      realm.users().userProfile().update(profile);
    }
  }

  private static void ensureRole(RealmResource realm, String role) {
    if (KeycloakCalls.find(() -> realm.roles().get(role).toRepresentation()).isEmpty()) {
      RoleRepresentation representation = new RoleRepresentation();
      representation.setName(role);
      representation.setDescription("Parlance role " + role);
      realm.roles().create(representation);
    }
  }

  private static String ensurePortalClient(RealmResource realm, PortalClientSpec portal) {
    Optional<ClientRepresentation> found = client(realm, portal.clientId());
    if (found.isPresent()) {
      ClientRepresentation client = found.get();
      LinkedHashSet<String> redirects = new LinkedHashSet<>(nonNull(client.getRedirectUris()));
      LinkedHashSet<String> logouts =
          new LinkedHashSet<>(splitUris(client.getAttributes(), "post.logout.redirect.uris"));
      boolean changed = redirects.addAll(portal.redirectUris());
      changed |= logouts.addAll(portal.postLogoutRedirectUris());
      if (portal.secret().isPresent()
          && !portal
              .secret()
              .get()
              .equals(realm.clients().get(client.getId()).getSecret().getValue())) {
        client.setSecret(portal.secret().get());
        changed = true;
      }
      if (changed) {
        client.setRedirectUris(List.copyOf(redirects));
        client.getAttributes().put("post.logout.redirect.uris", String.join("##", logouts));
        realm.clients().get(client.getId()).update(client);
      }
      return client.getId();
    }
    ClientRepresentation client = new ClientRepresentation();
    client.setClientId(portal.clientId());
    client.setName("Parlance portal");
    client.setProtocol("openid-connect");
    client.setEnabled(true);
    client.setPublicClient(false);
    client.setClientAuthenticatorType("client-secret");
    portal.secret().ifPresent(client::setSecret);
    client.setStandardFlowEnabled(true);
    client.setDirectAccessGrantsEnabled(false);
    client.setImplicitFlowEnabled(false);
    client.setServiceAccountsEnabled(false);
    client.setRootUrl(portal.baseUrl().toString());
    client.setBaseUrl(portal.baseUrl().toString());
    client.setRedirectUris(portal.redirectUris());
    client.setAttributes(
        new java.util.HashMap<>(
            Map.of(
                "post.logout.redirect.uris",
                String.join("##", portal.postLogoutRedirectUris()),
                "pkce.code.challenge.method",
                "")));
    return KeycloakCalls.created(realm.clients().create(client), "client " + portal.clientId());
  }

  private static String ensureCliClient(RealmResource realm, String clientId) {
    Optional<ClientRepresentation> found = client(realm, clientId);
    if (found.isPresent()) {
      return found.get().getId();
    }
    ClientRepresentation client = new ClientRepresentation();
    client.setClientId(clientId);
    client.setName("Parlance command line and scripts");
    client.setProtocol("openid-connect");
    client.setEnabled(true);
    client.setPublicClient(true);
    client.setStandardFlowEnabled(false);
    client.setDirectAccessGrantsEnabled(true);
    client.setImplicitFlowEnabled(false);
    return KeycloakCalls.created(realm.clients().create(client), "client " + clientId);
  }

  private static Optional<ClientRepresentation> client(RealmResource realm, String clientId) {
    return realm.clients().findByClientId(clientId).stream().findFirst();
  }

  /** Creates the user when missing; an existing user is left exactly as it is. */
  private static boolean ensureUser(RealmResource realm, UserSpec spec) {
    if (!realm.users().searchByUsername(spec.username(), true).isEmpty()) {
      return false;
    }
    UserRepresentation user = new UserRepresentation();
    user.setUsername(spec.username());
    user.setEnabled(true);
    // Keycloak's default profile asks for a name and an e-mail before a first login; demo users
    // get placeholders so that logins (and the password grant) work at once.
    user.setEmail(spec.username() + "@parlance.example.org");
    user.setEmailVerified(true);
    user.setFirstName(spec.username());
    user.setLastName("Parlance");
    user.setAttributes(new java.util.HashMap<>(spec.attributes()));
    CredentialRepresentation password = new CredentialRepresentation();
    password.setType(CredentialRepresentation.PASSWORD);
    password.setValue(spec.password());
    password.setTemporary(false);
    user.setCredentials(List.of(password));
    String id = KeycloakCalls.created(realm.users().create(user), "user " + spec.username());
    List<RoleRepresentation> roles =
        spec.roles().stream().sorted().map(r -> realm.roles().get(r).toRepresentation()).toList();
    if (!roles.isEmpty()) {
      realm.users().get(id).roles().realmLevel().add(roles);
    }
    return true;
  }

  private static List<String> nonNull(List<String> values) {
    return values == null ? List.of() : values;
  }

  private static List<String> splitUris(Map<String, String> attributes, String key) {
    if (attributes == null || attributes.get(key) == null || attributes.get(key).isBlank()) {
      return List.of();
    }
    return List.of(attributes.get(key).split("##"));
  }
}
