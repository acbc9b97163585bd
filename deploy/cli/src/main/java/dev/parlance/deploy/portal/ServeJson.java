package dev.parlance.deploy.portal;

import com.fasterxml.jackson.annotation.JsonProperty;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.SerializationFeature;
import java.io.IOException;
import java.nio.file.Path;
import java.util.List;

/**
 * {@code $PARLANCE_HOME/serve.json}, the contract scripts and checks use: where the portal and the
 * identity provider answer, the realm, the command-line client, and the demo logins. Written only
 * once {@code /health/ready} answers 200; owner-readable only (it holds passwords).
 */
public record ServeJson(
    String url,
    @JsonProperty("keycloak_url") String keycloakUrl,
    String realm,
    @JsonProperty("cli_client_id") String cliClientId,
    List<User> users) {

  public record User(String username, String password, List<String> roles) {}

  private static final ObjectMapper JSON =
      new ObjectMapper().enable(SerializationFeature.INDENT_OUTPUT);

  void write(Path file) throws IOException {
    PortalState.writePrivate(file, JSON.writeValueAsString(this));
  }
}
