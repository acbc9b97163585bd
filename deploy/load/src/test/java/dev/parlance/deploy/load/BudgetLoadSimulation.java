package dev.parlance.deploy.load;

import static io.gatling.javaapi.core.CoreDsl.StringBody;
import static io.gatling.javaapi.core.CoreDsl.atOnceUsers;
import static io.gatling.javaapi.core.CoreDsl.details;
import static io.gatling.javaapi.core.CoreDsl.exec;
import static io.gatling.javaapi.core.CoreDsl.jsonPath;
import static io.gatling.javaapi.core.CoreDsl.rampUsers;
import static io.gatling.javaapi.core.CoreDsl.responseTimeInMillis;
import static io.gatling.javaapi.core.CoreDsl.scenario;
import static io.gatling.javaapi.http.HttpDsl.http;
import static io.gatling.javaapi.http.HttpDsl.status;

import io.gatling.javaapi.core.ChainBuilder;
import io.gatling.javaapi.core.ScenarioBuilder;
import io.gatling.javaapi.core.Simulation;
import io.gatling.javaapi.http.HttpProtocolBuilder;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.ThreadLocalRandom;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.concurrent.atomic.LongAdder;

/**
 * Issue 24's attack under load: one user ({@code analyst-se}) sends large-result asks, {@code
 * load.heavy.users} at once (default 8, as in the issue) and back to back, beside {@code
 * load.users} ordinary analysts (default 20, each an account of their own, {@link LoadUsers})
 * asking the usual demo questions back to back, for {@code load.minutes} (default 5).
 *
 * <p>The large-result question is answered by the fake model with every maintenance order and 60
 * columns of a 249 kB value: about 15 MB a row, what took a CLI to 2.3 GB and Liberty to
 * OutOfMemoryError. An ordinary ask counts as an error unless it is a 200 answered with rows whose
 * regions fit the analyst. A large-result ask counts as an error unless it is a 200 whose result
 * says it was cut ({@code truncated}), or a 429/503 problem with Retry-After (one user's share, or
 * the server's, is taken). The run fails if any ask of either kind erred; the large-result asks'
 * statuses are printed at the end.
 */
public class BudgetLoadSimulation extends Simulation {

  static final String HEAVY = "Show every maintenance order with all of its long notes";
  private static final String INSTALLATIONS = "Which installations are there, with their region?";
  private static final String COUNT = "How many installations are there?";
  private static final String ATTACKER = "analyst-se";

  private final Path serveJson = Path.of(System.getProperty("parlance.serve.json"));
  private final ServeContract serve = ServeContract.read(serveJson);
  private final int users = Integer.getInteger("load.users", 20);
  private final int heavyUsers = Integer.getInteger("load.heavy.users", 8);
  private final Duration ramp = Duration.ofSeconds(Integer.getInteger("load.ramp.seconds", 20));
  private final Duration run = Duration.ofMinutes(Integer.getInteger("load.minutes", 5));
  private final Map<String, String> accounts =
      new LoadUsers(serve, serveJson.toAbsolutePath().getParent()).analysts(users);
  private final Tokens tokens =
      new Tokens(
          serve, user -> accounts.containsKey(user) ? accounts.get(user) : serve.password(user));
  private final AtomicInteger next = new AtomicInteger();
  private final Map<Integer, LongAdder> heavyStatuses = new ConcurrentHashMap<>();
  // Response times (ms) by request and status, printed as percentiles at the end.
  private final Map<String, java.util.List<Integer>> times = new ConcurrentHashMap<>();

  private final HttpProtocolBuilder portal =
      http.baseUrl(serve.url())
          .acceptHeader("application/json")
          .contentTypeHeader("application/json")
          .maxConnectionsPerHost(1);

