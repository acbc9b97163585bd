package dev.parlance.deploy.cli;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import dev.parlance.adapters.db.store.MetadataStore;
import dev.parlance.adapters.llm.testing.RecordedOpenAi;
import java.io.OutputStream;
import java.nio.file.FileStore;
import java.nio.file.Files;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.SQLException;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.stream.Stream;
import org.junit.jupiter.api.Assumptions;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

/**
 * The fault-injection suite on the embedded default store, an H2 file under {@code PARLANCE_HOME},
 * and the faults that do not depend on the store kind: indexing killed, a publish during an index,
 * a benchmark run killed, the disk filling up while indexing.
 */
class FaultInjectionH2IT extends FaultSuite {

  private static final Path TEMPLATE = Path.of("target/faults-h2/home").toAbsolutePath();

  private static final StoreKind H2 =
      new StoreKind() {
        @Override
        public Map<String, String> environment(Path home) {
          return Map.of();
        }

        @Override
        public void copy(Path template, Path copy) {
          // The store is a file in the home: copied with it.
        }

        @Override
        public Connection open(Path home) throws SQLException {
          return DriverManager.getConnection(
              MetadataStore.embeddedUrl(home.resolve("metadata")), "", "");
        }
      };

  @BeforeAll
  static void prepareTheInstallation() {
    new FaultInjectionH2IT().prepare(TEMPLATE);
  }

  @Override
  StoreKind store() {
    return H2;
  }

  @Override
  Path template() {
    return TEMPLATE;
  }

  // The running process serves its H2 file to other processes (AUTO_SERVER): once it holds the
  // file, the test reads the store through it, without taking the file from it.
  private static boolean watch(
      Path home, Running running, String count, java.util.function.LongPredicate until) {
    Path lock = home.resolve("metadata/parlance.lock.db");
    if (!awaitWhileRunning(running, () -> Files.exists(lock), PATIENCE)) {
      return false;
    }
    long deadline = System.nanoTime() + PATIENCE.toNanos();
    while (running.process().isAlive() && System.nanoTime() < deadline) {
      // The lock file is there before the process's server listens (long before, on a loaded
      // machine): until then connecting fails, and the test tries again instead of killing early.
      try (Connection c = H2.open(home);
          java.sql.PreparedStatement st = c.prepareStatement(count)) {
        while (running.process().isAlive() && System.nanoTime() < deadline) {
          try (java.sql.ResultSet rs = st.executeQuery()) {
            rs.next();
            if (until.test(rs.getLong(1))) {
              return true;
            }
          }
          sleep(25);
        }
      } catch (SQLException notYet) {
        sleep(200);
      }
    }
    if (running.process().isAlive()) {
      throw new AssertionError(
          "the store did not change within " + PATIENCE + " while parlance ran: " + running.err());
    }
    return false; // it ended first
  }

  @Override
  void killDuringPublish(Path home, Running publish, int versionsBefore) {
    if (watch(
        home,
        publish,
        "SELECT count(*) FROM curation_version WHERE source_name = 'demo'",
        n -> n > versionsBefore)) {
      publish.kill();
    }
  }

  @Override
  void killWhileAuditing(Path home, Running running, long recordsBefore) {
    assertThat(
            watch(
                home, running, "SELECT count(*) FROM audit_record", n -> n >= recordsBefore + 200))
        .isTrue();
    running.kill();
  }

