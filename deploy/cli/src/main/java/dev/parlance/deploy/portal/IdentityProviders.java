package dev.parlance.deploy.portal;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import dev.parlance.adapters.identity.keycloak.EmbeddedKeycloak;
import dev.parlance.adapters.identity.keycloak.KeycloakAdmin;
import dev.parlance.adapters.identity.keycloak.KeycloakIdentity;
import dev.parlance.application.identity.DemoLogin;
import dev.parlance.application.identity.PortalSetUp;
import dev.parlance.application.identity.SetUpPortalCommand;
import dev.parlance.application.identity.SetUpPortalService;
import dev.parlance.deploy.portal.PortalLauncher.Identity;
import dev.parlance.deploy.wiring.ParlanceSettings;
import java.io.IOException;
import java.io.PrintStream;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.time.Duration;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * The identity provider the portal signs in with: an external one the settings name (and its
 * discovery document), or the embedded Keycloak's realm, planned before Keycloak answers and
 * provisioned once it does.
 */
final class IdentityProviders {

  private static final Pattern KEYCLOAK_ISSUER =
      Pattern.compile("(https?://[^/]+(?:/.*?)?)/realms/([^/]+)/?");

  private final ParlanceSettings settings;
  private final PrintStream progress;

  IdentityProviders(ParlanceSettings settings, PrintStream progress) {
    this.settings = settings;
    this.progress = progress;
  }

  Identity external(String issuer) {
    String clientId = settings.get("parlance.oidc.client-id", SetUpPortalService.PORTAL_CLIENT);
    String secretVariable = settings.get("parlance.oidc.client-secret-env", "");
    String secret = "";
    if (!secretVariable.isBlank()) {
      secret = settings.value(secretVariable).orElse(null);
      if (secret == null || secret.isBlank()) {
        throw new PortalLaunchException(
            "environment variable "
                + secretVariable
                + " (named by parlance.oidc.client-secret-env) is not set");
      }
    }
    Matcher keycloak = KEYCLOAK_ISSUER.matcher(issuer);
    progress.println("parlance: using the identity provider " + issuer + " (no Keycloak started)");
    return new Identity(
        issuer,
        keycloak.matches() ? keycloak.group(1) : issuer,
        keycloak.matches() ? keycloak.group(2) : "",
        clientId,
        secret,
        settings.get("parlance.oidc.cli-client-id", SetUpPortalService.CLI_CLIENT),
        List.of());
  }

  // The port the home's Keycloak answers at: the one asked for, else the one it used last while it
  // is free, else a free one; kept in the home.
  int keycloakPort(Integer requested, int portalPort, PortalState state) {
    int port;
    if (requested != null) {
      port = requested;
    } else {
      port =
          Integer.parseInt(
              state.secretOrDefault("keycloak-port", String.valueOf(LocalPorts.freePort())));
      if (port == portalPort || !LocalPorts.free(port)) {
        port = LocalPorts.freePort();
      }
    }
    state.keep("keycloak-port", String.valueOf(port));
    return port;
  }

  // What the portal is started with before Keycloak answers: the issuer its port gives, and the
  // portal client's secret this home chose (provisioning gives the client exactly that secret).
  Identity planned(int keycloakPort, PortalState state) {
    String keycloakUrl = "http://localhost:" + keycloakPort;
    return new Identity(
        keycloakUrl + "/realms/" + SetUpPortalService.REALM,
        keycloakUrl,
        SetUpPortalService.REALM,
        SetUpPortalService.PORTAL_CLIENT,
        state.secret("portal-client-secret"),
        SetUpPortalService.CLI_CLIENT,
        List.of());
  }

  Identity provision(
      EmbeddedKeycloak keycloak, URI portal, PortalState state, String portalClientSecret) {
    PortalSetUp setUp;
    try (KeycloakIdentity identity =
        KeycloakIdentity.connect(
            new KeycloakAdmin(keycloak.url(), "admin", state.secret("keycloak-admin-password")))) {
      setUp =
          new SetUpPortalService(identity.provisioning())
              .setUp(
                  new SetUpPortalCommand(
                      portal, state.demoPasswords(), Optional.of(portalClientSecret)));
    }
    Map<String, String> passwords = new LinkedHashMap<>(state.demoPasswords());
    List<ServeJson.User> users = new ArrayList<>();
    for (DemoLogin login : setUp.logins()) {
      login.password().ifPresent(p -> passwords.put(login.username(), p));
      users.add(new ServeJson.User(login.username(), login.password().orElse(null), login.roles()));
    }
    state.saveDemoPasswords(passwords);
    progress.println(
        "parlance: realm "
            + setUp.realm()
            + (setUp.realmCreated() ? " provisioned" : " found (kept as it is)"));
    return new Identity(
        keycloak.url() + "/realms/" + setUp.realm(),
        keycloak.url().toString(),
        setUp.realm(),
        setUp.portalClientId(),
        setUp.portalClientSecret(),
        setUp.cliClientId(),
        users);
  }

  /** The provider's endpoints from its discovery document (any OpenID Connect provider). */
  Map<String, String> discover(String issuer) {
    URI discovery = URI.create(issuer + "/.well-known/openid-configuration");
    try {
      HttpResponse<String> response =
          HttpClient.newBuilder()
              .connectTimeout(Duration.ofSeconds(5))
              .build()
              .send(
                  HttpRequest.newBuilder(discovery).timeout(Duration.ofSeconds(10)).build(),
                  HttpResponse.BodyHandlers.ofString());
      if (response.statusCode() != 200) {
        throw new PortalLaunchException(
            "the identity provider's discovery document "
                + discovery
                + " answered "
                + response.statusCode());
      }
      JsonNode document = new ObjectMapper().readTree(response.body());
      Map<String, String> endpoints = new LinkedHashMap<>();
      endpoints.put(
          "PARLANCE_OIDC_AUTHORIZATION_ENDPOINT", document.path("authorization_endpoint").asText());
      endpoints.put("PARLANCE_OIDC_TOKEN_ENDPOINT", document.path("token_endpoint").asText());
      endpoints.put("PARLANCE_OIDC_JWKS_URI", document.path("jwks_uri").asText());
      endpoints.put(
          "PARLANCE_OIDC_END_SESSION_ENDPOINT", document.path("end_session_endpoint").asText());
      endpoints.values().removeIf(String::isBlank);
      return endpoints;
    } catch (IOException e) {
      throw new PortalLaunchException(
          "cannot reach the identity provider at " + discovery + ": " + e.getMessage(), e);
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
      throw new PortalLaunchException("interrupted");
    }
  }
}
