package dev.parlance.adapters.identity.keycloak;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.parlance.domain.identity.ManageUsersPort;
import dev.parlance.domain.identity.PortalUser;
import dev.parlance.domain.identity.UnknownUserException;
import java.io.IOException;
import java.net.URI;
import java.net.URLEncoder;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;

/**
 * Users of one realm for the admin pages, over Keycloak's admin REST API with the JDK's HTTP
 * client: realm roles and policy attributes. Written without the admin client so that it runs
 * inside the portal's server (docs/design/portal.md, class loading); it logs in as a {@code
 * master}-realm administrator through {@code admin-cli} and keeps the token until shortly before it
 * expires.
 */
final class KeycloakRestUsersAdapter implements ManageUsersPort {

  // Keycloak's own roles every user holds; they mean nothing to Parlance.
  private static final Set<String> BUILT_IN_ROLES = Set.of("offline_access", "uma_authorization");
  private static final Duration TIMEOUT = Duration.ofSeconds(10);
  // ParlanceClaims.SCOPE; that class needs the admin client, which does not load here.
  private static final String SCOPE = "parlance-claims";

  private final KeycloakAdmin admin;
  private final String realm;
  private final HttpClient http;
  private final ObjectMapper json = new ObjectMapper();
  private String token;
  private Instant tokenExpires = Instant.MIN;

  KeycloakRestUsersAdapter(KeycloakAdmin admin, String realm, HttpClient http) {
    this.admin = admin;
    this.realm = realm;
    this.http = http;
  }

  @Override
  public List<PortalUser> users(int first, int max) {
    List<PortalUser> users = new ArrayList<>();
    for (JsonNode user :
        call(
            "GET",
            "/users?briefRepresentation=false&first=" + first + "&max=" + max,
            null,
            "list users")) {
      users.add(portalUser(user));
    }
    users.sort(Comparator.comparing(PortalUser::username));
    return users;
  }

  @Override
  public Optional<PortalUser> user(String username) {
    return representation(username).map(this::portalUser);
  }

  @Override
  public void grantRole(String username, String role) {
    String id = id(username);
    JsonNode representation = call("GET", "/roles/" + encode(role), null, "find role " + role);
    call(
        "POST",
        "/users/" + id + "/role-mappings/realm",
        json.createArrayNode().add(representation),
        "grant " + role + " to " + username);
  }

  @Override
  public void revokeRole(String username, String role) {
    String id = id(username);
    JsonNode representation = call("GET", "/roles/" + encode(role), null, "find role " + role);
    call(
        "DELETE",
        "/users/" + id + "/role-mappings/realm",
        json.createArrayNode().add(representation),
        "revoke " + role + " from " + username);
  }

  @Override
  public void setAttribute(String username, String attribute, List<String> values) {
    ObjectNode user =
        (ObjectNode) representation(username).orElseThrow(() -> new UnknownUserException(username));
    ObjectNode attributes =
        user.has("attributes") && user.get("attributes").isObject()
            ? (ObjectNode) user.get("attributes")
            : user.putObject("attributes");
    if (values.isEmpty()) {
      attributes.remove(attribute);
    } else {
      ArrayNode list = attributes.putArray(attribute);
      values.forEach(list::add);
    }
    call("PUT", "/users/" + user.get("id").asText(), user, "set " + attribute + " of " + username);
    ensureClaim(attribute);
  }

  /**
   * Puts {@code attribute} into tokens as {@code parlance.<attribute>} (ParlanceClaims' mapper).
   */
  private void ensureClaim(String attribute) {
    String scope = null;
    for (JsonNode s : call("GET", "/client-scopes", null, "list client scopes")) {
      if (SCOPE.equals(s.path("name").asText())) {
        scope = s.get("id").asText();
      }
    }
    if (scope == null) {
      throw new KeycloakRequestFailedException(
          "realm "
              + realm
              + " has no client scope "
              + SCOPE
              + ": run 'parlance portal setup' first");
    }
    String path = "/client-scopes/" + scope + "/protocol-mappers/models";
    String name = MapperSpec.attribute(attribute).name();
    for (JsonNode mapper : call("GET", path, null, "list the claims' mappers")) {
      if (name.equals(mapper.path("name").asText())) {
        return;
      }
    }
    MapperSpec spec = MapperSpec.attribute(attribute);
    ObjectNode mapper = json.createObjectNode();
    mapper.put("name", spec.name());
    mapper.put("protocol", "openid-connect");
    mapper.put("protocolMapper", spec.type());
    ObjectNode config = mapper.putObject("config");
    spec.config().forEach(config::put);
    call("POST", path, mapper, "add the claim of " + attribute);
  }