  @Test
  void should_fail_clearly_and_keep_serving_the_old_index_when_the_disk_fills_while_indexing()
      throws Exception {
    Path home = copy("disk-full");
    // A source of its own whose database the test changes, so that indexing it again has to
    // write (an index that knows its source is unchanged may write nothing).
    Path database = home.resolve("plant.sqlite");
    Files.copy(template().resolve("databases/demo-plant.sqlite"), database);
    ok(home, "sources", "add", "plant", "--url", "jdbc:sqlite:" + database);
    ok(home, "schema", "index", "--source", "plant");
    IndexContents before = assertWholeIndex(home, "plant");
    Path index = home.resolve("index");
    Path saved = home.resolve("index-before");
    Files.move(index, saved);
    Files.createDirectories(index);
    long size;
    try (Stream<Path> files = Files.list(saved)) {
      size = files.mapToLong(p -> p.toFile().length()).sum();
    }
    // A small file system of its own for the index: room for a rebuild (Lucene writes the new
    // build, then packs it into a compound file, before it deletes the old one), which a filler
    // file then takes away.
    Process mount =
        new ProcessBuilder(
                "mount",
                "-t",
                "tmpfs",
                "-o",
                "size=" + (4 * size + 1024 * 1024),
                "tmpfs",
                index.toString())
            .redirectErrorStream(true)
            .start();
    String mountSays = new String(mount.getInputStream().readAllBytes());
    Assumptions.assumeTrue(
        mount.waitFor() == 0, "cannot mount a size-limited tmpfs here (not root?): " + mountSays);
    try {
      try (Stream<Path> files = Files.list(saved)) {
        for (Path f : files.toList()) {
          Files.copy(f, index.resolve(f.getFileName()));
        }
      }
      assertThat(assertWholeIndex(home, "plant")).isEqualTo(before);
      try (Connection c = DriverManager.getConnection("jdbc:sqlite:" + database);
          java.sql.Statement st = c.createStatement()) {
        st.execute("CREATE TABLE TB_FAULT (FT_ID INTEGER PRIMARY KEY, FT_NOTE TEXT)");
      }
      Path filler = index.resolve("filler");
      FileStore fs = Files.getFileStore(index);
      long free = fs.getUsableSpace() - 64 * 1024;
      try (OutputStream out = Files.newOutputStream(filler)) {
        byte[] block = new byte[64 * 1024];
        for (long written = 0; written + block.length <= free; written += block.length) {
          out.write(block);
        }
      }

      Result full = run(home, "schema", "index", "--source", "plant");

      assertThat(full.exit()).as(full.out() + full.err()).isEqualTo(ParlanceCli.FAILED);
      // Progress lines, then one line that says why; no trace.
      assertThat(full.err().strip().lines().toList().getLast())
          .isEqualTo("parlance: cannot index source plant: No space left on device");
      assertThat(full.err()).doesNotContain("\tat ").doesNotContain("Exception");
      System.out.printf(
          "disk full while indexing: %s%n", full.err().strip().lines().toList().getLast());
      // The index is whole: the previous one, or the new one by words alone when the disk filled
      // while the vectors were computed (lexical first, dense after: docs/design/retrieval.md);
      // and it serves searches (of the unchanged demo: a search on the changed source may want to
      // re-index it first).
      IndexContents afterFull = assertWholeIndex(home, "plant");
      System.out.printf(
          "disk full while indexing → %s%n",
          afterFull.equals(before) ? "previous index" : "new index by words alone");
      assertThat(afterFull.equals(before) || afterFull.recorded() > before.recorded())
          .as("the previous index %s, or the new one with TB_FAULT; was %s", before, afterFull)
          .isTrue();
      Result search =
          ok(
              home,
              "schema",
              "search",
              "--source",
              "demo",
              "open maintenance orders per installation");
      assertThat(search.out()).contains("maintenance_order");

      // With room again, indexing completes, with the new table.
      Files.delete(filler);
      ok(home, "schema", "index", "--source", "plant");
      assertThat(assertWholeIndex(home, "plant").recorded()).isGreaterThan(before.recorded());
    } finally {
      new ProcessBuilder(List.of("umount", "-l", index.toString())).start().waitFor();
    }
  }

  @Test
  void should_keep_the_old_index_or_the_new_one_when_indexing_is_killed() {
    Path home = copy("index");
    IndexContents demoBefore = assertWholeIndex(home, "demo");
    String url = "jdbc:sqlite:" + template().resolve("databases/demo-plant.sqlite");
    ok(home, "sources", "add", "plant", "--url", url);
    assertThat(index(home, "plant").absent()).isTrue();

    // Killed while it embeds: the index holds nothing of plant, or plant's elements by words
    // alone (lexical first, dense after), whole either way; by words it already answers.
    Running first = start(home, Map.of(), "schema", "index", "--source", "plant");
    assertThat(awaitWhileRunning(first, () -> first.err().contains("embedding"), PATIENCE))
        .isTrue();
    first.kill();
    IndexContents afterFirst = assertWholeIndex(home, "plant");

    System.out.printf(
        "index killed while embedding → %s%n",
        afterFirst.absent() ? "old (none)" : "new, by words alone");
    if (!afterFirst.absent()) {
      // By words alone a cryptic schema answers to its names' words (TB_MO is "tb mo"), not yet
      // to "maintenance orders": that takes the vectors.
      Result byWords = ok(home, "schema", "search", "--source", "plant", "tb mo");
      assertThat(byWords.out()).containsIgnoringCase("TB_MO");
    }

    // The other source's index is untouched; indexing again completes.
    assertThat(assertWholeIndex(home, "demo")).isEqualTo(demoBefore);
    Result again = ok(home, "schema", "index", "--source", "plant");
    assertThat(again.out()).contains("indexed plant:");
    assertThat(assertWholeIndex(home, "plant").recorded()).isPositive();
    Result search =
        ok(
            home,
            "schema",
            "search",
            "--source",
            "plant",
            "open maintenance orders per installation");
    assertThat(search.out()).containsIgnoringCase("TB_MO");
  }

