package dev.parlance.adapters.identity.keycloak;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import com.fasterxml.jackson.databind.JsonNode;
import dev.parlance.adapters.identity.testing.TestKeycloak;
import dev.parlance.domain.identity.ManageUsersPort;
import dev.parlance.domain.identity.PortalClientSpec;
import dev.parlance.domain.identity.PortalUser;
import dev.parlance.domain.identity.RealmProvisioned;
import dev.parlance.domain.identity.RealmSpec;
import dev.parlance.domain.identity.UnknownUserException;
import dev.parlance.domain.identity.UserSpec;
import java.net.URI;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Set;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.keycloak.admin.client.Keycloak;
import org.keycloak.admin.client.KeycloakBuilder;

/** Provisioning and user management against a real Keycloak started from Maven Central. */
class KeycloakProvisioningIT {

  private static TestKeycloak server;
  private static KeycloakIdentity identity;
  private static Keycloak inspect;

  @BeforeAll
  static void start() {
    server = TestKeycloak.get();
    identity = KeycloakIdentity.connect(server.admin());
    inspect =
        KeycloakBuilder.builder()
            .serverUrl(server.url().toString())
            .realm("master")
            .clientId("admin-cli")
            .username(server.admin().username())
            .password(server.admin().password())
            .build();
  }

  @AfterAll
  static void stop() {
    identity.close();
    inspect.close();
  }

  private static RealmSpec spec(String realm, String portalUrl, String password) {
    return new RealmSpec(
        realm,
        new PortalClientSpec(
            "portal",
            URI.create(portalUrl + "/"),
            List.of(portalUrl + "/*"),
            List.of(portalUrl + "/*")),
        "cli",
        Set.of("analyst", "steward", "admin", "regional"),
        List.of("region", "stewarded_sources"),
        List.of(
            new UserSpec(
                "ana", Set.of("analyst", "regional"), Map.of("region", List.of("SE")), password),
            new UserSpec(
                "stew",
                Set.of("steward"),
                Map.of("stewarded_sources", List.of("demo", "plant")),
                password)));
  }

  @Test
  void should_issue_tokens_carrying_roles_audience_and_policy_attributes_when_provisioned() {
    RealmProvisioned result =
        identity
            .provisioning()
            .provision(spec("claims", "https://localhost:9443", "first-password-1"));

    assertThat(result.realmCreated()).isTrue();
    assertThat(result.createdUsers()).containsExactly("ana", "stew");
    assertThat(result.portalClientSecret()).isNotBlank();

    JsonNode ana =
        TestKeycloak.claims(server.passwordGrant("claims", "cli", "ana", "first-password-1"));
    assertThat(ana.get("preferred_username").asText()).isEqualTo("ana");
    assertThat(texts(ana.get("groups"))).contains("analyst", "regional").doesNotContain("steward");
    assertThat(texts(ana.get("parlance").get("region"))).containsExactly("SE");
    assertThat(ana.get("aud").toString()).contains("\"parlance\"");
    assertThat(ana.get("iss").asText()).isEqualTo(server.url() + "/realms/claims");

    JsonNode stew =
        TestKeycloak.claims(server.passwordGrant("claims", "cli", "stew", "first-password-1"));
    assertThat(texts(stew.get("parlance").get("stewarded_sources")))
        .containsExactlyInAnyOrder("demo", "plant");
  }

