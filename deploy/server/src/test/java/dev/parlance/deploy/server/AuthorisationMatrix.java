package dev.parlance.deploy.server;

import static dev.parlance.deploy.server.ApiCalls.assertProblem;
import static dev.parlance.deploy.server.ApiCalls.json;
import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import java.io.IOException;
import java.net.http.HttpResponse;
import java.nio.file.Files;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.SQLException;
import java.sql.Statement;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.junit.jupiter.api.Test;

/**
 * The authorisation matrix of docs/design/portal.md, read from that file and run cell by cell
 * against the running server with real tokens of the demo users; beside it, what the matrix's
 * statuses do not show: what an answer holds for each caller, the policy sent back, 409 while a
 * source is indexed and 429 once a user's rate is spent.
 *
 * <p>Run inside {@link ApiIT}'s deployment (ApiIT extends it), which saves a deployment. (A second
 * deployment of the WAR into the same server works since the libraries, the native ones among them,
 * are the server's global library; docs/design/portal-pages.md.)
 */
abstract class AuthorisationMatrix {

  /** The table's columns, left to right ({@code null}: no token). */
  static final List<String> CALLERS =
      Arrays.asList(null, "analyst", "steward", "steward-other", "admin");

  /** The questions a minute each user may ask on the test server (PortalEnvironment). */
  static final int ASKS_PER_MINUTE = PortalEnvironment.ASKS_PER_MINUTE;

  private final ApiCalls api = new ApiCalls();

  /** One request of the table and the status each caller gets. */
  record Row(int line, String method, String path, String body, List<Integer> expected) {}

  private static final Pattern CELL_REQUEST = Pattern.compile("`(GET|POST|PUT|DELETE) ([^`]+)`");

  /** The rows between the matrix markers of docs/design/portal.md. */
  static List<Row> rows() throws IOException {
    Path doc =
        Path.of(System.getProperty("user.dir")).resolve("../../docs/design/portal.md").normalize();
    List<String> lines = Files.readAllLines(doc);
    int start = lines.indexOf("<!-- matrix:start -->");
    int end = lines.indexOf("<!-- matrix:end -->");
    assertThat(start).as("matrix markers in " + doc).isPositive();
    assertThat(end).isGreaterThan(start);
    List<Row> rows = new ArrayList<>();
    for (int i = start + 3; i < end; i++) {
      String line = lines.get(i);
      // No request or body in the table holds a '|'.
      String[] cells = line.substring(1, line.length() - 1).split("\\|", -1);
      assertThat(cells).as("line %d: %s", i + 1, line).hasSize(7);
      Matcher request = CELL_REQUEST.matcher(cells[0].strip());
      assertThat(request.matches()).as("line %d: request cell %s", i + 1, cells[0]).isTrue();
      String body = cells[1].strip();
      body = body.isEmpty() ? null : body.substring(1, body.length() - 1);
      List<Integer> expected = new ArrayList<>();
      for (int c = 2; c < 7; c++) {
        expected.add(Integer.parseInt(cells[c].strip()));
      }
      rows.add(new Row(i + 1, request.group(1), request.group(2), body, expected));
    }
    return rows;
  }

  /** A one-table SQLite database, the source the matrix adds, tests, indexes and removes. */
  static Path smallDatabase() throws SQLException, IOException {
    return crewDatabase("matrix-small.db");
  }

  /** A fresh SQLite file beside the server's home with the crew table: two names. */
  private static Path crewDatabase(String name) throws SQLException, IOException {
    Path db = PortalEnvironment.home().resolveSibling(name);
    Files.deleteIfExists(db);
    try (Connection c = DriverManager.getConnection("jdbc:sqlite:" + db);
        Statement s = c.createStatement()) {
      s.execute("CREATE TABLE crew (id INTEGER PRIMARY KEY, name TEXT NOT NULL)");
      s.execute("INSERT INTO crew (name) VALUES ('zulu'), ('yankee')");
    }
    return db;
  }

