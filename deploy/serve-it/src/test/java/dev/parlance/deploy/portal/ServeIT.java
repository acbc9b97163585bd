package dev.parlance.deploy.portal;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.io.IOException;
import java.net.URI;
import java.net.http.HttpResponse;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.MethodOrderer;
import org.junit.jupiter.api.Order;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestMethodOrder;

/**
 * {@code parlance serve} as a user runs it, a real process on a fresh {@code PARLANCE_HOME}: it
 * installs and starts Keycloak, provisions the realm, starts Liberty, writes {@code serve.json}
 * whose tokens work against the API; a second serve reuses the running one; a busy port is one
 * line; SIGTERM stops everything; a warm start keeps the realm and the passwords.
 */
@TestMethodOrder(MethodOrderer.OrderAnnotation.class)
class ServeIT {

  private static final ObjectMapper JSON = new ObjectMapper();
  private static final Path HOME = Path.of("target/serve-it-home").toAbsolutePath();
  private static final int PORT = LocalPorts.freePort();
  private static Process serve;
  private static JsonNode first;

  private static Process start(Path home, Path log, String... args) throws IOException {
    Files.createDirectories(log.getParent());
    return ServeProcesses.parlance(home, args)
        .redirectErrorStream(true)
        .redirectOutput(log.toFile())
        .start();
  }

  private static JsonNode awaitServeJson(Process process, Path log) throws Exception {
    Path file = HOME.resolve("serve.json");
    long deadline = System.nanoTime() + Duration.ofMinutes(15).toNanos();
    while (System.nanoTime() < deadline) {
      if (Files.exists(file)) {
        return JSON.readTree(file.toFile());
      }
      assertThat(process.isAlive())
          .as("serve is running: %s", Files.exists(log) ? Files.readString(log) : "")
          .isTrue();
      Thread.sleep(500);
    }
    throw new AssertionError("no serve.json within 15 minutes: " + Files.readString(log));
  }

  private static String token(JsonNode serve, String user, String password) throws Exception {
    URI tokenUrl =
        URI.create(
            serve.get("keycloak_url").asText()
                + "/realms/"
                + serve.get("realm").asText()
                + "/protocol/openid-connect/token");
    return ServeProcesses.passwordGrant(
        tokenUrl, serve.get("cli_client_id").asText(), user, password);
  }

  private static HttpResponse<String> get(URI uri, String token) throws Exception {
    return ServeProcesses.get(uri, token);
  }

  @Test
  @Order(1)
  void should_write_serve_json_whose_tokens_work_when_serve_starts_on_a_fresh_home()
      throws Exception {
    ServeProcesses.deleteTree(HOME);
    Path log = Path.of("target/serve-it-logs/cold.log");
    long started = System.nanoTime();
    serve = start(HOME, log, "serve", "--port", String.valueOf(PORT));
    first = awaitServeJson(serve, log);
    System.out.printf("serve cold start: %d s%n", (System.nanoTime() - started) / 1_000_000_000L);

    assertThat(first.get("url").asText()).isEqualTo("https://localhost:" + PORT + "/");
    assertThat(first.get("realm").asText()).isEqualTo("parlance");
    assertThat(first.get("cli_client_id").asText()).isEqualTo("parlance-cli");
    assertThat(first.get("keycloak_url").asText()).startsWith("http://localhost:");
    List<String> names = new ArrayList<>();
    for (JsonNode user : first.get("users")) {
      names.add(user.get("username").asText());
      assertThat(user.get("password").asText()).hasSizeGreaterThanOrEqualTo(12);
      assertThat(user.get("roles").size()).isPositive();
      String token = token(first, user.get("username").asText(), user.get("password").asText());
      HttpResponse<String> me = get(URI.create(first.get("url").asText() + "api/v1/me"), token);
      assertThat(me.statusCode()).isEqualTo(200);
      assertThat(JSON.readTree(me.body()).get("user").asText())
          .isEqualTo(user.get("username").asText());
    }
    assertThat(names).containsExactly("analyst", "analyst-se", "steward", "steward-other", "admin");
    assertThat(get(URI.create(first.get("url").asText() + "health/ready"), null).statusCode())
        .isEqualTo(200);
    assertThat(Files.readString(log)).contains("Parlance portal: https://localhost:" + PORT);
    // Liberty runs on the client compiler (LibertyStart.QUICK_JIT): half the CPU of a start.
    assertThat(
            serve
                .descendants()
                .map(p -> String.join(" ", p.info().arguments().orElse(new String[0])))
                .filter(arguments -> arguments.contains("ws-server.jar")))
        .singleElement()
        .asString()
        .contains("-XX:TieredStopAtLevel=1");
    // No password or secret in the logs Parlance and its servers write.
    String password = first.get("users").get(0).get("password").asText();
    try (var logs = Files.walk(HOME.resolve("logs"))) {
      for (Path file : logs.filter(Files::isRegularFile).toList()) {
        assertThat(Files.readString(file)).as(file.toString()).doesNotContain(password);
      }
    }
  }

  @Test
  @Order(2)
  void should_reuse_the_running_portal_when_serve_runs_again() throws Exception {
    Process again =
        start(
            HOME,
            Path.of("target/serve-it-logs/again.log"),
            "serve",
            "--port",
            String.valueOf(PORT));
    assertThat(again.waitFor(5, TimeUnit.MINUTES)).as("the second serve ended").isTrue();
    assertThat(again.exitValue()).isZero();
    assertThat(Files.readString(Path.of("target/serve-it-logs/again.log")))
        .contains("already running");
  }

