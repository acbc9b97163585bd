package dev.parlance.deploy.portal;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.ObjectMapper;
import dev.parlance.deploy.cli.LauncherCache;
import java.io.IOException;
import java.net.URI;
import java.net.URLEncoder;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;

/** What the serve ITs share: a {@code parlance} process as the launcher starts one, and HTTP. */
final class ServeProcesses {

  private ServeProcesses() {}

  /**
   * A {@code parlance} process on {@code home} from the packaged command line, with the launcher's
   * JVM options and start-up cache, and no identity provider or Liberty JVM options of the build's.
   */
  static ProcessBuilder parlance(Path home, String... args) {
    List<String> command = new ArrayList<>();
    command.add(Path.of(System.getProperty("java.home"), "bin", "java").toString());
    command.addAll(LauncherCache.jvmOptions());
    command.add("--enable-native-access=ALL-UNNAMED");
    command.add("-Dparlance.install=" + System.getProperty("parlance.install"));
    command.add("-cp");
    command.add(System.getProperty("parlance.lib") + "/*");
    command.add("dev.parlance.deploy.cli.ParlanceCli");
    command.addAll(List.of(args));
    ProcessBuilder builder = new ProcessBuilder(command);
    builder.environment().put("PARLANCE_HOME", home.toString());
    builder.environment().keySet().removeIf(k -> k.startsWith("PARLANCE_OIDC"));
    // Liberty's JVM options are serve's own (the client compiler), not the build's.
    builder.environment().remove("JVM_ARGS");
    return builder;
  }

  /** An access token from the password grant of the public command-line client. */
  static String passwordGrant(URI tokenUrl, String clientId, String user, String password)
      throws Exception {
    String form =
        "grant_type=password&client_id="
            + URLEncoder.encode(clientId, StandardCharsets.UTF_8)
            + "&username="
            + URLEncoder.encode(user, StandardCharsets.UTF_8)
            + "&password="
            + URLEncoder.encode(password, StandardCharsets.UTF_8);
    HttpResponse<String> response =
        HttpClient.newHttpClient()
            .send(
                HttpRequest.newBuilder(tokenUrl)
                    .header("Content-Type", "application/x-www-form-urlencoded")
                    .POST(HttpRequest.BodyPublishers.ofString(form))
                    .build(),
                HttpResponse.BodyHandlers.ofString());
    assertThat(response.statusCode()).as(response.body()).isEqualTo(200);
    return new ObjectMapper().readTree(response.body()).get("access_token").asText();
  }

  /**
   * A GET to the portal (its self-signed certificate trusted), with a bearer token when given.
   * Generous: a slow answer on a busy machine is an answer, not an error (the limits guard a hang).
   */
  static HttpResponse<String> get(URI uri, String token) throws Exception {
    HttpRequest.Builder request = HttpRequest.newBuilder(uri).timeout(Duration.ofMinutes(5));
    if (token != null) {
      request.header("Authorization", "Bearer " + token);
    }
    return HttpClient.newBuilder()
        .sslContext(LocalTls.trustAll())
        .connectTimeout(Duration.ofMinutes(1))
        .build()
        .send(request.build(), HttpResponse.BodyHandlers.ofString());
  }

  /** Removes {@code root} and everything under it; nothing when it does not exist. */
  static void deleteTree(Path root) throws IOException {
    if (!Files.exists(root)) {
      return;
    }
    try (var paths = Files.walk(root)) {
      for (Path p : paths.sorted(Comparator.reverseOrder()).toList()) {
        Files.delete(p);
      }
    }
  }
}
