package dev.parlance.deploy.portal;

import com.fasterxml.jackson.databind.ObjectMapper;
import dev.parlance.adapters.identity.keycloak.EmbeddedKeycloak;
import dev.parlance.deploy.wiring.ParlanceHome;
import dev.parlance.deploy.wiring.ParlanceSettings;
import java.io.IOException;
import java.io.PrintStream;
import java.io.UncheckedIOException;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.CompletableFuture;

/**
 * Starts the portal on one machine: the identity provider (the embedded Keycloak, installed and
 * kept under {@code PARLANCE_HOME}, unless {@code parlance.oidc.issuer} names one), the realm, and
 * Open Liberty with the application; waits for {@code /health/ready}; writes {@code serve.json}.
 * The returned {@link Running} stops both on {@link Running#close()} (and on Ctrl-C or SIGTERM).
 */
public final class PortalLauncher {

  public static final int DEFAULT_PORT = 9443;

  private final ParlanceHome home;
  private final ParlanceSettings settings;
  private final PortalInstall install;
  private final PrintStream progress;
  private final IdentityProviders identities;
  private final KeycloakStart keycloakStart;
  private final LibertyStart libertyStart;
  private final PortalReadiness readiness;

  public PortalLauncher(
      ParlanceHome home, ParlanceSettings settings, PortalInstall install, PrintStream progress) {
    this.home = home;
    this.settings = settings;
    this.install = install;
    this.progress = progress;
    this.identities = new IdentityProviders(settings, progress);
    this.keycloakStart = new KeycloakStart(home, install, progress);
    this.libertyStart = new LibertyStart(home, install, progress);
    this.readiness = new PortalReadiness(home, progress);
  }

  /** A started portal: what {@code serve.json} says, and the processes behind it. */
  public static final class Running implements AutoCloseable {
    private final ServeJson serve;
    private final Path serveJson;
    private final Process liberty;
    private final EmbeddedKeycloak keycloak;
    private final boolean reused;

    Running(
        ServeJson serve,
        Path serveJson,
        Process liberty,
        EmbeddedKeycloak keycloak,
        boolean reused) {
      this.serve = serve;
      this.serveJson = serveJson;
      this.liberty = liberty;
      this.keycloak = keycloak;
      this.reused = reused;
    }

    public ServeJson serve() {
      return serve;
    }

    /** True when another {@code serve} of the same home was already running and answers. */
    public boolean reused() {
      return reused;
    }

    /** Blocks until the portal's server ends (it was stopped, or it failed). */
    public int awaitExit() throws InterruptedException {
      return liberty == null ? 0 : liberty.waitFor();
    }

    @Override
    public synchronized void close() {
      if (reused) {
        return;
      }
      try {
        Files.deleteIfExists(serveJson);
      } catch (IOException ignored) {
        // a stale serve.json names a URL that no longer answers; the next serve replaces it
      }
      ChildProcesses.stop(liberty);
      if (keycloak != null) {
        keycloak.close();
      }
    }
  }

  /**
   * Prepares what a start needs and can be made ahead, once per installation: the embedded
   * Keycloak, built (nothing when {@code parlance.oidc.issuer} names another provider).
   */
  public void prepare() {
    if (setting("parlance.oidc.issuer").isPresent()) {
      return;
    }
    String missing = install.missing(true);
    if (missing != null) {
      throw new PortalLaunchException(missing);
    }
    keycloakStart.prepare();
  }

  public Running start(Integer requestedPort) {
    return start(requestedPort, null);
  }

