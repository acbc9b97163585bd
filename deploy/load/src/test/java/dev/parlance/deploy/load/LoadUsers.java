package dev.parlance.deploy.load;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ObjectNode;
import java.io.IOException;
import java.net.URI;
import java.net.URLEncoder;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.security.SecureRandom;
import java.util.HexFormat;
import java.util.LinkedHashMap;
import java.util.Map;

/**
 * Accounts of their own for the simulated analysts ({@code load-01}, {@code load-02}, …, realm role
 * {@code analyst}), made (or given a new password) through Keycloak's admin API with the
 * administrator that {@code parlance serve} keeps in {@code $PARLANCE_HOME/portal}: a limit per
 * user (questions at once, a minute) must meet one person's asks, not twenty people's sharing two
 * demo accounts. The passwords live in this process only.
 */
final class LoadUsers {

  private final ServeContract serve;
  private final Path home;
  private final HttpClient http = HttpClient.newHttpClient();
  private final ObjectMapper json = new ObjectMapper();

  LoadUsers(ServeContract serve, Path home) {
    this.serve = serve;
    this.home = home;
  }

  /** {@code count} analysts by name, each with a fresh random password. */
  Map<String, String> analysts(int count) {
    String admin = adminToken();
    String roles = serve.keycloakUrl() + "/admin/realms/" + serve.realm();
    JsonNode analyst = send(get(roles + "/roles/analyst", admin), 200);
    Map<String, String> users = new LinkedHashMap<>();
    SecureRandom random = new SecureRandom();
    for (int i = 1; i <= count; i++) {
      String name = String.format("load-%02d", i);
      byte[] bytes = new byte[18];
      random.nextBytes(bytes);
      String password = HexFormat.of().formatHex(bytes);
      String id = ensure(roles, admin, name, password);
      send(
          post(
              roles + "/users/" + id + "/role-mappings/realm",
              admin,
              json.createArrayNode().add(analyst).toString()),
          204);
      users.put(name, password);
    }
    return users;
  }

  private String ensure(String realm, String admin, String name, String password) {
    JsonNode found = send(get(realm + "/users?exact=true&username=" + encode(name), admin), 200);
    ObjectNode credential =
        json.createObjectNode()
            .put("type", "password")
            .put("value", password)
            .put("temporary", false);
    if (!found.isEmpty()) {
      String id = found.get(0).path("id").asText();
      send(put(realm + "/users/" + id + "/reset-password", admin, credential.toString()), 204);
      return id;
    }
    ObjectNode user =
        json.createObjectNode()
            .put("username", name)
            .put("enabled", true)
            .put("email", name + "@parlance.example.org")
            .put("emailVerified", true)
            .put("firstName", name)
            .put("lastName", "Load");
    user.putArray("credentials").add(credential);
    send(post(realm + "/users", admin, user.toString()), 201);
    return send(get(realm + "/users?exact=true&username=" + encode(name), admin), 200)
        .get(0)
        .path("id")
        .asText();
  }

  private String adminToken() {
    Path file = home.resolve("portal").resolve("keycloak-admin-password");
    String password;
    try {
      password = Files.readString(file).strip();
    } catch (IOException e) {
      throw new IllegalStateException(
          "cannot read " + file + " (the administrator `parlance serve` made): " + e.getMessage());
    }
    String form =
        "grant_type=password&client_id=admin-cli&username=admin&password=" + encode(password);
    HttpRequest request =
        HttpRequest.newBuilder(
                URI.create(serve.keycloakUrl() + "/realms/master/protocol/openid-connect/token"))
            .header("Content-Type", "application/x-www-form-urlencoded")
            .POST(HttpRequest.BodyPublishers.ofString(form))
            .build();
    return send(request, 200).path("access_token").asText();
  }

  private static HttpRequest get(String url, String token) {
    return HttpRequest.newBuilder(URI.create(url))
        .header("Authorization", "Bearer " + token)
        .GET()
        .build();
  }

  private static HttpRequest post(String url, String token, String body) {
    return HttpRequest.newBuilder(URI.create(url))
        .header("Authorization", "Bearer " + token)
        .header("Content-Type", "application/json")
        .POST(HttpRequest.BodyPublishers.ofString(body))
        .build();
  }

  private static HttpRequest put(String url, String token, String body) {
    return HttpRequest.newBuilder(URI.create(url))
        .header("Authorization", "Bearer " + token)
        .header("Content-Type", "application/json")
        .PUT(HttpRequest.BodyPublishers.ofString(body))
        .build();
  }

  private JsonNode send(HttpRequest request, int expected) {
    try {
      HttpResponse<String> response = http.send(request, HttpResponse.BodyHandlers.ofString());
      if (response.statusCode() != expected) {
        throw new IllegalStateException(
            request.method()
                + " "
                + request.uri().getPath()
                + " answered "
                + response.statusCode()
                + ": "
                + response.body());
      }
      return response.body().isBlank() ? json.createObjectNode() : json.readTree(response.body());
    } catch (IOException e) {
      throw new IllegalStateException(request.uri().getPath() + ": " + e.getMessage(), e);
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
      throw new IllegalStateException("interrupted", e);
    }
  }

  private static String encode(String value) {
    return URLEncoder.encode(value, StandardCharsets.UTF_8);
  }
}