  @Test
  void should_duplicate_nothing_and_leave_users_untouched_when_run_twice() {
    identity.provisioning().provision(spec("twice", "https://localhost:9443", "first-password-1"));
    inspect.realm("twice").users().searchByUsername("ana", true).getFirst();

    RealmProvisioned again =
        identity
            .provisioning()
            .provision(spec("twice", "https://portal.example.org:8443", "other-password-2"));

    assertThat(again.realmCreated()).isFalse();
    assertThat(again.createdUsers()).isEmpty();
    assertThat(again.existingUsers()).containsExactly("ana", "stew");
    var realm = inspect.realm("twice");
    assertThat(realm.clients().findByClientId("portal")).hasSize(1);
    assertThat(realm.clients().findByClientId("cli")).hasSize(1);
    assertThat(realm.users().count()).isEqualTo(2);
    assertThat(
            realm.clientScopes().findAll().stream()
                .filter(s -> s.getName().equals("parlance-claims")))
        .hasSize(1);
    var scope =
        realm.clientScopes().findAll().stream()
            .filter(s -> s.getName().equals("parlance-claims"))
            .findFirst()
            .orElseThrow();
    assertThat(realm.clientScopes().get(scope.getId()).getProtocolMappers().getMappers())
        .hasSize(4);
    // The portal moved: its new address is allowed, the old one kept, nothing doubled.
    assertThat(realm.clients().findByClientId("portal").getFirst().getRedirectUris())
        .containsExactlyInAnyOrder("https://localhost:9443/*", "https://portal.example.org:8443/*");
    // Existing users keep their password.
    assertThat(server.tokenResponse("twice", "cli", "ana", "first-password-1").statusCode())
        .isEqualTo(200);
    var refused = server.tokenResponse("twice", "cli", "ana", "other-password-2");
    assertThat(refused.statusCode()).isBetween(400, 401);
    assertThat(refused.body()).contains("invalid_grant");
  }

  @Test
  void should_grant_roles_and_put_new_attributes_into_tokens_when_managing_users() {
    identity.provisioning().provision(spec("manage", "https://localhost:9443", "first-password-1"));
    ManageUsersPort users = KeycloakUsers.of(server.admin(), "manage");

    users.grantRole("ana", "steward");
    users.revokeRole("ana", "regional");
    users.setAttribute("ana", "department", List.of("maintenance"));

    PortalUser ana = users.user("ana").orElseThrow();
    assertThat(ana.roles()).containsExactlyInAnyOrder("analyst", "steward");
    assertThat(ana.attributes()).containsEntry("department", List.of("maintenance"));
    assertThat(users.users(0, 10)).extracting(PortalUser::username).containsExactly("ana", "stew");
    JsonNode token =
        TestKeycloak.claims(server.passwordGrant("manage", "cli", "ana", "first-password-1"));
    assertThat(texts(token.get("parlance").get("department"))).containsExactly("maintenance");
    assertThat(texts(token.get("groups"))).contains("steward").doesNotContain("regional");
    assertThat(users.user("nobody")).isEmpty();
    assertThatThrownBy(() -> users.grantRole("nobody", "admin"))
        .isInstanceOf(UnknownUserException.class);
    assertThatThrownBy(() -> users.grantRole("ana", "no-such-role"))
        .isInstanceOf(IllegalArgumentException.class)
        .hasMessageContaining("no role 'no-such-role'");
    // An attribute set again is not mapped twice; an attribute without values is gone.
    users.setAttribute("ana", "department", List.of("operations"));
    users.setAttribute("ana", "region", List.of());
    assertThat(users.user("ana").orElseThrow().attributes())
        .containsEntry("department", List.of("operations"))
        .doesNotContainKey("region");
    assertThatThrownBy(
            () ->
                KeycloakUsers.of(new KeycloakAdmin(server.url(), "admin", "wrong"), "manage")
                    .users(0, 1))
        .isInstanceOf(KeycloakRequestFailedException.class)
        .hasMessageContaining("refused the admin login");
  }

  @Test
  void should_say_so_in_one_line_when_the_admin_password_is_wrong() {
    assertThatThrownBy(
            () ->
                KeycloakIdentity.connect(
                    new KeycloakAdmin(server.url(), "admin", "wrong-password")))
        .isInstanceOf(KeycloakRequestFailedException.class)
        .hasMessageContaining("refused the admin login");
  }

  @Test
  void should_say_so_when_nothing_listens_at_the_keycloak_url() {
    URI nowhere = URI.create("http://localhost:" + TestKeycloak.freePort());
    assertThatThrownBy(() -> KeycloakIdentity.connect(new KeycloakAdmin(nowhere, "admin", "x")))
        .isInstanceOf(KeycloakRequestFailedException.class)
        .hasMessageContaining("cannot reach Keycloak");
  }

  private static List<String> texts(JsonNode array) {
    List<String> values = new ArrayList<>();
    array.forEach(v -> values.add(v.asText()));
    return values;
  }
}
