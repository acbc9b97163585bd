package dev.parlance.deploy.load;

import static io.gatling.javaapi.core.CoreDsl.StringBody;
import static io.gatling.javaapi.core.CoreDsl.exec;
import static io.gatling.javaapi.core.CoreDsl.global;
import static io.gatling.javaapi.core.CoreDsl.jsonPath;
import static io.gatling.javaapi.core.CoreDsl.rampUsers;
import static io.gatling.javaapi.core.CoreDsl.scenario;
import static io.gatling.javaapi.http.HttpDsl.http;
import static io.gatling.javaapi.http.HttpDsl.status;

import io.gatling.javaapi.core.ChainBuilder;
import io.gatling.javaapi.core.ScenarioBuilder;
import io.gatling.javaapi.core.Session;
import io.gatling.javaapi.core.Simulation;
import io.gatling.javaapi.http.HttpProtocolBuilder;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.concurrent.ThreadLocalRandom;

/**
 * Analysts asking over the demo, back to back: {@code load.users} virtual users (default 50),
 * started over {@code load.ramp.seconds}, each asking for {@code load.minutes} without pausing, as
 * {@code analyst} or {@code analyst-se} (half each) with real bearer tokens from the portal's
 * identity provider. No think time, so the portal is never idle: the numbers are what it serves
 * when 50 people wait on it at once, not a model of their habits.
 *
 * <p>An ask counts as an error unless it is a 200 whose answer is {@code answered} with rows, and
 * the regional analyst's installations are only those of region SE: governance must hold under load
 * too. Gatling prints throughput and the percentiles, and writes its HTML report under {@code
 * target/gatling}.
 */
public class AskLoadSimulation extends Simulation {

  private static final String INSTALLATIONS = "Which installations are there, with their region?";
  private static final String COUNT = "How many installations are there?";
  private static final List<String> ANALYSTS = List.of("analyst", "analyst-se");

  private final ServeContract serve =
      ServeContract.read(Path.of(System.getProperty("parlance.serve.json")));
  private final Tokens tokens = new Tokens(serve);
  private final int users = Integer.getInteger("load.users", 50);
  private final Duration ramp = Duration.ofSeconds(Integer.getInteger("load.ramp.seconds", 30));
  private final Duration run = Duration.ofMinutes(Integer.getInteger("load.minutes", 10));

  private final HttpProtocolBuilder portal =
      http.baseUrl(serve.url())
          .acceptHeader("application/json")
          .contentTypeHeader("application/json")
          // One analyst, one connection kept open, as a browser or script would.
          .maxConnectionsPerHost(1);

  private final ChainBuilder ask =
      exec(session ->
              session.set(
                  "question", ThreadLocalRandom.current().nextInt(4) == 0 ? COUNT : INSTALLATIONS))
          .exec(
              http("ask")
                  .post("/api/v1/sources/demo/ask")
                  .header("Authorization", session -> "Bearer " + tokens.of(user(session)))
                  .body(
                      StringBody(
                          session -> "{\"question\":\"" + session.getString("question") + "\"}"))
                  .check(status().is(200))
                  .check(jsonPath("$.status").is("answered"))
                  .check(jsonPath("$.rows[*][*]").exists())
                  .checkIf(session -> INSTALLATIONS.equals(session.getString("question")))
                  .then(
                      jsonPath("$.rows[*][1]")
                          .findAll()
                          .transformWithSession(
                              (regions, session) -> regionsFit(regions, user(session)))
                          .is(true)));

  private final ScenarioBuilder analysts =
      scenario("analysts asking over the demo")
          .exec(session -> session.set("user", ANALYSTS.get((int) (session.userId() % 2))))
          .during(run)
          .on(ask);

  {
    setUp(analysts.injectOpen(rampUsers(users).during(ramp)))
        .protocols(portal)
        .assertions(global().failedRequests().count().is(0L));
  }

  private static String user(Session session) {
    return session.getString("user");
  }

  /**
   * The demo policy's row filter: the regional analyst sees the installations of region SE only;
   * the other analyst sees every region (more than one).
   */
  static boolean regionsFit(List<String> regions, String user) {
    if (user.equals("analyst-se")) {
      return regions.stream().allMatch("SE"::equals);
    }
    return regions.stream().distinct().count() > 1;
  }
}
