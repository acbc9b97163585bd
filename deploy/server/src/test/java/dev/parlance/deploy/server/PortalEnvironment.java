package dev.parlance.deploy.server;

import dev.parlance.adapters.db.testing.DemoFixture;
import dev.parlance.adapters.identity.keycloak.KeycloakIdentity;
import dev.parlance.adapters.identity.testing.TestKeycloak;
import dev.parlance.adapters.llm.testing.RecordedOpenAi;
import dev.parlance.application.identity.DemoLogin;
import dev.parlance.application.identity.PortalSetUp;
import dev.parlance.application.identity.SetUpPortalCommand;
import dev.parlance.application.identity.SetUpPortalService;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.net.URI;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Map;
import java.util.stream.Collectors;
import org.junit.jupiter.api.extension.BeforeAllCallback;
import org.junit.jupiter.api.extension.ExtensionContext;

/**
 * What the portal's ITs share, made once per test run before Arquillian starts Liberty: the test
 * Keycloak with realm {@code parlance} provisioned by the real set-up use case, and the variables
 * of server {@code parlance-it} (free ports, the provider, the portal client's secret) written as a
 * configuration drop-in. Register it before {@code ArquillianExtension}.
 */
public final class PortalEnvironment {

  private static PortalEnvironment instance;

  /**
   * Questions a minute per user on the test server: the shipped default (30), which a test can
   * still spend at once (AuthorisationMatrix), and which the page journeys' analyst, asking one
   * question after another, does not meet on a fast machine (12 did: a follow-up was refused).
   */
  static final int ASKS_PER_MINUTE = 30;

  private final TestKeycloak keycloak;
  private final RecordedOpenAi model;
  private final PortalSetUp setUp;
  private final int httpsPort;

  private PortalEnvironment(
      TestKeycloak keycloak, RecordedOpenAi model, PortalSetUp setUp, int httpsPort) {
    this.keycloak = keycloak;
    this.model = model;
    this.setUp = setUp;
    this.httpsPort = httpsPort;
  }

  /** Makes the environment before Arquillian starts the server; register it first. */
  public static final class Extension implements BeforeAllCallback {
    @Override
    public void beforeAll(ExtensionContext context) {
      get();
    }
  }

  public static synchronized PortalEnvironment get() {
    if (instance == null) {
      TestKeycloak keycloak = TestKeycloak.get();
      int httpsPort = TestKeycloak.freePort();
      int httpPort = TestKeycloak.freePort();
      URI portal = URI.create("https://localhost:" + httpsPort);
      PortalSetUp setUp;
      try (KeycloakIdentity identity = KeycloakIdentity.connect(keycloak.admin())) {
        setUp =
            new SetUpPortalService(identity.provisioning())
                .setUp(new SetUpPortalCommand(portal, Map.of()));
      }
      RecordedOpenAi model;
      try {
        model = new RecordedOpenAi();
      } catch (IOException e) {
        throw new UncheckedIOException(e);
      }
      writeServerVariables(keycloak, model, setUp, httpsPort, httpPort);
      System.setProperty("parlance.it.http-port", String.valueOf(httpPort));
      instance = new PortalEnvironment(keycloak, model, setUp, httpsPort);
    }
    return instance;
  }

  private static void writeServerVariables(
      TestKeycloak keycloak, RecordedOpenAi model, PortalSetUp setUp, int httpsPort, int httpPort) {
    Path server =
        Path.of(
            System.getProperty("parlance.wlp"),
            "usr/servers/" + System.getProperty("parlance.it.server", "parlance-it"));
    try {
      deleteTree(home());
      DemoFixture.placeInto(home()); // the run's generated demo, not one more generation
      // A fresh certificate each run, under server.xml's development keystore password.
      Files.deleteIfExists(server.resolve("resources/security/key.p12"));
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
    writeVariables(
        server, serverVariables(keycloak, model, setUp, httpsPort, httpPort, home()), "it-env.xml");
  }

  /**
   * The variables of a portal server on these ports with this home, against the test Keycloak's
   * realm and the recorded model.
   */
  Map<String, String> serverVariables(int httpsPort, int httpPort, Path home) {
    return serverVariables(keycloak, model, setUp, httpsPort, httpPort, home);
  }

  private static Map<String, String> serverVariables(
      TestKeycloak keycloak,
      RecordedOpenAi model,
      PortalSetUp setUp,
      int httpsPort,
      int httpPort,
      Path home) {
    Map<String, String> variables =
        new java.util.LinkedHashMap<>(
            Map.ofEntries(
                Map.entry("parlance.https.port", String.valueOf(httpsPort)),
                Map.entry("parlance.http.port", String.valueOf(httpPort)),
                Map.entry("parlance.oidc.issuer", keycloak.url() + "/realms/" + setUp.realm()),
                Map.entry("parlance.oidc.client-id", setUp.portalClientId()),
                Map.entry("parlance.oidc.client-secret", setUp.portalClientSecret()),
                // The server's own state (store, indexes, the demo database), fresh each run.
                Map.entry("parlance.home", home.toString()),
                Map.entry("parlance.portal.asks-per-minute", String.valueOf(ASKS_PER_MINUTE))));
    // The language model: the recorded OpenAI-format server, on the wire.
    model
        .environment()
        .forEach(
            (env, value) ->
                variables.put(env.toLowerCase(java.util.Locale.ROOT).replace('_', '.'), value));
    // The users page manages the realm through Keycloak's admin API, as this administrator.
    variables.put("parlance.identity.admin.username", keycloak.admin().username());
    variables.put("parlance.identity.admin.password", keycloak.admin().password());
    variables.put("parlance.llm.api-key", "sk-test");
    variables.put("parlance.llm.base-url", model.baseUrl());
    return variables;
  }

  /** Writes variables as a configuration drop-in of a server (its directory under usr/servers). */
  static void writeVariables(Path server, Map<String, String> variables, String fileName) {
    String xml =
        variables.entrySet().stream()
            .map(e -> "  <variable name=\"" + e.getKey() + "\" value=\"" + e.getValue() + "\"/>")
            .collect(Collectors.joining("\n", "<server>\n", "\n</server>\n"));
    Path dropins = server.resolve("configDropins/overrides");
    try {
      Files.createDirectories(dropins);
      Files.writeString(dropins.resolve(fileName), xml);
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
  }

  static void deleteTree(Path root) throws IOException {
    if (!Files.exists(root)) {
      return;
    }
    try (var paths = Files.walk(root)) {
      for (Path p : paths.sorted(java.util.Comparator.reverseOrder()).toList()) {
        Files.delete(p);
      }
    }
  }

  /** The server's state directory, under the build's output (never the user's ~/.parlance). */
  static Path home() {
    return Path.of(System.getProperty("parlance.wlp"))
        .getParent()
        .getParent()
        .resolve("portal-it-home");
  }

  public URI portal() {
    return URI.create("https://localhost:" + httpsPort);
  }

  /** The language model the server calls (recorded answers, every prompt kept). */
  public RecordedOpenAi model() {
    return model;
  }

  public TestKeycloak keycloak() {
    return keycloak;
  }

  public PortalSetUp setUp() {
    return setUp;
  }

  public String password(String user) {
    return setUp.logins().stream()
        .filter(l -> l.username().equals(user))
        .map(DemoLogin::password)
        .flatMap(java.util.Optional::stream)
        .findFirst()
        .orElseThrow();
  }

  /** An access token of a demo user, from the password grant of the command-line client. */
  public String token(String user) {
    return keycloak.passwordGrant(setUp.realm(), setUp.cliClientId(), user, password(user));
  }
}
