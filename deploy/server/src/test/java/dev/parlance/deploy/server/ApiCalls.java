package dev.parlance.deploy.server;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.time.Duration;
import java.time.Instant;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;

/**
 * Calls to the running server's API as a demo user (or anonymously, user {@code null}) with a real
 * token from the test Keycloak, shared by the API's ITs. Tokens are kept for a minute: Keycloak
 * issues them for five, and a password grant per request would be most of a matrix run's time.
 */
final class ApiCalls {

  static final ObjectMapper JSON = new ObjectMapper();

  static final String INSTALLATIONS = "Which installations are there, with their region?";
  static final String INSTALLATIONS_SQL = "SELECT IN_CD, IN_RG_CD FROM TB_IN ORDER BY IN_CD";

  private static final Duration TOKEN_KEPT = Duration.ofMinutes(1);
  private static final Map<String, Token> TOKENS = new ConcurrentHashMap<>();
  private static volatile boolean demoIndexed;

  private record Token(String value, Instant until) {}

  private final PortalEnvironment env = PortalEnvironment.get();
  private final HttpClient http = Browser.client();
  private final URI portal;

  /** Calls to the ITs' server (Arquillian's). */
  ApiCalls() {
    this.portal = env.portal();
  }

  /** Calls to another running portal server, at this address. */
  ApiCalls(URI portal) {
    this.portal = portal;
  }

  PortalEnvironment env() {
    return env;
  }

  String token(String user) {
    Token kept = TOKENS.get(user);
    if (kept == null || Instant.now().isAfter(kept.until())) {
      kept = new Token(env.token(user), Instant.now().plus(TOKEN_KEPT));
      TOKENS.put(user, kept);
    }
    return kept.value();
  }

  HttpResponse<String> call(String method, String path, String user, String body) {
    return call(method, path, user, body, "application/json");
  }

  HttpResponse<String> call(
      String method, String path, String user, String body, String contentType) {
    HttpRequest.Builder request =
        HttpRequest.newBuilder(portal.resolve(path)).timeout(Duration.ofMinutes(3));
    if (user != null) {
      request.header("Authorization", "Bearer " + token(user));
    }
    request.method(
        method,
        body == null
            ? HttpRequest.BodyPublishers.noBody()
            : HttpRequest.BodyPublishers.ofString(body));
    if (body != null) {
      request.header("Content-Type", contentType);
    }
    try {
      return http.send(request.build(), HttpResponse.BodyHandlers.ofString());
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
      throw new IllegalStateException(e);
    }
  }

  /**
   * A question that must be answered: asked again, after the Retry-After the server gives, while
   * the user's questions a minute (or at once) are spent by other tests' asks on the shared server.
   */
  HttpResponse<String> askAnswered(String source, String user, String body) {
    long deadline = System.currentTimeMillis() + 600_000; // guards a hang, not a speed
    while (true) {
      HttpResponse<String> asked = call("POST", "/api/v1/sources/" + source + "/ask", user, body);
      if (asked.statusCode() != 429 || System.currentTimeMillis() > deadline) {
        return asked;
      }
      long wait = Long.parseLong(asked.headers().firstValue("Retry-After").orElse("5"));
      try {
        Thread.sleep(Duration.ofSeconds(Math.max(1, wait)));
      } catch (InterruptedException e) {
        Thread.currentThread().interrupt();
        throw new IllegalStateException(e);
      }
    }
  }

  static JsonNode json(HttpResponse<String> response) {
    try {
      return JSON.readTree(response.body());
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
  }

  static void assertProblem(HttpResponse<String> response, int status) {
    assertThat(response.statusCode()).as(response.body()).isEqualTo(status);
    assertThat(response.headers().firstValue("Content-Type").orElse(""))
        .startsWith("application/problem+json");
    assertThat(json(response).get("status").asInt()).isEqualTo(status);
    assertThat(response.body()).doesNotContain("Exception").doesNotContain("\tat ");
  }

  static String fenced(String sql) {
    return "Here is the query.\n```sql\n" + sql + "\n```\nExplanation: lists the installations.";
  }

  /**
   * The demo's indexes, built once per run by an admin through the API and followed until ready;
   * the model answers the installations question with its SQL.
   */
  void demoIndexed() throws InterruptedException {
    env.model().answer("Question: " + INSTALLATIONS, fenced(INSTALLATIONS_SQL));
    if (demoIndexed) {
      return;
    }
    HttpResponse<String> started = call("POST", "/api/v1/sources/demo/index", "admin", null);
    assertThat(started.statusCode()).as(started.body()).isIn(200, 202);
    awaitIndexed("demo");
    demoIndexed = true;
  }

  /** Follows a source's index state until it is ready (or fails after 15 minutes). */
  void awaitIndexed(String source) throws InterruptedException {
    Instant deadline = Instant.now().plus(Duration.ofMinutes(15));
    String state = "";
    while (Instant.now().isBefore(deadline)) {
      HttpResponse<String> index =
          call("GET", "/api/v1/sources/" + source + "/index", "admin", null);
      assertThat(index.statusCode()).as(index.body()).isEqualTo(200);
      state = json(index).get("state").asText();
      if (state.equals("ready")) {
        return;
      }
      Thread.sleep(500); // a poll: ready is seen within half a second of being reached
    }
    throw new AssertionError(source + " was not indexed in time: " + state);
  }
}
