package dev.parlance.deploy.cli;

import static org.assertj.core.api.Assertions.assertThat;

import dev.parlance.adapters.db.testing.PostgresServer;
import dev.parlance.adapters.llm.testing.RecordedOpenAi;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.security.SecureRandom;
import java.sql.Connection;
import java.sql.DatabaseMetaData;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.HexFormat;
import java.util.List;
import java.util.Map;
import java.util.stream.Stream;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

/**
 * No secret Parlance is given ends up anywhere it writes. One installation runs the command line's
 * work with real secrets: a PostgreSQL metadata store and a PostgreSQL source behind passwords of
 * their own, a language-model vendor (a local server speaking OpenAI's wire format) behind an API
 * key, a wrong password and a missing variable on the way. Then every file under {@code
 * PARLANCE_HOME} (logs, the index, run logs), every value of every table of the store, every {@code
 * --json} and HTML output and everything printed is searched for each secret.
 */
class SecretsIT {

  private static final Path HOME = Path.of("target/secrets-it/home").toAbsolutePath();
  private static final Path OUT = Path.of("target/secrets-it/out").toAbsolutePath();

  private static final String STORE_PASSWORD = secret("store-");
  private static final String SOURCE_PASSWORD = secret("plant-");
  private static final String WRONG_PASSWORD = secret("wrong-");
  private static final String API_KEY = "sk-" + secret("proj-");

  private static PostgresServer server;
  private static RecordedOpenAi model;
  private static final List<FaultSuite.Result> printed = new ArrayList<>();

  private static String secret(String prefix) {
    byte[] bytes = new byte[12];
    new SecureRandom().nextBytes(bytes);
    return prefix + HexFormat.of().formatHex(bytes);
  }

  private static void execute(String database, String... sql) throws SQLException {
    try (Connection c = server.superuser(database);
        Statement st = c.createStatement()) {
      for (String s : sql) {
        st.execute(s);
      }
    }
  }

  private static Map<String, String> environment() {
    Map<String, String> env = new HashMap<>(model.environment());
    env.put("PARLANCE_LLM_API_KEY", API_KEY);
    env.put("PARLANCE_STORE_URL", server.url("store"));
    env.put("PARLANCE_STORE_USER_ENV", "STORE_USER");
    env.put("PARLANCE_STORE_PASSWORD_ENV", "STORE_PASSWORD");
    env.put("STORE_USER", "parlance_store");
    env.put("STORE_PASSWORD", STORE_PASSWORD);
    env.put("PLANT_USER", "plant_reader");
    env.put("PLANT_PASSWORD", SOURCE_PASSWORD);
    env.put("WRONG_PASSWORD", WRONG_PASSWORD);
    env.put("PARLANCE_ASK_HALLUCINATE", "false");
    env.put("PARLANCE_LLM_MAX_RETRIES", "0");
    return env;
  }

  private static FaultSuite.Result parlance(String... args) {
    FaultSuite.Result r = FaultSuite.launch(HOME, environment(), args).await(FaultSuite.PATIENCE);
    printed.add(r);
    return r;
  }

  @BeforeAll
  static void runTheCommandLineWithSecrets() throws Exception {
    FaultSuite.deleteTree(HOME);
    FaultSuite.deleteTree(OUT);
    Files.createDirectories(OUT);
    server = PostgresServer.start();
    execute(
        "postgres",
        "CREATE ROLE parlance_store LOGIN PASSWORD '" + STORE_PASSWORD + "'",
        "CREATE DATABASE store OWNER parlance_store",
        "CREATE ROLE plant_reader LOGIN PASSWORD '" + SOURCE_PASSWORD + "'",
        "CREATE DATABASE plant");
    execute(
        "plant",
        "CREATE TABLE work_order (id INTEGER PRIMARY KEY, status TEXT, site TEXT)",
        "INSERT INTO work_order SELECT g, CASE WHEN g % 3 = 0 THEN 'open' ELSE 'closed' END,"
            + " 'site ' || (g % 7) FROM generate_series(1, 300) g",
        "GRANT SELECT ON work_order TO plant_reader");
    model =
        new RecordedOpenAi()
            .answer("how many work orders", "```sql\nSELECT count(*) FROM work_order\n```");

    String url = server.url("plant");
    assertThat(
            parlance(
                    "sources",
                    "add",
                    "plant",
                    "--url",
                    url,
                    "--user-env",
                    "PLANT_USER",
                    "--password-env",
                    "PLANT_PASSWORD")
                .exit())
        .isZero();
    parlance("sources", "test", "plant");
    parlance(
        "sources",
        "add",
        "wrong",
        "--url",
        url,
        "--user-env",
        "PLANT_USER",
        "--password-env",
        "WRONG_PASSWORD");
    parlance(
        "sources",
        "add",
        "unset",
        "--url",
        url,
        "--user-env",
        "PLANT_USER",
        "--password-env",
        "NOT_SET_ANYWHERE");
    parlance("sql", "--source", "plant", "SELECT status, count(*) FROM work_order GROUP BY status");
    parlance("sql", "--source", "plant", "SELECT nope FROM work_order");
    parlance("llm", "check");
    parlance("ask", "--source", "plant", "how many work orders are there?");
    parlance("ask", "--source", "demo", "how many work orders are open?");
    parlance(
        "bench",
        "governance",
        "--source",
        "plant",
        "--lookups",
        "2",
        "--rounds",
        "1",
        "--warm-up",
        "10",
        "--json",
        OUT.resolve("governance.json").toString());
    parlance("audit", "--source", "plant", "--limit", "20");
    parlance("views", "export", "--source", "demo");
    Path data = SharedBenchmarkData.find().orElse(null);
    if (data != null
        && Files.exists(data.resolve("spider/database/concert_singer/concert_singer.sqlite"))) {
      BenchE2eCommandTest.recordings(model);
      parlance(
          "bench",
          "e2e",
          "--dataset",
          "spider-dev",
          "--data",
          data.toString(),
          "--limit",
          "2",
          "--candidates",
          "1",
          "--json",
          OUT.resolve("run.json").toString(),
          "--html",
          OUT.resolve("run.html").toString());
      parlance(
          "bench",
          "report",
          "--html",
          OUT.resolve("report.html").toString(),
          OUT.resolve("run.json").toString());
    }
  }

