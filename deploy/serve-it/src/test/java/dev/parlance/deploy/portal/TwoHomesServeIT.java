package dev.parlance.deploy.portal;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import dev.parlance.adapters.db.testing.DemoFixture;
import dev.parlance.adapters.identity.keycloak.KeycloakIdentity;
import dev.parlance.adapters.identity.testing.TestKeycloak;
import dev.parlance.application.identity.DemoLogin;
import dev.parlance.application.identity.PortalSetUp;
import dev.parlance.application.identity.SetUpPortalCommand;
import dev.parlance.application.identity.SetUpPortalService;
import dev.parlance.deploy.cli.DemoEmbeddings;
import java.io.IOException;
import java.net.URI;
import java.net.http.HttpResponse;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.FileTime;
import java.time.Duration;
import java.util.List;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.concurrent.atomic.AtomicInteger;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.Test;

/**
 * One home, one server (issue 26): two {@code parlance serve} processes with different homes, run
 * from one checkout, side by side, both signing users in through one Keycloak, an organisation's
 * provider ({@code parlance.oidc.issuer}): the run's shared test Keycloak, with a realm of this
 * test's own (two embedded Keycloaks would double the test's start on a shared machine, and {@code
 * ServeIT} covers the embedded one). Each runs its own copy of the Liberty server under its home;
 * while the checkout's WAR is rebuilt (its time changes, as a build changes it) and one of them is
 * stopped and started again, the other's users see no error — every request they make is answered
 * as before — and neither shows Liberty's raw pages ("SRVE0095I … temporarily unavailable",
 * "Context Root Not Found").
 */
class TwoHomesServeIT {

  private static final ObjectMapper JSON = new ObjectMapper();
  private static final Path ROOT = Path.of("target/two-homes-it").toAbsolutePath();
  private static final Path HOME_A = ROOT.resolve("home-a");
  private static final Path HOME_B = ROOT.resolve("home-b");
  private static final List<String> RAW_LIBERTY_PAGES =
      List.of("SRVE0095I", "Context Root Not Found", "SRVE0190E", "Error 404: ");
  private static final List<Process> serves = new CopyOnWriteArrayList<>();

  private static final String SECRET_VARIABLE = "TWO_HOMES_IT_PORTAL_SECRET";
  private static String issuer;
  private static final String PORTAL_SECRET = "two-homes-" + java.util.UUID.randomUUID();
  private static final java.util.Map<String, String> passwords = new java.util.HashMap<>();

  // The organisation's Keycloak: the run's shared one, with a realm of this test's own,
  // provisioned for both portals' addresses.
  private static void startKeycloak(int portA, int portB) {
    TestKeycloak keycloak = TestKeycloak.get();
    String realm = "two-homes-" + java.util.UUID.randomUUID().toString().substring(0, 8);
    for (int port : List.of(portA, portB)) {
      try (KeycloakIdentity identity = KeycloakIdentity.connect(keycloak.admin())) {
        PortalSetUp setUp =
            new SetUpPortalService(identity.provisioning())
                .setUp(
                    new SetUpPortalCommand(
                        URI.create("https://localhost:" + port + "/"),
                        passwords,
                        java.util.Optional.of(PORTAL_SECRET),
                        realm));
        for (DemoLogin login : setUp.logins()) {
          login.password().ifPresent(p -> passwords.put(login.username(), p));
        }
        issuer = keycloak.url() + "/realms/" + setUp.realm();
      }
    }
  }

  private static Process serve(Path home, int port, Path log) throws IOException {
    ProcessBuilder builder = ServeProcesses.parlance(home, "serve", "--port", String.valueOf(port));
    builder.environment().put("PARLANCE_OIDC_ISSUER", issuer);
    builder.environment().put("PARLANCE_OIDC_CLIENT_SECRET_ENV", SECRET_VARIABLE);
    builder.environment().put(SECRET_VARIABLE, PORTAL_SECRET);
    Files.createDirectories(log.getParent());
    Process process = builder.redirectErrorStream(true).redirectOutput(log.toFile()).start();
    serves.add(process);
    return process;
  }

