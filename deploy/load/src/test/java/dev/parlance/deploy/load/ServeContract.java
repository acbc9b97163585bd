package dev.parlance.deploy.load;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.LinkedHashMap;
import java.util.Map;

/**
 * What {@code parlance serve} wrote to {@code $PARLANCE_HOME/serve.json} once the portal was ready:
 * the portal's URL, the token endpoint's parts and the demo users' passwords
 * (docs/design/portal.md). Jackson comes with Gatling.
 */
record ServeContract(
    String url,
    String keycloakUrl,
    String realm,
    String cliClientId,
    Map<String, String> passwords) {

  static ServeContract read(Path file) {
    if (!Files.isRegularFile(file)) {
      throw new IllegalStateException(
          file
              + " does not exist: start the portal first (./parlance serve --port N) and pass"
              + " -Dparlance.serve.json=PATH if PARLANCE_HOME is not set");
    }
    try {
      JsonNode root = new ObjectMapper().readTree(file.toFile());
      Map<String, String> passwords = new LinkedHashMap<>();
      for (JsonNode user : root.path("users")) {
        passwords.put(user.path("username").asText(), user.path("password").asText());
      }
      return new ServeContract(
          root.path("url").asText(),
          root.path("keycloak_url").asText(),
          root.path("realm").asText(),
          root.path("cli_client_id").asText(),
          Map.copyOf(passwords));
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
  }

  String tokenEndpoint() {
    return keycloakUrl + "/realms/" + realm + "/protocol/openid-connect/token";
  }

  String password(String user) {
    String password = passwords.get(user);
    if (password == null) {
      throw new IllegalStateException("serve.json has no demo user " + user);
    }
    return password;
  }
}