  @Test
  @Order(3)
  void should_say_so_in_one_line_when_the_port_is_busy() throws Exception {
    Path other = Path.of("target/serve-it-other-home").toAbsolutePath();
    Path log = Path.of("target/serve-it-logs/busy.log");
    Process busy = start(other, log, "serve", "--port", String.valueOf(PORT));
    assertThat(busy.waitFor(5, TimeUnit.MINUTES)).as("serve on a busy port ended").isTrue();

    assertThat(busy.exitValue()).isEqualTo(1);
    // One line says why (besides the warning serve gives whenever it runs as root, as CI does).
    List<String> lines =
        Files.readAllLines(log).stream()
            .filter(l -> !l.startsWith("parlance: warning: serving as root"))
            .toList();
    assertThat(lines).hasSize(1);
    assertThat(lines.getFirst())
        .isEqualTo("parlance: port " + PORT + " is in use; choose another with --port N");
  }

  @Test
  @Order(4)
  void should_stop_liberty_and_keycloak_on_sigterm_and_start_warm_with_the_same_logins()
      throws Exception {
    URI keycloak = URI.create(first.get("keycloak_url").asText());
    List<ProcessHandle> children = serve.descendants().toList();
    serve.destroy(); // SIGTERM
    assertThat(serve.waitFor(5, TimeUnit.MINUTES)).as("serve ended on SIGTERM").isTrue();
    for (ProcessHandle child : children) {
      child.onExit().get(5, TimeUnit.MINUTES);
    }
    assertThat(LocalPorts.free(PORT)).isTrue();
    assertThat(LocalPorts.free(keycloak.getPort())).isTrue();
    assertThat(HOME.resolve("serve.json")).doesNotExist();

    Path log = Path.of("target/serve-it-logs/warm.log");
    long started = System.nanoTime();
    serve = start(HOME, log, "serve", "--port", String.valueOf(PORT));
    JsonNode warm = awaitServeJson(serve, log);
    System.out.printf("serve warm start: %d s%n", (System.nanoTime() - started) / 1_000_000_000L);

    assertThat(warm.get("users")).isEqualTo(first.get("users"));
    assertThat(Files.readString(log)).contains("found (kept as it is)");
    JsonNode admin = warm.get("users").get(3);
    String token = token(warm, admin.get("username").asText(), admin.get("password").asText());
    assertThat(get(URI.create(warm.get("url").asText() + "api/v1/me"), token).statusCode())
        .isEqualTo(200);
  }

  @Test
  @Order(5)
  void should_leave_nothing_running_when_stopped_while_keycloak_starts() throws Exception {
    serve.destroy(); // SIGTERM to the warm serve of the previous test
    assertThat(serve.waitFor(5, TimeUnit.MINUTES)).as("serve ended on SIGTERM").isTrue();
    Path log = Path.of("target/serve-it-logs/stopped-while-starting.log");
    serve = start(HOME, log, "serve", "--port", String.valueOf(PORT));
    long deadline = System.nanoTime() + Duration.ofMinutes(5).toNanos();
    while (!(Files.exists(log) && Files.readString(log).contains("starting Keycloak"))) {
      if (System.nanoTime() > deadline) {
        throw new AssertionError(
            "serve did not begin starting Keycloak in 5 minutes: " + read(log));
      }
      assertThat(serve.isAlive()).as(read(log)).isTrue();
      Thread.sleep(100);
    }
    // Keycloak's JVM is running, far from ready: it is the moment to stop serve, however fast or
    // slow the machine (a fixed pause would miss it on one or the other).
    while (startedUnder(HOME).stream()
        .noneMatch(p -> p.info().command().orElse("").endsWith("/java"))) {
      if (System.nanoTime() > deadline) {
        throw new AssertionError("serve started no Keycloak JVM in 5 minutes: " + read(log));
      }
      assertThat(serve.isAlive()).as(read(log)).isTrue();
      Thread.sleep(50);
    }
    assertThat(HOME.resolve("serve.json")).as("the portal is not ready yet").doesNotExist();
    serve.destroy(); // SIGTERM before the portal is ready

    assertThat(serve.waitFor(5, TimeUnit.MINUTES)).as("serve ended on SIGTERM").isTrue();
    // Whatever serve started under this home (Keycloak's script and JVM) is gone with it.
    List<ProcessHandle> left = startedUnder(HOME);
    assertThat(left)
        .as("left running: %s", left.stream().map(p -> p.info().commandLine()).toList())
        .isEmpty();
    assertThat(HOME.resolve("serve.json")).doesNotExist();
  }

  private static String read(Path log) throws IOException {
    return Files.exists(log) ? Files.readString(log) : "";
  }

  private static List<ProcessHandle> startedUnder(Path home) {
    return ProcessHandle.allProcesses()
        .filter(ProcessHandle::isAlive)
        .filter(p -> p.info().commandLine().orElse("").contains(home.toString()))
        .toList();
  }

  @AfterAll
  static void stop() throws Exception {
    if (serve != null && serve.isAlive()) {
      serve.destroy();
      serve.waitFor(90, TimeUnit.SECONDS);
    }
  }
}