  private static JsonNode awaitServeJson(Path home, Process process, Path log) throws Exception {
    Path file = home.resolve("serve.json");
    long deadline = System.nanoTime() + Duration.ofMinutes(25).toNanos();
    while (System.nanoTime() < deadline) {
      if (Files.exists(file)) {
        return JSON.readTree(file.toFile());
      }
      assertThat(process.isAlive()).as("serve runs: %s", read(log)).isTrue();
      Thread.sleep(500);
    }
    throw new AssertionError("no serve.json within 25 minutes: " + read(log));
  }

  @Test
  void should_keep_one_homes_users_answered_while_the_other_home_restarts() throws Exception {
    ServeProcesses.deleteTree(ROOT);
    // The run's generated demo database and its embeddings in each home (ServeIT's fresh home
    // makes its own).
    DemoFixture.placeInto(HOME_A);
    DemoFixture.placeInto(HOME_B);
    DemoEmbeddings.placeInto(HOME_A);
    DemoEmbeddings.placeInto(HOME_B);
    int portA = LocalPorts.freePort();
    int portB = LocalPorts.freePort();
    Path logs = ROOT.resolve("logs");
    startKeycloak(portA, portB);
    Process serveA = serve(HOME_A, portA, logs.resolve("a-first.log"));
    Process serveB = serve(HOME_B, portB, logs.resolve("b.log"));
    JsonNode a = awaitServeJson(HOME_A, serveA, logs.resolve("a-first.log"));
    JsonNode b = awaitServeJson(HOME_B, serveB, logs.resolve("b.log"));

    // Each server runs from its own home: its configuration, WAR, logs and work area.
    for (Path home : List.of(HOME_A, HOME_B)) {
      Path server = home.resolve("liberty/usr/servers/parlance");
      assertThat(server.resolve("server.xml")).isRegularFile();
      assertThat(server.resolve("apps/parlance.war")).isRegularFile();
      String messages = read(home.resolve("liberty/parlance/logs/messages.log"));
      assertThat(messages).contains(server.toString()).contains("CWWKZ0001I");
    }
    Path installedWar = PortalInstall.fromSystem().war();
    FileTime warOfB =
        Files.getLastModifiedTime(HOME_B.resolve("liberty/usr/servers/parlance/apps/parlance.war"));

    String tokenB = token("analyst");
    AtomicBoolean polling = new AtomicBoolean(true);
    AtomicInteger answeredB = new AtomicInteger();
    List<String> errorsB = new CopyOnWriteArrayList<>();
    List<String> rawPagesA = new CopyOnWriteArrayList<>();
    URI urlA = URI.create(a.get("url").asText());
    URI urlB = URI.create(b.get("url").asText());
    Thread pollB =
        Thread.ofPlatform()
            .start(
                () -> {
                  while (polling.get()) {
                    check(urlB.resolve("/api/v1/sources"), tokenB, 200, errorsB, answeredB);
                    check(urlB.resolve("/health/ready"), null, 200, errorsB, answeredB);
                    // A browser's visit: to the login page of the organisation's Keycloak.
                    check(urlB.resolve("/portal"), null, 302, errorsB, answeredB);
                    pause(200);
                  }
                });
    // A's users meanwhile meet either no server (connection refused) or the portal; never
    // Liberty's own error pages.
    Thread pollA =
        Thread.ofPlatform()
            .start(
                () -> {
                  while (polling.get()) {
                    rawPage(urlA.resolve("/portal"), rawPagesA);
                    rawPage(urlA.resolve("/api/v1/sources"), rawPagesA);
                    pause(200);
                  }
                });

    // The checkout is rebuilt (the WAR's time changes as a build changes it), and A restarts.
    Files.setLastModifiedTime(installedWar, FileTime.fromMillis(System.currentTimeMillis()));
    serveA.destroy(); // SIGTERM, as Ctrl-C
    assertThat(serveA.waitFor(5, TimeUnit.MINUTES)).as("serve A ended on SIGTERM").isTrue();
    assertThat(HOME_A.resolve("serve.json")).doesNotExist();
    pause(3000);
    Process againA = serve(HOME_A, portA, logs.resolve("a-again.log"));
    JsonNode restarted = awaitServeJson(HOME_A, againA, logs.resolve("a-again.log"));
    assertThat(restarted.get("url").asText()).isEqualTo(a.get("url").asText());
    String tokenA = token("analyst");
    pause(5000);
    polling.set(false);
    pollB.join();
    pollA.join();

    System.out.printf(
        "TwoHomesServeIT: B answered %d requests while A restarted; errors %s%n",
        answeredB.get(), errorsB);
    assertThat(errorsB).isEmpty();
    assertThat(answeredB.get()).isGreaterThan(30);
    assertThat(rawPagesA).isEmpty();
    // A runs the rebuilt WAR now; B still its own copy, untouched.
    assertThat(
            Files.getLastModifiedTime(
                HOME_A.resolve("liberty/usr/servers/parlance/apps/parlance.war")))
        .isEqualTo(Files.getLastModifiedTime(installedWar));
    assertThat(
            Files.getLastModifiedTime(
                HOME_B.resolve("liberty/usr/servers/parlance/apps/parlance.war")))
        .isEqualTo(warOfB);
    assertThat(read(HOME_B.resolve("liberty/parlance/logs/messages.log")))
        .as("B's application was never stopped or restarted")
        .doesNotContain("CWWKZ0009I")
        .doesNotContain("CWWKZ0003I");
    HttpResponse<String> sourcesA = get(urlA.resolve("/api/v1/sources"), tokenA);
    assertThat(sourcesA.statusCode()).isEqualTo(200);
  }

