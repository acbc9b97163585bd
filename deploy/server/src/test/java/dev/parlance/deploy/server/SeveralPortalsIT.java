package dev.parlance.deploy.server;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import dev.parlance.adapters.db.testing.PostgresServer;
import dev.parlance.adapters.index.testing.OpenSearchServer;
import java.net.http.HttpResponse;
import java.nio.file.Path;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.UUID;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

/**
 * Two portal servers (Open Liberty, started as `parlance serve` starts one) on one PostgreSQL store
 * and one OpenSearch node, with the test Keycloak and the recorded model: a curation published
 * through instance A reaches instance B's catalog (the delay is printed, not asserted: the design
 * says a quarter of a second, and a loaded machine must not fail the test) and the prompt of B's
 * next answer, without a restart, and the audit read through either instance holds what both did.
 */
class SeveralPortalsIT {

  private static final String INSTALLATIONS = ApiCalls.INSTALLATIONS;

  static PostgresServer.Database store;
  static PortalInstance a;
  static PortalInstance b;
  static ApiCalls throughA;
  static ApiCalls throughB;
  static long startedMillis;

  @BeforeAll
  static void start() throws Exception {
    long begin = System.nanoTime();
    PortalEnvironment env = PortalEnvironment.get();
    // The run's PostgreSQL and OpenSearch, with a database and an index prefix of this test's own.
    store = PostgresServer.shared().newDatabase("portals");
    OpenSearchServer openSearch = OpenSearchServer.shared();
    Map<String, String> variables =
        Map.of(
            "parlance.store.url",
            store.url(),
            "parlance.store.user-env",
            "STORE_USER",
            "parlance.store.password-env",
            "STORE_PASSWORD",
            "parlance.index",
            "opensearch",
            "parlance.opensearch.url",
            openSearch.url(),
            "parlance.opensearch.index-prefix",
            "portals" + UUID.randomUUID().toString().substring(0, 8));
    Map<String, String> credentials =
        Map.of("STORE_USER", store.user(), "STORE_PASSWORD", store.password());
    Path work =
        Path.of(System.getProperty("parlance.wlp"))
            .getParent()
            .getParent()
            .resolve("several-portals");
    String server = System.getProperty("parlance.it.server", "parlance-it");
    // Both start at once: Flyway's lock lets one create the store while the other waits.
    a = PortalInstance.start(server + "-a", work, variables, credentials);
    b = PortalInstance.start(server + "-b", work, variables, credentials);
    a.awaitReady();
    b.awaitReady();
    throughA = new ApiCalls(a.url());
    throughB = new ApiCalls(b.url());
    env.model().answer("Question: " + INSTALLATIONS, ApiCalls.fenced(ApiCalls.INSTALLATIONS_SQL));
    startedMillis = TimeUnit.NANOSECONDS.toMillis(System.nanoTime() - begin);
  }

  @AfterAll
  static void stop() {
    // Both at once: each stop waits for its server to end.
    Thread other = Thread.ofPlatform().start(() -> close(b));
    close(a);
    try {
      other.join();
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
    }
  }

  private static void close(PortalInstance instance) {
    if (instance != null) {
      instance.close();
    }
  }