  private Optional<JsonNode> representation(String username) {
    JsonNode found =
        call(
            "GET",
            "/users?briefRepresentation=false&exact=true&username=" + encode(username),
            null,
            "find user " + username);
    return found.isArray() && !found.isEmpty() ? Optional.of(found.get(0)) : Optional.empty();
  }

  private String id(String username) {
    return representation(username)
        .map(u -> u.get("id").asText())
        .orElseThrow(() -> new UnknownUserException(username));
  }

  private PortalUser portalUser(JsonNode user) {
    Set<String> roles = new HashSet<>();
    JsonNode mapped =
        call(
            "GET",
            "/users/" + user.get("id").asText() + "/role-mappings/realm",
            null,
            "list the roles of " + user.path("username").asText());
    for (JsonNode role : mapped) {
      String name = role.path("name").asText();
      if (!BUILT_IN_ROLES.contains(name) && !name.startsWith("default-roles-")) {
        roles.add(name);
      }
    }
    Map<String, List<String>> attributes = new LinkedHashMap<>();
    user.path("attributes")
        .properties()
        .forEach(
            e -> {
              List<String> values = new ArrayList<>();
              e.getValue().forEach(v -> values.add(v.asText()));
              attributes.put(e.getKey(), values);
            });
    return new PortalUser(
        user.path("username").asText(), user.path("enabled").asBoolean(), roles, attributes);
  }

  /** One admin request on the realm; a body (JSON) for POST, PUT and DELETE. */
  private JsonNode call(String method, String path, JsonNode body, String what) {
    URI uri = URI.create(admin.url() + "/admin/realms/" + encode(realm) + path);
    HttpRequest.Builder request =
        HttpRequest.newBuilder(uri)
            .timeout(TIMEOUT)
            .header("Authorization", "Bearer " + token())
            .header("Accept", "application/json");
    if (body == null) {
      request.method(method, HttpRequest.BodyPublishers.noBody());
    } else {
      request
          .header("Content-Type", "application/json")
          .method(method, HttpRequest.BodyPublishers.ofString(body.toString()));
    }
    HttpResponse<String> response = send(request.build(), what);
    if (response.statusCode() == 404 && what.startsWith("find role")) {
      throw new IllegalArgumentException(
          "role: realm " + realm + " has no role '" + what.substring("find role ".length()) + "'");
    }
    if (response.statusCode() >= 300) {
      throw new KeycloakRequestFailedException(
          "Keycloak could not "
              + what
              + ": "
              + response.statusCode()
              + " "
              + abbreviated(response.body()));
    }
    return parse(response.body(), what);
  }

  private synchronized String token() {
    if (Instant.now().isBefore(tokenExpires)) {
      return token;
    }
    String form =
        "grant_type=password&client_id=admin-cli&username="
            + encode(admin.username())
            + "&password="
            + encode(admin.password());
    HttpRequest request =
        HttpRequest.newBuilder(
                URI.create(admin.url() + "/realms/master/protocol/openid-connect/token"))
            .timeout(TIMEOUT)
            .header("Content-Type", "application/x-www-form-urlencoded")
            .POST(HttpRequest.BodyPublishers.ofString(form))
            .build();
    HttpResponse<String> response = send(request, "log in as admin");
    if (response.statusCode() != 200) {
      throw new KeycloakRequestFailedException(
          "Keycloak at "
              + admin.url()
              + " refused the admin login of '"
              + admin.username()
              + "' ("
              + response.statusCode()
              + ")");
    }
    JsonNode answer = parse(response.body(), "log in as admin");
    token = answer.path("access_token").asText();
    long seconds = answer.path("expires_in").asLong(60);
    tokenExpires = Instant.now().plusSeconds(Math.max(0, seconds - 10));
    return token;
  }

  private HttpResponse<String> send(HttpRequest request, String what) {
    try {
      return http.send(request, HttpResponse.BodyHandlers.ofString());
    } catch (IOException e) {
      throw new KeycloakRequestFailedException(
          "cannot reach Keycloak at " + admin.url() + " to " + what + ": " + e.getMessage(), e);
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
      throw new KeycloakRequestFailedException("interrupted while asking Keycloak to " + what, e);
    }
  }

  private JsonNode parse(String body, String what) {
    if (body == null || body.isBlank()) {
      return json.createObjectNode();
    }
    try {
      return json.readTree(body);
    } catch (IOException e) {
      throw new KeycloakRequestFailedException(
          "Keycloak answered '" + what + "' with something not JSON: " + abbreviated(body), e);
    }
  }

  private static String encode(String text) {
    return URLEncoder.encode(text, StandardCharsets.UTF_8).replace("+", "%20");
  }

  private static String abbreviated(String body) {
    String one = body == null ? "" : body.replaceAll("\\s+", " ");
    return one.length() <= 200 ? one : one.substring(0, 200) + "…";
  }
}
