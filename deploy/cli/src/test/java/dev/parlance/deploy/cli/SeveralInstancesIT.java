package dev.parlance.deploy.cli;

import static org.assertj.core.api.Assertions.assertThat;

import dev.parlance.adapters.db.testing.DemoFixture;
import dev.parlance.adapters.db.testing.PostgresServer;
import dev.parlance.adapters.index.testing.OpenSearchServer;
import java.io.BufferedReader;
import java.io.IOException;
import java.io.OutputStreamWriter;
import java.io.Writer;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.UUID;
import java.util.concurrent.BlockingQueue;
import java.util.concurrent.LinkedBlockingQueue;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

/**
 * Two Parlance instances — two command-line processes started from the launcher's classpath, each
 * with its own PARLANCE_HOME — on one PostgreSQL store and one OpenSearch node: a curation
 * published through one is used by the other without a restart (the delay is printed, not
 * asserted), and both write one audit trail.
 */
class SeveralInstancesIT {

  private static final String MARKER = "==done==";

  static PostgresServer.Database store;
  static OpenSearchServer openSearch;
  static Instance a;
  static Instance b;

  @BeforeAll
  static void start() throws Exception {
    // The run's PostgreSQL and OpenSearch, with a database and an index prefix of this test's own.
    store = PostgresServer.shared().newDatabase("instances");
    openSearch = OpenSearchServer.shared();
    Path work =
        Path.of("target", "several-instances-" + UUID.randomUUID().toString().substring(0, 8));
    String prefix = "it" + UUID.randomUUID().toString().substring(0, 8);
    Map<String, String> env =
        Map.of(
            "PARLANCE_STORE_URL",
            store.url(),
            "PARLANCE_STORE_USER_ENV",
            "STORE_USER",
            "PARLANCE_STORE_PASSWORD_ENV",
            "STORE_PASSWORD",
            "STORE_USER",
            store.user(),
            "STORE_PASSWORD",
            store.password(),
            "PARLANCE_INDEX",
            "opensearch",
            "PARLANCE_OPENSEARCH_URL",
            openSearch.url(),
            "PARLANCE_OPENSEARCH_INDEX_PREFIX",
            prefix);
    a = Instance.start(work.resolve("home-a"), env);
    b = Instance.start(work.resolve("home-b"), env);
  }

  @AfterAll
  static void stop() {
    for (Instance i : new Instance[] {a, b}) {
      if (i != null) {
        i.close();
      }
    }
  }

  @Test
  void should_use_a_publish_through_one_instance_in_the_other_without_a_restart() throws Exception {
    assertThat(a.run("sources list").out()).contains("demo");
    assertThat(b.run("sources list").out()).contains("demo");
    // The second instance has read (and cached) the curation the view is not in yet, and has
    // indexed the source.
    Reply before = b.run("sql --source demo --as bob 'SELECT count(*) AS n FROM zebra_region'");
    assertThat(before.code()).isNotZero();
    assertThat(b.run("schema search --source demo 'zebra crossing regions'").out())
        .doesNotContain("zebra_region.");

    assertThat(
            a.run(
                    "views draft --source demo --name zebra_region --description 'zebra crossing"
                        + " regions' --sql 'SELECT r.RG_CD AS zebra_code, r.RG_NM AS zebra_name"
                        + " FROM TB_RG r' --by rita")
                .code())
        .isZero();
    Reply published = a.run("views publish --source demo --by rita --note zebra");
    assertThat(published.code()).as(published.out() + published.err()).isZero();
    assertThat(published.out()).contains("re-indexed");

    // B sees the publish without a restart (it reads the store's version at most every 250 ms):
    // the test asks until B knows the view and prints the delay, never asserts it.
    String zebras = "sql --source demo --as bob 'SELECT count(*) AS n FROM zebra_region'";
    Reply query = b.run(zebras);
    long deadline = published.endedAt() + Duration.ofMinutes(5).toNanos();
    while (query.code() != 0 && System.nanoTime() < deadline) {
      Thread.sleep(50);
      query = b.run(zebras);
    }
    Reply search = b.run("schema search --source demo 'zebra crossing regions'");

    assertThat(query.code()).as("B's sql 5 minutes after A's publish: %s", query.err()).isZero();
    assertThat(query.out()).contains("5");
    // The index was rebuilt by the publishing instance: the first search afterwards finds the view.
    assertThat(search.out()).contains("zebra_region.zebra_name");
    System.out.printf(
        "SeveralInstancesIT: publish through A seen by B's sql after %d ms; B's search took %d ms%n",
        TimeUnit.NANOSECONDS.toMillis(query.endedAt() - published.endedAt()),
        TimeUnit.NANOSECONDS.toMillis(search.endedAt() - search.startedAt()));

    // One audit trail: each instance sees what the other ran.
    assertThat(
            a.run("sql --source demo --as alice 'SELECT count(*) AS n FROM zebra_region'").code())
        .isZero();
    for (Instance i : List.of(a, b)) {
      String trail = i.run("audit --source demo --limit 10").out();
      assertThat(trail).contains("alice").contains("bob");
    }
  }

