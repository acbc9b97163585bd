package dev.parlance.deploy.portal;

import static dev.parlance.deploy.portal.StartTicker.seconds;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import dev.parlance.deploy.portal.PortalLauncher.Identity;
import dev.parlance.deploy.wiring.ParlanceHome;
import java.io.IOException;
import java.io.PrintStream;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.Optional;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;

/**
 * Waits until a started portal is ready ({@code /health/ready}, then {@code /health/started}),
 * saying what it is still preparing, and warms it up with one signed-in request before it is
 * announced.
 */
final class PortalReadiness {

  private static final Duration READY_TIMEOUT = Duration.ofMinutes(20);

  private final ParlanceHome home;
  private final PrintStream progress;

  PortalReadiness(ParlanceHome home, PrintStream progress) {
    this.home = home;
    this.progress = progress;
  }

  /**
   * {@link #awaitReady} on a thread of its own, so that the caller provisions the realm meanwhile;
   * {@link PortalLaunchException#join} waits for it.
   */
  CompletableFuture<Void> awaitReadyBeside(URI portal, Process liberty) {
    CompletableFuture<Void> ready = new CompletableFuture<>();
    Thread.ofPlatform()
        .daemon()
        .name("parlance-serve-ready")
        .start(
            () -> {
              try {
                awaitReady(portal, liberty);
                ready.complete(null);
              } catch (Throwable e) {
                ready.completeExceptionally(e);
              }
            });
    return ready;
  }

  private void awaitReady(URI portal, Process liberty) {
    long started = System.nanoTime();
    try (StartTicker ticker = new StartTicker(progress, "the portal", started)) {
      awaitReady(portal, liberty, started);
    }
  }

  private void awaitReady(URI portal, Process liberty, long started) {
    HttpClient http =
        HttpClient.newBuilder()
            .sslContext(LocalTls.trustAll())
            .connectTimeout(Duration.ofSeconds(2))
            .build();
    HttpRequest ready =
        HttpRequest.newBuilder(portal.resolve("/health/ready"))
            .timeout(Duration.ofSeconds(5))
            .build();
    HttpRequest prepared =
        HttpRequest.newBuilder(portal.resolve("/health/started"))
            .timeout(Duration.ofSeconds(5))
            .build();
    Path log = home.logs().resolve("liberty.log");
    String lastDown = "";
    String lastPreparing = "";
    long lastSaid = System.nanoTime() - SAY_EVERY - 1;
    while (System.nanoTime() - started < READY_TIMEOUT.toNanos()) {
      if (!liberty.isAlive()) {
        throw new PortalLaunchException("the portal's server stopped while starting; see " + log);
      }
      String console = read(log);
      if (console.contains("CWWKO0221E")) {
        throw new PortalLaunchException(
            "port " + portal.getPort() + " is in use; choose another with --port N");
      }
      try {
        HttpResponse<String> response = http.send(ready, HttpResponse.BodyHandlers.ofString());
        if (response.statusCode() == 200) {
          HttpResponse<String> start = http.send(prepared, HttpResponse.BodyHandlers.ofString());
          if (start.statusCode() == 200) {
            progress.printf("parlance: portal ready in %d s%n", seconds(started));
            return;
          }
          // It answers, but the sources' indexes and the models are still being prepared.
          String doing = preparing(start.body());
          if (!doing.equals(lastPreparing) && System.nanoTime() - lastSaid > SAY_EVERY) {
            progress.printf(
                "parlance: the portal answers (%d s); still preparing: %s%n",
                seconds(started), doing);
            lastPreparing = doing;
            lastSaid = System.nanoTime();
          }
          lastDown = "still preparing: " + doing;
        } else {
          lastDown = response.body();
        }
      } catch (IOException e) {
        // not listening yet
      } catch (InterruptedException e) {
        Thread.currentThread().interrupt();
        throw new PortalLaunchException("interrupted while the portal started");
      }
      sleep(500);
    }
    throw new PortalLaunchException(
        "the portal did not become ready within "
            + READY_TIMEOUT.toSeconds()
            + " s ("
            + lastDown
            + "); see "
            + log);
  }