  @AfterAll
  static void stop() {
    if (model != null) {
      model.close();
    }
    if (server != null) {
      server.close();
    }
  }

  private static List<String> secrets() {
    return List.of(STORE_PASSWORD, SOURCE_PASSWORD, WRONG_PASSWORD, API_KEY);
  }

  /** Each file whose bytes hold a secret, with the secret. */
  private static List<String> filesHolding(Path root, List<String> secrets) throws IOException {
    List<String> found = new ArrayList<>();
    try (Stream<Path> files = Files.walk(root)) {
      for (Path file : files.filter(Files::isRegularFile).toList()) {
        String bytes = new String(Files.readAllBytes(file), StandardCharsets.ISO_8859_1);
        for (String secret : secrets) {
          if (bytes.contains(secret)) {
            found.add(root.relativize(file) + " holds " + secret);
          }
        }
      }
    }
    return found;
  }

  @Test
  void should_have_used_every_secret_it_then_looks_for() {
    // The searches below mean something only if the secrets were really in play.
    assertThat(model.authorizations()).contains("Bearer " + API_KEY);
    FaultSuite.Result sources = parlance("sources", "list");
    assertThat(sources.exit()).as(sources.err()).isZero();
    assertThat(sources.out()).contains("plant").contains("PLANT_PASSWORD");
    assertThat(printed.stream().map(FaultSuite.Result::err))
        .anyMatch(err -> err.contains("password authentication failed"))
        .anyMatch(err -> err.contains("NOT_SET_ANYWHERE"));
  }

  @Test
  void should_find_the_secrets_where_they_were_planted_so_that_the_search_can_fail()
      throws IOException {
    Path canary = OUT.resolve("canary");
    Files.createDirectories(canary);
    Files.writeString(canary.resolve("planted.log"), "user=x password=" + SOURCE_PASSWORD + "\n");

    assertThat(filesHolding(canary, secrets())).hasSize(1);
  }

  @Test
  void should_find_no_secret_in_any_file_the_installation_wrote() throws IOException {
    assertThat(filesHolding(HOME, secrets())).isEmpty();
    try (Stream<Path> outputs = Files.list(OUT)) {
      for (Path output : outputs.filter(Files::isRegularFile).toList()) {
        String text = Files.readString(output);
        for (String secret : secrets()) {
          assertThat(text).as(output.toString()).doesNotContain(secret);
        }
      }
    }
  }

  @Test
  void should_print_no_secret_in_any_output_or_error() {
    assertThat(printed).hasSizeGreaterThan(8);
    for (FaultSuite.Result r : printed) {
      for (String secret : secrets()) {
        assertThat(r.out() + r.err()).doesNotContain(secret);
      }
    }
  }

  @Test
  void should_store_no_secret_in_any_table_of_the_metadata_store() throws SQLException {
    int values = 0;
    try (Connection c = server.superuser("store")) {
      DatabaseMetaData meta = c.getMetaData();
      List<String> tables = new ArrayList<>();
      try (ResultSet rs = meta.getTables(null, "public", "%", new String[] {"TABLE"})) {
        while (rs.next()) {
          tables.add(rs.getString("TABLE_NAME"));
        }
      }
      assertThat(tables).contains("data_source", "audit_record", "curation_version");
      for (String table : tables) {
        try (Statement st = c.createStatement();
            ResultSet rs = st.executeQuery("SELECT * FROM \"" + table + "\"")) {
          int n = rs.getMetaData().getColumnCount();
          while (rs.next()) {
            for (int i = 1; i <= n; i++) {
              String value = rs.getString(i);
              if (value == null) {
                continue;
              }
              values++;
              for (String secret : secrets()) {
                assertThat(value)
                    .as(table + "." + rs.getMetaData().getColumnName(i))
                    .doesNotContain(secret);
              }
            }
          }
        }
      }
    }
    System.out.printf("secrets: %d values of the store searched%n", values);
    assertThat(values).isGreaterThan(100);
  }
}