  @Test
  void should_answer_every_cell_of_the_documented_matrix_as_it_says() throws Exception {
    api.demoIndexed();
    String smallUrl = "jdbc:sqlite:" + smallDatabase();
    HttpResponse<String> asked =
        api.call(
            "POST",
            "/api/v1/sources/demo/ask",
            "analyst",
            "{\"question\":\"" + ApiCalls.INSTALLATIONS + "\",\"candidates\":1}");
    assertThat(asked.statusCode()).as(asked.body()).isEqualTo(200);
    String answer = json(asked).get("id").asText();
    JsonNode history =
        json(api.call("GET", "/api/v1/sources/demo/curation/history", "admin", null));
    String firstVersion = history.get(history.size() - 1).get("version").asText();
    Path run = PortalEnvironment.home().resolve("bench-runs/matrix-run");
    Files.createDirectories(run);
    Files.writeString(run.resolve("llm.jsonl"), "{}\n");
    Files.writeString(run.resolve("report.html"), "<html><body>matrix report</body></html>");

    List<Row> rows = rows();
    List<String> disagreements = new ArrayList<>();
    int cells = 0;
    for (Row row : rows) {
      for (int c = 0; c < CALLERS.size(); c++) {
        String user = CALLERS.get(c);
        if (row.method().equals("DELETE")
            && row.path().equals("/api/v1/sources/scratch")
            && "admin".equals(user)) {
          untilNotIndexing("scratch");
        }
        if (row.path().equals("/api/v1/sources/demo/curation/publish")) {
          // Something to publish for whoever may: a publish leaves no draft behind.
          HttpResponse<String> edited =
              api.call(
                  "PUT",
                  "/api/v1/sources/demo/curation/descriptions",
                  "admin",
                  "{\"target\":\"installation\",\"description\":\"Installations, edit "
                      + System.nanoTime()
                      + "\"}");
          assertThat(edited.statusCode()).as(edited.body()).isEqualTo(200);
        }
        String path = fill(row.path(), user, answer, firstVersion, smallUrl);
        String body =
            row.body() == null ? null : fill(row.body(), user, answer, firstVersion, smallUrl);
        String type = "application/json";
        if (body != null && body.startsWith("yaml:")) {
          body = body.substring("yaml:".length());
          type = "application/yaml";
        }
        HttpResponse<String> response = api.call(row.method(), path, user, body, type);
        cells++;
        int want = row.expected().get(c);
        String who = user == null ? "anonymous" : user;
        if (response.statusCode() != want) {
          disagreements.add(
              "line "
                  + row.line()
                  + ": "
                  + row.method()
                  + " "
                  + path
                  + " as "
                  + who
                  + ": "
                  + response.statusCode()
                  + " (table: "
                  + want
                  + ") "
                  + abbreviated(response.body()));
        } else if (want >= 400 && path.startsWith("/api/")) {
          assertProblem(response, want);
        }
      }
    }
    System.out.printf(
        "authorisation matrix: %d rows, %d cells, %d agree%n",
        rows.size(), cells, cells - disagreements.size());
    assertThat(disagreements).as("cells that disagree with docs/design/portal.md").isEmpty();
    assertThat(rows.size()).isGreaterThanOrEqualTo(50);
  }

  /** The table's placeholders, filled for one caller. */
  private String fill(String text, String user, String answer, String version, String smallUrl) {
    String filled =
        text.replace("{user}", user == null ? "anonymous" : user)
            .replace("{answer}", answer)
            .replace("{version}", version)
            .replace("{small-url}", smallUrl);
    if (filled.contains("{suggestion}")) {
      HttpResponse<String> given =
          api.call(
              "POST",
              "/api/v1/answers/" + answer + "/feedback",
              "analyst",
              "{\"verdict\":\"wrong\",\"comment\":\"for the matrix\"}");
      assertThat(given.statusCode()).as(given.body()).isEqualTo(200);
      filled = filled.replace("{suggestion}", json(given).get("suggestion").asText());
    }
    if (filled.contains("{policy}")) {
      filled =
          filled.replace(
              "{policy}", api.call("GET", "/api/v1/sources/demo/policy", "admin", null).body());
    }
    if (filled.contains("{draft}")) {
      JsonNode copy = json(api.call("GET", "/api/v1/sources/demo/curation/draft", "admin", null));
      filled = filled.replace("{draft}", copy.get("curation").toString());
    }
    if (filled.contains("{export}")) {
      filled =
          filled.replace(
              "{export}",
              api.call("GET", "/api/v1/sources/demo/curation/export", "admin", null).body());
    }
    return filled;
  }