  /**
   * Signed-in requests through the API before the portal is announced, so that the first user's
   * request does not pay for what the server does once (the provider's signing keys fetched, the
   * REST and JSON layers set up): the sources listed, then an empty question to the first source
   * (refused before anything is asked); as a demo user, when serve knows one's password.
   */
  void warmUp(URI portal, Identity identity) {
    Optional<ServeJson.User> user =
        identity.users().stream().filter(u -> u.password() != null).findFirst();
    if (user.isEmpty() || identity.realm().isEmpty()) {
      return;
    }
    try {
      HttpClient http =
          HttpClient.newBuilder()
              .sslContext(LocalTls.trustAll())
              .connectTimeout(Duration.ofSeconds(5))
              .build();
      String form =
          "grant_type=password&client_id="
              + java.net.URLEncoder.encode(
                  identity.cliClientId(), java.nio.charset.StandardCharsets.UTF_8)
              + "&username="
              + java.net.URLEncoder.encode(
                  user.get().username(), java.nio.charset.StandardCharsets.UTF_8)
              + "&password="
              + java.net.URLEncoder.encode(
                  user.get().password(), java.nio.charset.StandardCharsets.UTF_8);
      HttpResponse<String> token =
          http.send(
              HttpRequest.newBuilder(
                      URI.create(
                          identity.keycloakUrl()
                              + "/realms/"
                              + identity.realm()
                              + "/protocol/openid-connect/token"))
                  .timeout(Duration.ofSeconds(30))
                  .header("Content-Type", "application/x-www-form-urlencoded")
                  .POST(HttpRequest.BodyPublishers.ofString(form))
                  .build(),
              HttpResponse.BodyHandlers.ofString());
      if (token.statusCode() != 200) {
        return;
      }
      String accessToken = new ObjectMapper().readTree(token.body()).path("access_token").asText();
      HttpResponse<String> sources =
          http.send(
              HttpRequest.newBuilder(portal.resolve("/api/v1/sources"))
                  .timeout(Duration.ofSeconds(30))
                  .header("Authorization", "Bearer " + accessToken)
                  .build(),
              HttpResponse.BodyHandlers.ofString());
      // The way of a question up to the question itself (the resource, its request-scoped beans,
      // the request's JSON): a question with no words, which is refused (400) before anything is
      // asked, counted or recorded.
      String source = new ObjectMapper().readTree(sources.body()).path(0).path("name").asText("");
      if (!source.isEmpty()) {
        http.send(
            HttpRequest.newBuilder(
                    portal.resolve(
                        "/api/v1/sources/"
                            + java.net.URLEncoder.encode(
                                source, java.nio.charset.StandardCharsets.UTF_8)
                            + "/ask"))
                .timeout(Duration.ofSeconds(30))
                .header("Authorization", "Bearer " + accessToken)
                .header("Content-Type", "application/json")
                .POST(HttpRequest.BodyPublishers.ofString("{\"question\": \"\"}"))
                .build(),
            HttpResponse.BodyHandlers.discarding());
      }
    } catch (IOException e) {
      // a warm-up only: the portal is ready all the same
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
    }
  }

  // How often a change in what is being prepared is said, at most.
  private static final long SAY_EVERY = TimeUnit.SECONDS.toNanos(5);

  /** What {@code /health/started} says is being prepared, or its body as it is. */
  static String preparing(String startedBody) {
    try {
      for (JsonNode check : new ObjectMapper().readTree(startedBody).path("checks")) {
        String doing = check.path("data").path("preparing").asText("");
        if (!doing.isEmpty()) {
          return doing;
        }
      }
    } catch (IOException e) {
      // not JSON: said as it is
    }
    return startedBody.strip();
  }

  private static String read(Path file) {
    try {
      return Files.exists(file) ? Files.readString(file) : "";
    } catch (IOException e) {
      return "";
    }
  }

  private static void sleep(long millis) {
    try {
      Thread.sleep(millis);
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
    }
  }
}