  // One request to B: any answer but the expected one (or none) is an error its users would see.
  private static void check(
      URI uri, String token, int expected, List<String> errors, AtomicInteger answered) {
    try {
      HttpResponse<String> response = get(uri, token);
      if (response.statusCode() != expected || isRawLibertyPage(response.body())) {
        errors.add(uri.getPath() + " " + response.statusCode() + " " + head(response.body()));
      } else {
        answered.incrementAndGet();
      }
    } catch (Exception e) {
      errors.add(uri.getPath() + " " + e);
    }
  }

  private static void rawPage(URI uri, List<String> raw) {
    try {
      HttpResponse<String> response = get(uri, null);
      if (isRawLibertyPage(response.body())) {
        raw.add(uri.getPath() + " " + response.statusCode() + " " + head(response.body()));
      }
    } catch (Exception e) {
      // not listening: the browser says so; no page of Liberty's
    }
  }

  private static boolean isRawLibertyPage(String body) {
    return RAW_LIBERTY_PAGES.stream().anyMatch(body::contains);
  }

  private static String head(String body) {
    return body.length() > 160 ? body.substring(0, 160) : body;
  }

  private static String token(String user) throws Exception {
    return ServeProcesses.passwordGrant(
        URI.create(issuer + "/protocol/openid-connect/token"),
        "parlance-cli",
        user,
        passwords.get(user));
  }

  private static HttpResponse<String> get(URI uri, String token) throws Exception {
    return ServeProcesses.get(uri, token);
  }

  private static void pause(long millis) {
    try {
      Thread.sleep(millis);
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
    }
  }

  private static String read(Path file) {
    try {
      return Files.exists(file) ? Files.readString(file) : "";
    } catch (IOException e) {
      return "";
    }
  }

  @AfterAll
  static void stop() throws Exception {
    for (Process serve : serves) {
      if (serve.isAlive()) {
        serve.destroy();
      }
    }
    for (Process serve : serves) {
      serve.waitFor(120, TimeUnit.SECONDS);
    }
  }
}