  @Test
  void should_use_a_publish_through_one_instance_in_the_other_without_a_restart() throws Exception {
    long begin = System.nanoTime();
    PortalEnvironment env = PortalEnvironment.get();
    Instant before = Instant.now().minusSeconds(1);
    String marker = "zulucrew" + System.nanoTime();
    // Whichever instance created the shared store registers the demo, after its own start-up
    // steps; the other may be ready before that: wait until A lists it (a hang guard, not a speed).
    long registered = System.currentTimeMillis() + 600_000;
    while (throughA.call("GET", "/api/v1/sources/demo", "admin", null).statusCode() == 404
        && System.currentTimeMillis() < registered) {
      Thread.sleep(500);
    }
    HttpResponse<String> indexing =
        throughA.call("POST", "/api/v1/sources/demo/index", "admin", null);
    assertThat(indexing.statusCode()).as(indexing.body()).isIn(200, 202);
    throughA.awaitIndexed("demo");
    throughB.awaitIndexed("demo");

    // B has read (and keeps) the demo's curation and answers from it, before the change.
    String ask = "{\"question\":\"" + INSTALLATIONS + "\",\"candidates\":1}";
    HttpResponse<String> first = throughB.call("POST", "/api/v1/sources/demo/ask", "analyst", ask);
    assertThat(first.statusCode()).as(first.body()).isEqualTo(200);
    assertThat(catalog(throughB, marker)).doesNotContain(marker);

    HttpResponse<String> described =
        throughA.call(
            "PUT",
            "/api/v1/sources/demo/curation/descriptions",
            "steward",
            "{\"target\":\"installation\",\"description\":\"Offshore sites kept by "
                + marker
                + "\"}");
    assertThat(described.statusCode()).as(described.body()).isEqualTo(200);
    HttpResponse<String> published =
        throughA.call(
            "POST",
            "/api/v1/sources/demo/curation/publish",
            "steward",
            "{\"note\":\"installations described\"}");
    long publishedAt = System.nanoTime();
    assertThat(published.statusCode()).as(published.body()).isEqualTo(200);

    // B's catalog shows the change without a restart (B reads the store's version at most every
    // 250 ms): the test follows it until it is seen and prints the delay, never asserts it.
    String seen = catalog(throughB, marker);
    long deadline = publishedAt + TimeUnit.MINUTES.toNanos(5);
    while (!seen.contains(marker) && System.nanoTime() < deadline) {
      Thread.sleep(50);
      seen = catalog(throughB, marker);
    }
    long seenAt = System.nanoTime();
    assertThat(seen).as("B's catalog 5 minutes after A's publish").contains(marker);
    long delayMillis = TimeUnit.NANOSECONDS.toMillis(seenAt - publishedAt);

    // And B's next answer was asked with it.
    int promptsBefore = env.model().prompts().size();
    long askedFrom = System.nanoTime();
    HttpResponse<String> asked =
        throughB.call("POST", "/api/v1/sources/demo/ask", "analyst-se", ask);
    long askMillis = TimeUnit.NANOSECONDS.toMillis(System.nanoTime() - askedFrom);
    assertThat(asked.statusCode()).as(asked.body()).isEqualTo(200);
    List<String> prompts = env.model().prompts();
    assertThat(prompts.subList(promptsBefore, prompts.size())).anyMatch(p -> p.contains(marker));

    // One audit trail: each instance reads what was done through both.
    for (ApiCalls through : List.of(throughA, throughB)) {
      HttpResponse<String> audit =
          through.call(
              "GET", "/api/v1/audit?source=demo&from=" + before + "&size=100", "admin", null);
      assertThat(audit.statusCode()).as(audit.body()).isEqualTo(200);
      List<String> lines = new ArrayList<>();
      ApiCalls.json(audit)
          .get("entries")
          .forEach(e -> lines.add(e.get("user").asText() + " " + e.get("action").asText()));
      assertThat(lines).contains("steward curation-publish", "analyst-se query", "analyst query");
    }
    System.out.printf(
        "SeveralPortalsIT: publish through A seen in B's catalog after %d ms; B's next ask took"
            + " %d ms; both servers (with PostgreSQL and OpenSearch) ready in %d s; the test's"
            + " steps took %d s%n",
        delayMillis,
        askMillis,
        startedMillis / 1000,
        TimeUnit.NANOSECONDS.toSeconds(System.nanoTime() - begin));
  }

  /** The demo's catalog as B's callers see it, kept to the views and columns matching words. */
  private static String catalog(ApiCalls through, String words) {
    HttpResponse<String> catalog =
        through.call("GET", "/api/v1/sources/demo/catalog?q=" + words, "analyst", null);
    assertThat(catalog.statusCode()).as(catalog.body()).isEqualTo(200);
    JsonNode entries = ApiCalls.json(catalog).get("entries");
    return entries.toString();
  }
}
