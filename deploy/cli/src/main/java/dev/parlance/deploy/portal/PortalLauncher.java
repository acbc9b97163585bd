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
import dev.parlance.deploy.wiring.ParlanceHome;
import dev.parlance.deploy.wiring.ParlanceSettings;
import java.io.IOException;
import java.io.PrintStream;
import java.io.UncheckedIOException;
import java.net.ServerSocket;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.file.Files;
import java.nio.file.Path;
import java.security.SecureRandom;
import java.security.cert.X509Certificate;
import java.time.Duration;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.TimeUnit;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import javax.net.ssl.SSLContext;
import javax.net.ssl.TrustManager;
import javax.net.ssl.X509TrustManager;

/**
 * Starts the portal on one machine: the identity provider (the embedded Keycloak, installed and
 * kept under {@code PARLANCE_HOME}, unless {@code parlance.oidc.issuer} names one), the realm, and
 * Open Liberty with the application; waits for {@code /health/ready}; writes {@code serve.json}.
 * The returned {@link Running} stops both on {@link Running#close()} (and on Ctrl-C or SIGTERM).
 */
public final class PortalLauncher {

  public static final int DEFAULT_PORT = 9443;
  private static final Duration READY_TIMEOUT = Duration.ofMinutes(20);
  private static final Pattern KEYCLOAK_ISSUER =
      Pattern.compile("(https?://[^/]+(?:/.*?)?)/realms/([^/]+)/?");

  private final ParlanceHome home;
  private final ParlanceSettings settings;
  private final PortalInstall install;
  private final PrintStream progress;

