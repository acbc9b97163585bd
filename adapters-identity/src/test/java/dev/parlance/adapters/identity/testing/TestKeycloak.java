package dev.parlance.adapters.identity.testing;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import dev.parlance.adapters.identity.keycloak.EmbeddedKeycloak;
import dev.parlance.adapters.identity.keycloak.KeycloakAdmin;
import dev.parlance.domain.testing.RunServers;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.net.ServerSocket;
import java.net.URI;
import java.net.URLEncoder;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.Base64;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.UUID;

/**
 * One real Keycloak per Maven run, shared by every IT of every module ({@link RunServers}): the
 * first IT that asks installs it from the distribution zip the build resolved (system property
 * {@code parlance.keycloak.distribution}) under {@code target/keycloak-it} and starts it in
 * development mode on free ports with its data in memory; the ITs of later modules (deploy/server)
 * use the same server, each with realms of its own. Outside Maven it is one per JVM, stopped by a
 * shutdown hook.
 */
public final class TestKeycloak {

  private static TestKeycloak instance;

  /**
   * Argon2 (Keycloak's password hash) at one pass over 1 MiB instead of five over 7 MiB: every
   * realm the ITs provision sets its users' passwords, and every sign-in and password grant checks
   * one; the ITs test Parlance's sign-in, not the hash's cost. On the client compiler a password
   * grant took 0.07 s of Keycloak's CPU instead of 0.25 s.
   */
  private static final List<String> CHEAP_PASSWORD_HASHES =
      List.of(
          "--spi-password-hashing--argon2--iterations=1",
          "--spi-password-hashing--argon2--memory=1024");

  private final URI url;
  private final KeycloakAdmin admin;
  private final long pid; // of the process this JVM started; 0 for the run's shared server

  private TestKeycloak(URI url, KeycloakAdmin admin, long pid) {
    this.url = url;
    this.admin = admin;
    this.pid = pid;
  }

  public static synchronized TestKeycloak get() {
    if (instance == null) {
      Optional<Map<String, String>> run =
          RunServers.shared(
              "keycloak",
              () -> {
                TestKeycloak started = start(false);
                return new RunServers.Started(
                    started.pid,
                    "TERM",
                    Optional.empty(),
                    Map.of(
                        "url", started.url().toString(),
                        "password", started.admin().password()));
              },
              known -> answers(URI.create(known.get("url"))));
      instance =
          run.map(
                  known ->
                      new TestKeycloak(
                          URI.create(known.get("url")),
                          new KeycloakAdmin(
                              URI.create(known.get("url")), "admin", known.get("password")),
                          0))
              .orElseGet(() -> start(true));
    }
    return instance;
  }

  private static TestKeycloak start(boolean stopWithTheJvm) {
    String distribution = System.getProperty("parlance.keycloak.distribution");
    if (distribution == null) {
      throw new IllegalStateException(
          "system property parlance.keycloak.distribution is not set (the build sets it)");
    }
    Path target = Path.of("target").toAbsolutePath();
    Path home = EmbeddedKeycloak.install(Path.of(distribution), target.resolve("keycloak-it"));
    String password = UUID.randomUUID().toString();
    long started = System.nanoTime();
    EmbeddedKeycloak keycloak =
        EmbeddedKeycloak.start(
            home,
            freePort(),
            freePort(),
            "admin",
            password,
            true,
            Path.of(System.getProperty("java.home")),
            target.resolve("keycloak-it/keycloak.log"),
            CHEAP_PASSWORD_HASHES);
    System.out.printf(
        "test Keycloak up at %s in %d s%n",
        keycloak.url(), (System.nanoTime() - started) / 1_000_000_000L);
    if (stopWithTheJvm) {
      Runtime.getRuntime().addShutdownHook(new Thread(keycloak::close, "stop-test-keycloak"));
    }
    return new TestKeycloak(
        keycloak.url(), new KeycloakAdmin(keycloak.url(), "admin", password), keycloak.pid());
  }

  /** Whether a Keycloak answers at {@code url} (its master realm's discovery document). */
  private static boolean answers(URI url) {
    try {
      return HttpClient.newHttpClient()
              .send(
                  HttpRequest.newBuilder(url.resolve("/realms/master")).build(),
                  HttpResponse.BodyHandlers.discarding())
              .statusCode()
          == 200;
    } catch (IOException e) {
      return false;
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
      return false;
    }
  }

  public URI url() {
    return url;
  }

  public KeycloakAdmin admin() {
    return admin;
  }

  public static int freePort() {
    try (ServerSocket socket = new ServerSocket(0)) {
      return socket.getLocalPort();
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
  }

  /** An access token from the password grant of a public client, as scripts get one. */
  public String passwordGrant(String realm, String client, String user, String password) {
    HttpResponse<String> response = tokenResponse(realm, client, user, password);
    if (response.statusCode() != 200) {
      throw new IllegalStateException(
          "token request failed: " + response.statusCode() + " " + response.body());
    }
    try {
      return new ObjectMapper().readTree(response.body()).get("access_token").asText();
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
  }

  public HttpResponse<String> tokenResponse(
      String realm, String client, String user, String password) {
    String form =
        "grant_type=password&client_id="
            + enc(client)
            + "&username="
            + enc(user)
            + "&password="
            + enc(password)
            + "&scope=openid";
    try {
      return HttpClient.newHttpClient()
          .send(
              HttpRequest.newBuilder(
                      url().resolve("/realms/" + realm + "/protocol/openid-connect/token"))
                  .header("Content-Type", "application/x-www-form-urlencoded")
                  .POST(HttpRequest.BodyPublishers.ofString(form))
                  .build(),
              HttpResponse.BodyHandlers.ofString());
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
      throw new IllegalStateException(e);
    }
  }

  /** The claims of a JWT (not verified: the test reads what the provider put in). */
  public static JsonNode claims(String jwt) {
    try {
      return new ObjectMapper().readTree(Base64.getUrlDecoder().decode(jwt.split("\\.")[1]));
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
  }

  private static String enc(String value) {
    return URLEncoder.encode(value, StandardCharsets.UTF_8);
  }
}