  private final ChainBuilder ordinaryAsk =
      exec(session ->
              session.set(
                  "question", ThreadLocalRandom.current().nextInt(4) == 0 ? COUNT : INSTALLATIONS))
          .exec(
              http("ordinary ask")
                  .post("/api/v1/sources/demo/ask")
                  .header(
                      "Authorization", session -> "Bearer " + tokens.of(session.getString("user")))
                  .body(
                      StringBody(
                          session -> "{\"question\":\"" + session.getString("question") + "\"}"))
                  .check(status().saveAs("status"))
                  .check(responseTimeInMillis().saveAs("ms"))
                  .check(status().is(200))
                  .check(jsonPath("$.status").is("answered"))
                  .check(jsonPath("$.rows[*][*]").exists())
                  .checkIf(session -> INSTALLATIONS.equals(session.getString("question")))
                  .then(
                      jsonPath("$.rows[*][1]")
                          .findAll()
                          .transform(regions -> AskLoadSimulation.regionsFit(regions, "analyst"))
                          .is(true)))
          .exec(session -> timed(session, "ordinary ask"));

  private final ChainBuilder heavyAsk =
      exec(http("large-result ask")
              .post("/api/v1/sources/demo/ask")
              .header("Authorization", session -> "Bearer " + tokens.of(ATTACKER))
              .body(StringBody("{\"question\":\"" + HEAVY + "\"}"))
              .check(status().in(200, 429, 503).saveAs("status"))
              .check(responseTimeInMillis().saveAs("ms"))
              .checkIf((response, session) -> response.status().code() == 200)
              .then(jsonPath("$.truncated").is("true"), jsonPath("$.cuts[0].reason").exists())
              .checkIf((response, session) -> response.status().code() != 200)
              .then(
                  io.gatling.javaapi.http.HttpDsl.header("Retry-After").exists(),
                  jsonPath("$.detail").exists()))
          .exec(
              session -> {
                if (session.contains("status")) {
                  heavyStatuses
                      .computeIfAbsent(session.getInt("status"), s -> new LongAdder())
                      .increment();
                }
                return timed(session, "large-result ask");
              });

  private io.gatling.javaapi.core.Session timed(
      io.gatling.javaapi.core.Session session, String request) {
    if (session.contains("ms") && session.contains("status")) {
      times
          .computeIfAbsent(
              request + " " + session.getInt("status"),
              k -> java.util.Collections.synchronizedList(new java.util.ArrayList<>()))
          .add(session.getInt("ms"));
    }
    return session.remove("ms").remove("status");
  }

  private final ScenarioBuilder ordinary =
      scenario("ordinary analysts")
          .exec(session -> session.set("user", String.format("load-%02d", next.incrementAndGet())))
          .during(run)
          .on(ordinaryAsk);

  private final ScenarioBuilder attacker =
      scenario("one user asking for huge results").during(run).on(heavyAsk);

  {
    // load.heavy.users=0: the ordinary analysts alone, the baseline to compare with.
    setUp(
            heavyUsers > 0
                ? List.of(
                    ordinary.injectOpen(rampUsers(users).during(ramp)),
                    attacker.injectOpen(atOnceUsers(heavyUsers)))
                : List.of(ordinary.injectOpen(rampUsers(users).during(ramp))))
        .protocols(portal)
        .assertions(
            details("ordinary ask").failedRequests().count().is(0L),
            details("large-result ask").failedRequests().count().is(0L));
  }

  @Override
  public void after() {
    System.out.println("large-result asks by status: " + new java.util.TreeMap<>(heavyStatuses));
    new java.util.TreeMap<>(times)
        .forEach(
            (request, list) -> {
              java.util.List<Integer> sorted;
              synchronized (list) {
                sorted = list.stream().sorted().toList();
              }
              System.out.printf(
                  "%s: n %d, p50 %d ms, p75 %d, p95 %d, p99 %d, max %d%n",
                  request,
                  sorted.size(),
                  at(sorted, 0.50),
                  at(sorted, 0.75),
                  at(sorted, 0.95),
                  at(sorted, 0.99),
                  sorted.getLast());
            });
  }

  private static int at(java.util.List<Integer> sorted, double q) {
    return sorted.get(Math.min(sorted.size() - 1, (int) Math.ceil(q * sorted.size()) - 1));
  }
}