  public PortalLauncher(
      ParlanceHome home, ParlanceSettings settings, PortalInstall install, PrintStream progress) {
    this.home = home;
    this.settings = settings;
    this.install = install;
    this.progress = progress;
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
      stop(liberty);
      if (keycloak != null) {
        keycloak.close();
      }
    }
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
    if (!free(port)) {
      throw new PortalLaunchException("port " + port + " is in use; choose another with --port N");
    }
    if (requestedKeycloakPort != null && issuerSetting.isEmpty()) {
      if (requestedKeycloakPort == port) {
        throw new PortalLaunchException(
            "--keycloak-port " + requestedKeycloakPort + " is the portal's port; choose another");
      }
      if (!free(requestedKeycloakPort)) {
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
    Thread stopStarted = new Thread(PortalLauncher::stopChildren, "parlance-serve-abort");
    Runtime.getRuntime().addShutdownHook(stopStarted);
    try {
      Identity identity;
      if (issuerSetting.isPresent()) {
        identity = external(issuerSetting.get());
        Map<String, String> endpoints = discover(identity.issuer());
        liberty = startLiberty(port, identity, endpoints, state, false);
      } else {
        // Keycloak and Liberty start at once: the issuer, the ports and the portal client's secret
        // are chosen here, before either answers; the realm is provisioned once Keycloak does.
        int keycloakPort = keycloakPort(requestedKeycloakPort, port, state);
        Identity planned = planned(keycloakPort, state);
        long started = System.nanoTime();
        progress.printf(
            "parlance: starting Keycloak on port %d and the portal on port %d at once...%n",
            keycloakPort, port);
        java.util.concurrent.CompletableFuture<EmbeddedKeycloak> launching =
            launchKeycloak(keycloakPort, state);
        liberty = startLiberty(port, planned, Map.of(), state, true);
        try (Ticker ticker = new Ticker("Keycloak", started)) {
          keycloak = joinKeycloak(launching);
          keycloak.awaitReady();
        }
        progress.printf("parlance: Keycloak ready in %d s%n", seconds(started));
        identity = provision(keycloak, portal, state, planned.portalClientSecret());
      }
      awaitReady(portal, liberty);
      warmUp(portal, identity);
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
      stop(liberty);
      closeQuietly(keycloak);
      throw new UncheckedIOException(e);
    } catch (RuntimeException e) {
      stop(liberty);
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

  /**
   * Stops every process this one started (Keycloak, Liberty and theirs), again until none is left
   * (the starting thread may start one more meanwhile), forcibly after 45 s.
   */
  static void stopChildren() {
    long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(45);
    List<ProcessHandle> children = ProcessHandle.current().descendants().toList();
    while (!children.isEmpty() && System.nanoTime() < deadline) {
      children.forEach(ProcessHandle::destroy);
      try {
        Thread.sleep(250);
      } catch (InterruptedException e) {
        Thread.currentThread().interrupt();
        break;
      }
      children = ProcessHandle.current().descendants().toList();
    }
    ProcessHandle.current().descendants().forEach(ProcessHandle::destroyForcibly);
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

  private Identity external(String issuer) {
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
  private int keycloakPort(Integer requested, int portalPort, PortalState state) {
    int port;
    if (requested != null) {
      port = requested;
    } else {
      port = Integer.parseInt(state.secretOrDefault("keycloak-port", String.valueOf(freePort())));
      if (port == portalPort || !free(port)) {
        port = freePort();
      }
    }
    state.keep("keycloak-port", String.valueOf(port));
    return port;
  }

  // What the portal is started with before Keycloak answers: the issuer its port gives, and the
  // portal client's secret this home chose (provisioning gives the client exactly that secret).
  private Identity planned(int keycloakPort, PortalState state) {
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

  // Installs Keycloak (once), builds it for serve's options (once), and starts it optimized, on a
  // thread of its own: the caller starts Liberty meanwhile.
  private java.util.concurrent.CompletableFuture<EmbeddedKeycloak> launchKeycloak(
      int port, PortalState state) {
    Path under = home.root().resolve("keycloak");
    Path log = home.logs().resolve("keycloak.log");
    String adminPassword = state.secret("keycloak-admin-password");
    java.util.concurrent.CompletableFuture<EmbeddedKeycloak> launched =
        new java.util.concurrent.CompletableFuture<>();
    Thread.ofPlatform()
        .daemon()
        .name("parlance-serve-keycloak")
        .start(
            () -> {
              try {
                if (!Files.isDirectory(under)) {
                  progress.println("parlance: installing Keycloak under " + under + " (once)");
                }
                Path kcHome = EmbeddedKeycloak.install(install.keycloakDistribution(), under);
                Files.deleteIfExists(log);
                Path javaHome = Path.of(System.getProperty("java.home"));
                long building = System.nanoTime();
                if (EmbeddedKeycloak.buildOnce(kcHome, javaHome, log)) {
                  progress.printf(
                      "parlance: Keycloak built for this home in %d s (once)%n", seconds(building));
                }
                launched.complete(
                    EmbeddedKeycloak.launchBuilt(
                        kcHome, port, freePort(), "admin", adminPassword, javaHome, log));
              } catch (Throwable e) {
                launched.completeExceptionally(e);
              }
            });
    return launched;
  }

  private static EmbeddedKeycloak joinKeycloak(
      java.util.concurrent.CompletableFuture<EmbeddedKeycloak> launching) {
    try {
      return launching.join();
    } catch (java.util.concurrent.CompletionException e) {
      if (e.getCause() instanceof RuntimeException r) {
        throw r;
      }
      throw new PortalLaunchException("cannot start Keycloak: " + e.getCause().getMessage());
    }
  }

  private Identity provision(
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
  private Map<String, String> discover(String issuer) {
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

  private Process startLiberty(
      int port,
      Identity identity,
      Map<String, String> endpoints,
      PortalState state,
      boolean embeddedKeycloak)
      throws IOException {
    if (!embeddedKeycloak) {
      progress.println("parlance: starting the portal on port " + port + "...");
    }
    // The server's configuration, WAR and libraries are the home's own copy, and its logs, work
    // area,
    // expanded application and generated certificate live beside them: two homes share no file.
    LibertyHome server = LibertyHome.under(home.root());
    server.syncFrom(install.serverDir());
    ProcessBuilder builder =
        new ProcessBuilder(install.serverScript().toString(), "run", LibertyHome.SERVER);
    Map<String, String> env = builder.environment();
    env.put("JAVA_HOME", System.getProperty("java.home"));
    env.put("WLP_USER_DIR", server.userDir().toString());
    env.put("WLP_OUTPUT_DIR", server.outputDir().toString());
    env.put("PARLANCE_HOME", home.root().toString());
    env.put("PARLANCE_HTTPS_PORT", String.valueOf(port));
    env.put("PARLANCE_HTTP_PORT", "-1");
    env.put("PARLANCE_OIDC_ISSUER", identity.issuer());
    env.put("PARLANCE_OIDC_CLIENT_ID", identity.portalClientId());
    env.put("PARLANCE_OIDC_CLIENT_SECRET", identity.portalClientSecret());
    env.put("PARLANCE_OIDC_HTTPS_REQUIRED", String.valueOf(identity.issuer().startsWith("https:")));
    if (embeddedKeycloak) {
      // The users page manages the embedded Keycloak's realm as its bootstrap administrator.
      env.put("PARLANCE_IDENTITY_ADMIN_USERNAME", "admin");
      env.put("PARLANCE_IDENTITY_ADMIN_PASSWORD", state.secret("keycloak-admin-password"));
    }
    env.putAll(endpoints);
    env.put("keystore_password", state.secret("keystore-password"));
    Path log = home.logs().resolve("liberty.log");
    builder.redirectErrorStream(true).redirectOutput(log.toFile());
    return builder.start();
  }

  /** Says every 30 s that a start is still under way, so a long first start never looks hung. */
  private final class Ticker implements AutoCloseable {
    private final Thread thread;

    Ticker(String what, long started) {
      thread =
          Thread.ofPlatform()
              .daemon()
              .name("parlance-serve-progress")
              .start(
                  () -> {
                    try {
                      while (true) {
                        Thread.sleep(30_000);
                        progress.printf(
                            "parlance: still starting %s (%d s)...%n", what, seconds(started));
                      }
                    } catch (InterruptedException e) {
                      // done
                    }
                  });
    }

    @Override
    public void close() {
      thread.interrupt();
    }
  }

  private void awaitReady(URI portal, Process liberty) {
    long started = System.nanoTime();
    try (Ticker ticker = new Ticker("the portal", started)) {
      awaitReady(portal, liberty, started);
    }
  }

  private void awaitReady(URI portal, Process liberty, long started) {
    HttpClient http =
        HttpClient.newBuilder()
            .sslContext(trustAll())
            .connectTimeout(Duration.ofSeconds(2))
            .build();
    HttpRequest ready =
        HttpRequest.newBuilder(portal.resolve("/health/ready"))
            .timeout(Duration.ofSeconds(5))
            .build();
    HttpRequest prepared =
        HttpRequest.newBuilder(portal.resolve("/health/started"))
            .timeout(Duration.ofSeconds(5))
            .build();
    Path log = home.logs().resolve("liberty.log");
    String lastDown = "";
    String lastPreparing = "";
    long lastSaid = System.nanoTime() - SAY_EVERY - 1;
    while (System.nanoTime() - started < READY_TIMEOUT.toNanos()) {
      if (!liberty.isAlive()) {
        throw new PortalLaunchException("the portal's server stopped while starting; see " + log);
      }
      String console = read(log);
      if (console.contains("CWWKO0221E")) {
        throw new PortalLaunchException(
            "port " + portal.getPort() + " is in use; choose another with --port N");
      }
      try {
        HttpResponse<String> response = http.send(ready, HttpResponse.BodyHandlers.ofString());
        if (response.statusCode() == 200) {
          HttpResponse<String> start = http.send(prepared, HttpResponse.BodyHandlers.ofString());
          if (start.statusCode() == 200) {
            progress.printf("parlance: portal ready in %d s%n", seconds(started));
            return;
          }
          // It answers, but the sources' indexes and the models are still being prepared.
          String doing = preparing(start.body());
          if (!doing.equals(lastPreparing) && System.nanoTime() - lastSaid > SAY_EVERY) {
            progress.printf(
                "parlance: the portal answers (%d s); still preparing: %s%n",
                seconds(started), doing);
            lastPreparing = doing;
            lastSaid = System.nanoTime();
          }
          lastDown = "still preparing: " + doing;
        } else {
          lastDown = response.body();
        }
      } catch (IOException e) {
        // not listening yet
      } catch (InterruptedException e) {
        Thread.currentThread().interrupt();
        throw new PortalLaunchException("interrupted while the portal started");
      }
      sleep(500);
    }
    throw new PortalLaunchException(
        "the portal did not become ready within "
            + READY_TIMEOUT.toSeconds()
            + " s ("
            + lastDown
            + "); see "
            + log);
  }

  /**
   * One signed-in request through the API before the portal is announced, so that the first user's
   * request does not pay for what the server does once (the provider's signing keys fetched, the
   * REST and JSON layers set up): as a demo user, when serve knows one's password.
   */
  private void warmUp(URI portal, Identity identity) {
    Optional<ServeJson.User> user =
        identity.users().stream().filter(u -> u.password() != null).findFirst();
    if (user.isEmpty() || identity.realm().isEmpty()) {
      return;
    }
    try {
      HttpClient http =
          HttpClient.newBuilder()
              .sslContext(trustAll())
              .connectTimeout(Duration.ofSeconds(5))
              .build();
      String form =
          "grant_type=password&client_id="
              + java.net.URLEncoder.encode(
                  identity.cliClientId(), java.nio.charset.StandardCharsets.UTF_8)
              + "&username="
              + java.net.URLEncoder.encode(
                  user.get().username(), java.nio.charset.StandardCharsets.UTF_8)
              + "&password="
              + java.net.URLEncoder.encode(
                  user.get().password(), java.nio.charset.StandardCharsets.UTF_8);
      HttpResponse<String> token =
          http.send(
              HttpRequest.newBuilder(
                      URI.create(
                          identity.keycloakUrl()
                              + "/realms/"
                              + identity.realm()
                              + "/protocol/openid-connect/token"))
                  .timeout(Duration.ofSeconds(30))
                  .header("Content-Type", "application/x-www-form-urlencoded")
                  .POST(HttpRequest.BodyPublishers.ofString(form))
                  .build(),
              HttpResponse.BodyHandlers.ofString());
      if (token.statusCode() != 200) {
        return;
      }
      String accessToken = new ObjectMapper().readTree(token.body()).path("access_token").asText();
      http.send(
          HttpRequest.newBuilder(portal.resolve("/api/v1/sources"))
              .timeout(Duration.ofSeconds(30))
              .header("Authorization", "Bearer " + accessToken)
              .build(),
          HttpResponse.BodyHandlers.discarding());
    } catch (IOException e) {
      // a warm-up only: the portal is ready all the same
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
    }
  }

  // How often a change in what is being prepared is said, at most.
  private static final long SAY_EVERY = TimeUnit.SECONDS.toNanos(5);

  /** What {@code /health/started} says is being prepared, or its body as it is. */
  static String preparing(String startedBody) {
    try {
      for (JsonNode check : new ObjectMapper().readTree(startedBody).path("checks")) {
        String doing = check.path("data").path("preparing").asText("");
        if (!doing.isEmpty()) {
          return doing;
        }
      }
    } catch (IOException e) {
      // not JSON: said as it is
    }
    return startedBody.strip();
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
            .sslContext(trustAll())
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

  static void stop(Process process) {
    if (process == null || !process.isAlive()) {
      return;
    }
    process.descendants().forEach(ProcessHandle::destroy);
    process.destroy();
    try {
      if (!process.waitFor(45, TimeUnit.SECONDS)) {
        process.descendants().forEach(ProcessHandle::destroyForcibly);
        process.destroyForcibly();
      }
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
      process.destroyForcibly();
    }
  }

  private static void closeQuietly(EmbeddedKeycloak keycloak) {
    if (keycloak != null) {
      keycloak.close();
    }
  }

  static boolean free(int port) {
    try (ServerSocket socket = new ServerSocket()) {
      socket.setReuseAddress(true);
      socket.bind(new java.net.InetSocketAddress("localhost", port));
      return true;
    } catch (IOException e) {
      return false;
    }
  }

  static int freePort() {
    try (ServerSocket socket = new ServerSocket(0)) {
      return socket.getLocalPort();
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
  }

  private static String read(Path file) {
    try {
      return Files.exists(file) ? Files.readString(file) : "";
    } catch (IOException e) {
      return "";
    }
  }

  private static long seconds(long startedNanos) {
    return Math.round((System.nanoTime() - startedNanos) / 1e9);
  }

  private static void sleep(long millis) {
    try {
      Thread.sleep(millis);
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
    }
  }

  // The embedded default's certificate is generated and self-signed; the launcher only asks its own
  // server, on localhost, whether it is ready.
  static SSLContext trustAll() {
    try {
      SSLContext context = SSLContext.getInstance("TLS");
      context.init(
          null,
          new TrustManager[] {
            new X509TrustManager() {
              @Override
              public void checkClientTrusted(X509Certificate[] chain, String authType) {}

              @Override
              public void checkServerTrusted(X509Certificate[] chain, String authType) {}

              @Override
              public X509Certificate[] getAcceptedIssuers() {
                return new X509Certificate[0];
              }
            }
          },
          new SecureRandom());
      return context;
    } catch (java.security.GeneralSecurityException e) {
      throw new IllegalStateException(e);
    }
  }
}
