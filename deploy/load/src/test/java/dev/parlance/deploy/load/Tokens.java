package dev.parlance.deploy.load;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.io.IOException;
import java.net.URI;
import java.net.URLEncoder;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.time.Instant;
import java.util.HashMap;
import java.util.Map;

/**
 * Bearer tokens of the demo users by the password grant of the command-line client, as scripts get
 * them (docs/design/portal.md). One token per user, taken again when half its lifetime is gone: a
 * run outlasts Keycloak's five-minute tokens, and a grant per ask would load Keycloak's password
 * hashing, not the portal.
 */
final class Tokens {

  private record Token(String value, Instant renewAfter) {}

  private final ServeContract serve;
  private final java.util.function.Function<String, String> passwords;
  private final HttpClient http = HttpClient.newHttpClient();
  private final ObjectMapper json = new ObjectMapper();
  private final Map<String, Token> kept = new HashMap<>();

  Tokens(ServeContract serve) {
    this(serve, serve::password);
  }

  /** With passwords of other users than the demo's (the load's own accounts). */
  Tokens(ServeContract serve, java.util.function.Function<String, String> passwords) {
    this.serve = serve;
    this.passwords = passwords;
  }

  synchronized String of(String user) {
    Token token = kept.get(user);
    if (token == null || Instant.now().isAfter(token.renewAfter())) {
      token = grant(user);
      kept.put(user, token);
    }
    return token.value();
  }

  private Token grant(String user) {
    String form =
        "grant_type=password&client_id="
            + encode(serve.cliClientId())
            + "&username="
            + encode(user)
            + "&password="
            + encode(passwords.apply(user));
    HttpRequest request =
        HttpRequest.newBuilder(URI.create(serve.tokenEndpoint()))
            .timeout(Duration.ofSeconds(30))
            .header("Content-Type", "application/x-www-form-urlencoded")
            .POST(HttpRequest.BodyPublishers.ofString(form))
            .build();
    try {
      HttpResponse<String> response = http.send(request, HttpResponse.BodyHandlers.ofString());
      if (response.statusCode() != 200) {
        throw new IllegalStateException(
            "no token for " + user + ": HTTP " + response.statusCode() + " from the provider");
      }
      JsonNode body = json.readTree(response.body());
      long lifetime = body.path("expires_in").asLong(60);
      return new Token(
          body.path("access_token").asText(), Instant.now().plusSeconds(Math.max(1, lifetime / 2)));
    } catch (IOException e) {
      throw new IllegalStateException("no token for " + user + ": " + e.getMessage(), e);
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
      throw new IllegalStateException("interrupted while taking a token for " + user, e);
    }
  }

  private static String encode(String value) {
    return URLEncoder.encode(value, StandardCharsets.UTF_8);
  }
}