  @Test
  void should_keep_the_store_and_a_whole_index_when_publishing_during_an_index() {
    Path home = copy("publish-index");
    int before = versions(home, "demo").size();
    ok(
        home,
        "views",
        "draft",
        "--source",
        "demo",
        "--name",
        "fault_race",
        "--sql",
        "SELECT IN_CD AS code FROM TB_IN");

    Running index = start(home, Map.of(), "schema", "index", "--source", "demo");
    Running publish = start(home, Map.of(), "views", "publish", "--source", "demo", "--by", "p");
    Result ri = index.await(PATIENCE);
    Result rp = publish.await(PATIENCE);

    System.out.printf(
        "%s publish during index: index exit %d %s| publish exit %d, %s%n",
        getClass().getSimpleName(),
        ri.exit(),
        ri.err().lines().filter(l -> l.startsWith("parlance:")).findFirst().orElse(""),
        rp.exit(),
        rp.out().lines().filter(l -> l.contains("index")).findFirst().orElse(""));
    for (Result r : List.of(ri, rp)) {
      if (r.exit() != 0) {
        assertThat(r.err()).contains("being written by another Parlance process");
      }
    }
    assertThat(rp.exit()).isZero();
    assertThat(versions(home, "demo")).hasSize(before + 1);
    assertWholeIndex(home, "demo");
    assertServed(home);
  }

  @Test
  void should_resume_a_killed_benchmark_run_without_asking_again() throws Exception {
    Path data = SharedBenchmarkData.require();
    SharedBenchmarkData.require("spider/database/concert_singer/concert_singer.sqlite");
    Path home = copy("e2e");
    try (RecordedOpenAi model = BenchE2eCommandTest.recordings(new RecordedOpenAi()).delay(300)) {
      Map<String, String> env = new HashMap<>(model.environment());
      env.put("PARLANCE_ASK_HALLUCINATE", "false");
      env.put("PARLANCE_LLM_MAX_RETRIES", "0");
      String[] args = {
        "bench",
        "e2e",
        "--dataset",
        "spider-dev",
        "--data",
        data.toString(),
        "--limit",
        "6",
        "--candidates",
        "1",
        "--json",
        home.resolve("run.json").toString()
      };
      Path log = home.resolve("bench-runs/spider-dev-m1-gpt-4o-mini/direct.jsonl");

      Running first = start(home, env, args);
      assertThat(
              awaitWhileRunning(
                  first, () -> Files.exists(log) && read(log).lines().count() >= 1 + 2, PATIENCE))
          .isTrue();
      first.kill();
      int asked = model.prompts().size();
      int answered = (int) read(log).lines().count() - 1;

      Result resumed = run(home, env, args);

      assertThat(resumed.exit()).as(resumed.err()).isZero();
      assertThat(resumed.out())
          .contains(
              "6 of 6 answerable questions have an answer ("
                  + answered
                  + " from earlier invocations");
      List<String> lines = read(log).lines().toList();
      assertThat(lines).hasSize(1 + 6);
      Set<String> ids = new HashSet<>();
      for (String line : lines.subList(1, lines.size())) {
        JsonNode answer = JSON.readTree(line);
        assertThat(ids.add(answer.path("question_id").asText())).as(line).isTrue();
      }
      // The questions answered before the kill were not asked again.
      String askedAgain = String.join("\n", model.prompts().subList(asked, model.prompts().size()));
      assertThat(askedAgain)
          .doesNotContain("Question: How many singers do we have?")
          .doesNotContain("Question: What is the total number of singers?");
      System.out.printf(
          "%s bench e2e killed after %d answers; resumed with %d%n",
          getClass().getSimpleName(), answered, 6 - answered);
      assertThat(JSON.readTree(home.resolve("run.json").toFile()).path("questions").asInt())
          .isEqualTo(6);
    }
  }
}