  private void untilNotIndexing(String source) throws InterruptedException {
    Instant deadline = Instant.now().plus(Duration.ofMinutes(15)); // guards a hang, not a speed
    while (Instant.now().isBefore(deadline)) {
      HttpResponse<String> index =
          api.call("GET", "/api/v1/sources/" + source + "/index", "admin", null);
      if (index.statusCode() != 200 || !json(index).get("state").asText().equals("indexing")) {
        return;
      }
      Thread.sleep(1000);
    }
  }

  private static String abbreviated(String body) {
    String one = body == null ? "" : body.replaceAll("\\s+", " ");
    return one.length() <= 300 ? one : one.substring(0, 300) + "…";
  }

  @Test
  void should_show_each_caller_only_what_its_roles_allow() {
    for (String user : List.of("analyst", "steward", "admin")) {
      assertThat(names(api.call("GET", "/api/v1/sources", user, null))).contains("demo");
    }
    assertThat(names(api.call("GET", "/api/v1/sources", "steward-other", null)))
        .doesNotContain("demo");

    HttpResponse<String> profiles = api.call("GET", "/api/v1/llm/profiles", "admin", null);
    assertThat(profiles.statusCode()).isEqualTo(200);
    assertThat(json(profiles).size()).isPositive();
    assertThat(profiles.body()).doesNotContain("sk-test").doesNotContainIgnoringCase("apiKey");
    HttpResponse<String> checked =
        api.call("POST", "/api/v1/llm/profiles/default/check", "admin", null);
    assertThat(json(checked).get("answered").asBoolean()).as(checked.body()).isTrue();
    HttpResponse<String> unknown =
        api.call("POST", "/api/v1/llm/profiles/no-such/check", "admin", null);
    // A profile that is not configured is a configuration to make: 503 saying which setting.
    assertProblem(unknown, 503);
    assertThat(json(unknown).get("detail").asText()).contains("parlance.llm.profiles.no-such");
  }

  @Test
  void should_publish_a_policy_sent_back_as_read_as_the_next_version() {
    JsonNode before = json(api.call("GET", "/api/v1/sources/demo/policy", "admin", null));
    HttpResponse<String> published =
        api.call("PUT", "/api/v1/sources/demo/policy", "admin", before.toString());

    assertThat(published.statusCode()).as(published.body()).isEqualTo(200);
    JsonNode after = json(published);
    assertThat(after.get("version").asInt()).isEqualTo(before.get("version").asInt() + 1);
    assertThat(after.get("row_filters")).isEqualTo(before.get("row_filters"));
    assertThat(after.get("edited_by").asText()).isEqualTo("admin");

    String wrong = before.toString().replace("\"row_cap\":", "\"row_cap\":0,\"x_row_cap\":");
    assertProblem(api.call("PUT", "/api/v1/sources/demo/policy", "admin", wrong), 400);
    assertProblem(api.call("PUT", "/api/v1/sources/demo/policy", "admin", "{\"row_cap\":0}"), 400);
    assertThat(json(api.call("GET", "/api/v1/sources/demo/policy", "admin", null)).get("version"))
        .isEqualTo(after.get("version"));
  }