  /**
   * @param requestedKeycloakPort the embedded Keycloak's port; null keeps the one this home used
   *     last (a free one the first time)
   */
  public Running start(Integer requestedPort, Integer requestedKeycloakPort) {
    int port = requestedPort == null ? DEFAULT_PORT : requestedPort;
    if (port < 1 || port > 65535) {
      throw new IllegalArgumentException("--port must be between 1 and 65535, got " + port);
    }
    if (requestedKeycloakPort != null
        && (requestedKeycloakPort < 1 || requestedKeycloakPort > 65535)) {
      throw new IllegalArgumentException(
          "--keycloak-port must be between 1 and 65535, got " + requestedKeycloakPort);
    }
    Optional<String> issuerSetting = setting("parlance.oidc.issuer");
    String missing = install.missing(issuerSetting.isEmpty());
    if (missing != null) {
      throw new PortalLaunchException(missing);
    }
    Path serveJson = home.root().resolve("serve.json");
    Optional<ServeJson> already = alreadyRunning(serveJson);
    if (already.isPresent()) {
      return new Running(already.get(), serveJson, null, null, true);
    }
    if (!LocalPorts.free(port)) {
      throw new PortalLaunchException("port " + port + " is in use; choose another with --port N");
    }
    if (requestedKeycloakPort != null && issuerSetting.isEmpty()) {
      if (requestedKeycloakPort == port) {
        throw new PortalLaunchException(
            "--keycloak-port " + requestedKeycloakPort + " is the portal's port; choose another");
      }
      if (!LocalPorts.free(requestedKeycloakPort)) {
        throw new PortalLaunchException(
            "port " + requestedKeycloakPort + " is in use; choose another with --keycloak-port N");
      }
    }
    URI portal = URI.create("https://localhost:" + port + "/");
    PortalState state = new PortalState(home.root());
    EmbeddedKeycloak keycloak = null;
    Process liberty = null;
    // Ctrl-C or SIGTERM while starting (Keycloak's first start takes a minute): the processes
    // started so far are this one's children, and stop with it instead of staying behind.
    Thread stopStarted = new Thread(ChildProcesses::stopChildren, "parlance-serve-abort");
    Runtime.getRuntime().addShutdownHook(stopStarted);
    try {
      Identity identity;
      CompletableFuture<Void> ready;
      if (issuerSetting.isPresent()) {
        identity = identities.external(issuerSetting.get());
        Map<String, String> endpoints = identities.discover(identity.issuer());
        liberty = libertyStart.start(port, identity, endpoints, state, false);
        ready = readiness.awaitReadyBeside(portal, liberty);
      } else {
        // Keycloak and Liberty start at once: the issuer, the ports and the portal client's secret
        // are chosen here, before either answers; the realm is provisioned once Keycloak does.
        int keycloakPort = identities.keycloakPort(requestedKeycloakPort, port, state);
        Identity planned = identities.planned(keycloakPort, state);
        long started = System.nanoTime();
        progress.printf(
            "parlance: starting Keycloak on port %d and the portal on port %d at once...%n",
            keycloakPort, port);
        CompletableFuture<EmbeddedKeycloak> launching = keycloakStart.launch(keycloakPort, state);
        liberty = libertyStart.start(port, planned, Map.of(), state, true);
        try (StartTicker ticker = new StartTicker(progress, "Keycloak", started)) {
          keycloak = PortalLaunchException.join(launching, "cannot start Keycloak");
          keycloak.awaitReady();
        }
        progress.printf("parlance: Keycloak ready in %d s%n", StartTicker.seconds(started));
        // The portal finishes its start-up preparation while the realm is provisioned (seconds of
        // admin calls on a just-started Keycloak); a provisioning failure ends the start at once.
        ready = readiness.awaitReadyBeside(portal, liberty);
        identity = identities.provision(keycloak, portal, state, planned.portalClientSecret());
      }
      PortalLaunchException.join(ready, "the portal did not start");
      readiness.warmUp(portal, identity);
      ServeJson serve =
          new ServeJson(
              portal.toString(),
              identity.keycloakUrl(),
              identity.realm(),
              identity.cliClientId(),
              identity.users());
      serve.write(serveJson);
      return new Running(serve, serveJson, liberty, keycloak, false);
    } catch (IOException e) {
      ChildProcesses.stop(liberty);
      closeQuietly(keycloak);
      throw new UncheckedIOException(e);
    } catch (RuntimeException e) {
      ChildProcesses.stop(liberty);
      closeQuietly(keycloak);
      throw e;
    } finally {
      try {
        Runtime.getRuntime().removeShutdownHook(stopStarted);
      } catch (IllegalStateException shuttingDown) {
        // The hook is running or has run: nothing to remove.
      }
    }
  }

  /** The provider the portal uses, and what serve.json says of it. */
  record Identity(
      String issuer,
      String keycloakUrl,
      String realm,
      String portalClientId,
      String portalClientSecret,
      String cliClientId,
      List<ServeJson.User> users) {}

  private Optional<String> setting(String key) {
    String value = settings.get(key, "");
    return value.isBlank() ? Optional.empty() : Optional.of(value.strip().replaceAll("/+$", ""));
  }

  private Optional<ServeJson> alreadyRunning(Path serveJson) {
    if (!Files.isRegularFile(serveJson)) {
      return Optional.empty();
    }
    ServeJson previous;
    try {
      previous = new ObjectMapper().readValue(serveJson.toFile(), ServeJson.class);
    } catch (IOException | RuntimeException e) {
      return Optional.empty();
    }
    HttpClient http =
        HttpClient.newBuilder()
            .sslContext(LocalTls.trustAll())
            .connectTimeout(Duration.ofSeconds(10))
            .build();
    // Alive is enough to reuse it (ready may lag on a busy machine); asked twice for the same
    // reason.
    HttpRequest live =
        HttpRequest.newBuilder(URI.create(previous.url()).resolve("/health/live"))
            .timeout(Duration.ofSeconds(20))
            .build();
    for (int attempt = 0; attempt < 2; attempt++) {
      try {
        if (http.send(live, HttpResponse.BodyHandlers.discarding()).statusCode() == 200) {
          return Optional.of(previous);
        }
      } catch (IOException e) {
        // not (or no longer) running
      } catch (InterruptedException e) {
        Thread.currentThread().interrupt();
        return Optional.empty();
      }
    }
    return Optional.empty();
  }

  private static void closeQuietly(EmbeddedKeycloak keycloak) {
    if (keycloak != null) {
      keycloak.close();
    }
  }
}