  /** One command's outcome, with when it was sent and when its end was seen (System.nanoTime). */
  record Reply(int code, String out, String err, long startedAt, long endedAt) {}

  /** A {@code parlance shell} process. */
  static final class Instance implements AutoCloseable {
    private final Process process;
    private final Path errors;
    private final Writer in;
    private final BlockingQueue<String> out = new LinkedBlockingQueue<>();

    private Instance(Process process, Path errors) {
      this.process = process;
      this.errors = errors;
      this.in = new OutputStreamWriter(process.getOutputStream(), StandardCharsets.UTF_8);
      Thread.ofPlatform()
          .daemon()
          .start(() -> pump(process.inputReader(StandardCharsets.UTF_8), out));
    }

    static Instance start(Path home, Map<String, String> env) throws IOException {
      Files.createDirectories(home);
      // The run's generated demo and its embeddings, not one more generation each.
      DemoFixture.placeInto(home);
      DemoEmbeddings.placeInto(home);
      String lib = System.getProperty("parlance.test.launcher.lib");
      assertThat(lib).as("the launcher's classpath (run through Maven verify)").isNotBlank();
      List<String> command = new ArrayList<>();
      command.add(Path.of(System.getProperty("java.home"), "bin", "java").toString());
      command.addAll(LauncherCache.jvmOptions()); // as the launcher starts one
      command.addAll(
          List.of(
              "--enable-native-access=ALL-UNNAMED",
              "-cp",
              lib + "/*",
              "dev.parlance.deploy.cli.ParlanceCli",
              "shell",
              "--end-marker",
              MARKER));
      ProcessBuilder pb = new ProcessBuilder(command);
      pb.environment().putAll(env);
      pb.environment().put("PARLANCE_HOME", home.toAbsolutePath().toString());
      Path errors = home.resolve("stderr.log");
      pb.redirectError(errors.toFile());
      return new Instance(pb.start(), errors);
    }

    private static void pump(BufferedReader reader, BlockingQueue<String> into) {
      try (reader) {
        String line;
        while ((line = reader.readLine()) != null) {
          into.add(line);
        }
      } catch (IOException ignored) {
        // the process ended
      }
    }

    /** Runs one command line and waits for its end marker (cold starts load models: minutes). */
    Reply run(String line) throws IOException, InterruptedException {
      long started = System.nanoTime();
      in.write(line + "\n");
      in.flush();
      StringBuilder text = new StringBuilder();
      while (true) {
        String next = out.poll(300, TimeUnit.SECONDS);
        if (next == null) {
          throw new AssertionError("no answer to '" + line + "' in 300 s; so far: " + text);
        }
        if (next.startsWith(MARKER + " ")) {
          return new Reply(
              Integer.parseInt(next.substring(MARKER.length() + 1).strip()),
              text.toString(),
              Files.readString(errors, StandardCharsets.UTF_8),
              started,
              System.nanoTime());
        }
        text.append(next).append('\n');
      }
    }

    @Override
    public void close() {
      try {
        in.write("exit\n");
        in.flush();
        if (!process.waitFor(30, TimeUnit.SECONDS)) {
          process.destroyForcibly();
        }
      } catch (IOException | InterruptedException e) {
        process.destroyForcibly();
      }
    }
  }
}