  @Test
  void should_answer_409_while_a_source_is_indexed_then_429_once_the_rate_is_spent()
      throws Exception {
    // The crew, and 250 tables of eight columns beside it: until a build has read them and made
    // them searchable by their words, a question is told to come back; with so many that takes
    // long enough for a question sent just after a build starts to meet it.
    Path db = crewDatabase("matrix-wide.db");
    try (Connection c = DriverManager.getConnection("jdbc:sqlite:" + db);
        Statement s = c.createStatement()) {
      for (int t = 0; t < 250; t++) {
        StringBuilder columns = new StringBuilder("id INTEGER PRIMARY KEY");
        for (int col = 0; col < 8; col++) {
          columns.append(", note_").append(col).append(" TEXT");
        }
        s.execute("CREATE TABLE shift_log_" + t + " (" + columns + ")");
      }
    }
    String url = "jdbc:sqlite:" + db;
    HttpResponse<String> added =
        api.call(
            "POST", "/api/v1/sources", "admin", "{\"name\":\"other\",\"url\":\"" + url + "\"}");
    assertThat(added.statusCode()).as(added.body()).isIn(200, 201);
    String ask = "{\"question\":\"Who is in the crew?\"}";
    api.env()
        .model()
        .answer("Question: Who is in the crew?", ApiCalls.fenced("SELECT name FROM crew"));

    // A source being indexed (adding it started its first build): a question is told to come
    // back. The source may be indexed before the question arrives, however fast or slow the
    // machine: then it is indexed again, and asked at once, until a question meets the build,
    // within the user's rate (each try is a question; the burst below spends the rest).
    HttpResponse<String> first =
        api.call("POST", "/api/v1/sources/other/ask", "steward-other", ask);
    int tries = 1;
    for (; first.statusCode() == 200 && tries < ASKS_PER_MINUTE - 1; tries++) {
      HttpResponse<String> indexing =
          api.call("POST", "/api/v1/sources/other/index", "admin", null);
      assertThat(indexing.statusCode()).as(indexing.body()).isIn(200, 202);
      first = api.call("POST", "/api/v1/sources/other/ask", "steward-other", ask);
    }
    System.out.printf("AuthorisationMatrix: a question met an index build at try %d%n", tries);
    assertProblem(first, 409);
    assertThat(first.headers().firstValue("Retry-After")).isPresent();

    // Then more questions at once than the rate leaves: the ones over it answer 429.
    List<HttpResponse<String>> burst;
    try (var pool = java.util.concurrent.Executors.newVirtualThreadPerTaskExecutor()) {
      List<java.util.concurrent.Future<HttpResponse<String>>> calls = new ArrayList<>();
      for (int i = 0; i < ASKS_PER_MINUTE; i++) {
        calls.add(
            pool.submit(() -> api.call("POST", "/api/v1/sources/other/ask", "steward-other", ask)));
      }
      burst = new ArrayList<>();
      for (var call : calls) {
        burst.add(call.get());
      }
    }
    assertThat(burst).allMatch(r -> r.statusCode() < 500, "no server error");
    // Twelve at once are also more than one user may have answered at once (issue 24): those
    // answer 429 too, naming that limit; the rate's 429 names the rate.
    assertThat(burst)
        .filteredOn(r -> r.statusCode() == 429)
        .allSatisfy(
            r ->
                assertThat(json(r).get("detail").asText())
                    .containsAnyOf("questions a minute", "being answered"));
    HttpResponse<String> last =
        burst.stream()
            .filter(r -> r.statusCode() == 429)
            .filter(r -> json(r).get("detail").asText().contains("questions a minute"))
            .findFirst()
            .orElseThrow();
    assertProblem(last, 429);
    assertThat(Integer.parseInt(last.headers().firstValue("Retry-After").orElseThrow()))
        .isBetween(1, 60);
    assertThat(json(last).get("detail").asText()).contains("questions a minute");
  }

  private static List<String> names(HttpResponse<String> sources) {
    assertThat(sources.statusCode()).as(sources.body()).isEqualTo(200);
    List<String> names = new ArrayList<>();
    json(sources).forEach(s -> names.add(s.get("name").asText()));
    return names;
  }
}
