package dev.parlance.deploy.cli;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.ObjectMapper;
import dev.parlance.adapters.db.testing.DemoFixture;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.sql.Connection;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.function.BooleanSupplier;
import java.util.stream.Stream;
import org.apache.lucene.document.Document;
import org.apache.lucene.index.DirectoryReader;
import org.apache.lucene.index.Term;
import org.apache.lucene.search.BooleanClause.Occur;
import org.apache.lucene.search.BooleanQuery;
import org.apache.lucene.search.IndexSearcher;
import org.apache.lucene.search.TermQuery;
import org.apache.lucene.search.TopDocs;
import org.apache.lucene.store.FSDirectory;
import org.junit.jupiter.api.Test;

/**
 * The fault-injection suite, run once per metadata store (H2 file, PostgreSQL server): real {@code
 * parlance} processes from the packaged command line ({@code target/parlance/lib}), killed with
 * SIGKILL in the middle of their work; afterwards the store opens, the last published version is
 * whole and served, each source's index is the old one or the new one (never a mix), interrupted
 * work resumes, and no audit record is half written. Every test works on its own copy of one
 * prepared installation (the demo generated, curated and indexed once per store).
 */
abstract class FaultSuite {

  static final ObjectMapper JSON = new ObjectMapper();

  /**
   * How long the suite waits for a process to end or for a state it waits for: a guard against a
   * hang, never a measure of speed (a machine busy with other builds takes many times longer).
   */
  static final Duration PATIENCE = Duration.ofMinutes(15);

  /** The demo view every test can read: governed execution through the curation. */
  static final String SERVED = "SELECT count(*) FROM maintenance_order";

  private static final AtomicInteger COPIES = new AtomicInteger();

  /** The store this suite runs on: where a copy of the prepared installation keeps its state. */
  interface StoreKind {
    /** Variables that point a process at the store of {@code home}. */
    Map<String, String> environment(Path home);

    /** Makes {@code copy}'s store a copy of {@code template}'s (files were copied already). */
    void copy(Path template, Path copy);

    /** A JDBC connection to the store of {@code home}, for checks while no process runs. */
    Connection open(Path home) throws SQLException;
  }

  abstract StoreKind store();

  abstract Path template();

  // ---- processes -------------------------------------------------------------------------------

  /** A {@code parlance} process with its output in files. */
  record Running(Process process, Path outFile, Path errFile, long startedNanos) {
    String err() {
      return read(errFile);
    }

    String out() {
      return read(outFile);
    }

    /** Kills it with SIGKILL; fails the test if it had already ended (nothing was interrupted). */
    void kill() {
      assertThat(process.isAlive())
          .as("the process was still running when killed: %s %s", out(), err())
          .isTrue();
      process.destroyForcibly(); // SIGKILL
      try {
        assertThat(process.waitFor(30, TimeUnit.SECONDS)).isTrue();
      } catch (InterruptedException e) {
        Thread.currentThread().interrupt();
        throw new IllegalStateException(e);
      }
    }

    Result await(Duration timeout) {
      try {
        if (!process.waitFor(timeout.toMillis(), TimeUnit.MILLISECONDS)) {
          process.destroyForcibly().waitFor(30, TimeUnit.SECONDS);
          throw new AssertionError(
              "parlance did not end within " + timeout + ": " + out() + "\n" + err());
        }
      } catch (InterruptedException e) {
        Thread.currentThread().interrupt();
        throw new IllegalStateException(e);
      }
      return new Result(
          process.exitValue(), out(), err(), Duration.ofNanos(System.nanoTime() - startedNanos));
    }
  }

  /** A process that ended. */
  record Result(int exit, String out, String err, Duration took) {
    /** One line on stderr, no stack trace. */
    boolean oneErrorLine() {
      return err.strip().lines().count() == 1
          && !err.contains("\tat ")
          && !err.contains("Exception");
    }
  }

  static String read(Path file) {
    try {
      return Files.exists(file) ? Files.readString(file) : "";
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
  }

  Running start(Path home, Map<String, String> more, String... args) {
    Map<String, String> env = new HashMap<>(store().environment(home));
    env.putAll(more);
    return launch(home, env, args);
  }

  /** A {@code parlance} process on {@code home} with {@code env} and nothing else of Parlance's. */
  static Running launch(Path home, Map<String, String> env, String... args) {
    List<String> command = new ArrayList<>();
    command.add(Path.of(System.getProperty("java.home"), "bin", "java").toString());
    // As the launcher starts one, with its start-up cache: the suite starts dozens of processes.
    command.addAll(LauncherCache.jvmOptions());
    command.add("--enable-native-access=ALL-UNNAMED");
    command.add("-cp");
    command.add(System.getProperty("parlance.lib") + "/*");
    command.add("dev.parlance.deploy.cli.ParlanceCli");
    command.addAll(List.of(args));
    ProcessBuilder builder = new ProcessBuilder(command);
    builder.environment().keySet().removeIf(k -> k.startsWith("PARLANCE_"));
    builder.environment().put("PARLANCE_HOME", home.toString());
    builder.environment().putAll(env);
    int n = COPIES.incrementAndGet();
    Path logs = home.resolveSibling(home.getFileName() + "-out");
    try {
      Files.createDirectories(logs);
      Path out = logs.resolve(n + ".out");
      Path err = logs.resolve(n + ".err");
      Process p = builder.redirectOutput(out.toFile()).redirectError(err.toFile()).start();
      return new Running(p, out, err, System.nanoTime());
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
  }

  Result run(Path home, String... args) {
    return run(home, Map.of(), args);
  }

  Result run(Path home, Map<String, String> more, String... args) {
    return start(home, more, args).await(PATIENCE);
  }

  Result ok(Path home, String... args) {
    Result r = run(home, args);
    assertThat(r.exit()).as("parlance %s: %s %s", List.of(args), r.out(), r.err()).isZero();
    return r;
  }

  /** Polls {@code condition} while {@code running} runs; false when it ended first. */
  static boolean awaitWhileRunning(Running running, BooleanSupplier condition, Duration limit) {
    long deadline = System.nanoTime() + limit.toNanos();
    while (System.nanoTime() < deadline) {
      if (!running.process().isAlive()) {
        return false;
      }
      if (condition.getAsBoolean()) {
        return true;
      }
      sleep(25);
    }
    throw new AssertionError("condition not met within " + limit + ": " + running.err());
  }

  static void sleep(long millis) {
    try {
      Thread.sleep(millis);
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
      throw new IllegalStateException(e);
    }
  }

  // ---- the installation
  // --------------------------------------------------------------------------

  /** The first start of a fresh installation: the demo generated, published, and indexed. */
  void prepare(Path home) {
    deleteTree(home);
    DemoFixture.placeInto(home); // the run's generated demo, not one more generation
    DemoEmbeddings.placeInto(home); // and its embeddings, not one more embedding
    ok(home, "schema", "index", "--source", "demo");
  }

  /** A copy of the prepared installation for one test. */
  Path copy(String name) {
    Path home = template().resolveSibling(template().getFileName() + "-" + name);
    deleteTree(home);
    deleteTree(home.resolveSibling(home.getFileName() + "-out"));
    copyTree(template(), home);
    store().copy(template(), home);
    return home;
  }

  static void copyTree(Path from, Path to) {
    try (Stream<Path> paths = Files.walk(from)) {
      for (Path p : paths.toList()) {
        Path target = to.resolve(from.relativize(p).toString());
        if (Files.isDirectory(p)) {
          Files.createDirectories(target);
        } else if (!p.getFileName().toString().endsWith(".lock.db")
            && !p.getFileName().toString().equals("write.lock")) {
          Files.copy(p, target, StandardCopyOption.REPLACE_EXISTING);
        }
      }
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
  }

  static void deleteTree(Path root) {
    if (!Files.exists(root)) {
      return;
    }
    try (Stream<Path> paths = Files.walk(root)) {
      paths.sorted(Comparator.reverseOrder()).forEach(p -> p.toFile().delete());
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
  }

  // ---- what must hold after a fault
  // ----------------------------------------------------------------

  /** A source's schema index as it is on disk: its recorded size and what it really holds. */
  record IndexContents(int recorded, int elements, int metaDocuments) {
    boolean absent() {
      return metaDocuments == 0 && elements == 0;
    }
  }

  static IndexContents index(Path home, String source) {
    Path dir = home.resolve("index");
    try (FSDirectory directory = FSDirectory.open(dir)) {
      if (!DirectoryReader.indexExists(directory)) {
        return new IndexContents(0, 0, 0);
      }
      try (DirectoryReader reader = DirectoryReader.open(directory)) {
        IndexSearcher searcher = new IndexSearcher(reader);
        TermQuery all = new TermQuery(new Term("source", source));
        BooleanQuery meta =
            new BooleanQuery.Builder()
                .add(all, Occur.FILTER)
                .add(new TermQuery(new Term("kind", "META")), Occur.FILTER)
                .build();
        TopDocs metas = searcher.search(meta, 10);
        int recorded = 0;
        if (metas.scoreDocs.length > 0) {
          Document d = searcher.storedFields().document(metas.scoreDocs[0].doc);
          recorded = d.getField("count").numericValue().intValue();
        }
        int documents = searcher.count(all);
        return new IndexContents(
            recorded, documents - metas.scoreDocs.length, metas.scoreDocs.length);
      }
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
  }

  /** The index holds, for {@code source}, exactly what one build recorded: nothing mixed. */
  static IndexContents assertWholeIndex(Path home, String source) {
    IndexContents c = index(home, source);
    assertThat(c.metaDocuments()).as("build records of %s", source).isLessThanOrEqualTo(1);
    assertThat(c.elements())
        .as("elements of %s against its build record", source)
        .isEqualTo(c.recorded());
    return c;
  }

  /** The curation versions of a source in the store: number → content. */
  Map<Integer, String> versions(Path home, String source) {
    Map<Integer, String> versions = new HashMap<>();
    try (Connection c = store().open(home);
        Statement st = c.createStatement();
        ResultSet rs =
            st.executeQuery(
                "SELECT version, content, view_count FROM curation_version WHERE source_name = '"
                    + source
                    + "'")) {
      while (rs.next()) {
        assertThat(rs.getString(2)).isNotBlank();
        versions.put(rs.getInt(1), rs.getString(2));
      }
    } catch (SQLException e) {
      throw new AssertionError(e);
    }
    return versions;
  }

  boolean hasDraft(Path home, String source) {
    return count(home, "SELECT count(*) FROM curation_draft WHERE source_name = '" + source + "'")
        > 0;
  }

  long count(Path home, String sql) {
    try (Connection c = store().open(home);
        Statement st = c.createStatement();
        ResultSet rs = st.executeQuery(sql)) {
      rs.next();
      return rs.getLong(1);
    } catch (SQLException e) {
      throw new AssertionError(e);
    }
  }

  /** Every audit record is complete: each field a finished write sets is there and well formed. */
  long assertWholeAuditRecords(Path home) {
    long n = 0;
    try (Connection c = store().open(home);
        Statement st = c.createStatement();
        ResultSet rs =
            st.executeQuery(
                "SELECT occurred_at, user_name, roles, source_name, sql_asked, outcome, detail,"
                    + " row_count, elapsed_ms, policy_version FROM audit_record")) {
      while (rs.next()) {
        n++;
        assertThat(rs.getTimestamp(1)).isNotNull();
        assertThat(rs.getString(2)).isNotBlank();
        assertThat(rs.getString(4)).isEqualTo("demo");
        assertThat(rs.getString(5)).startsWith("SELECT");
        assertThat(rs.getString(6)).isIn("RAN", "REFUSED", "FAILED");
        assertThat(rs.getLong(8)).isNotNegative();
        assertThat(rs.getLong(9)).isNotNegative();
        assertThat(rs.getInt(10)).isPositive();
      }
    } catch (SQLException e) {
      throw new AssertionError(e);
    }
    return n;
  }

  /** The store opens, the demo's published curation is served, its index is whole. */
  void assertServed(Path home) {
    Result sql = ok(home, "sql", "--source", "demo", SERVED);
    assertThat(sql.out()).containsPattern("\\d");
    assertWholeIndex(home, "demo");
  }

  // ---- the faults
  // ----------------------------------------------------------------------------------

  @Test
  void should_keep_the_last_published_version_whole_and_served_when_publish_is_killed()
      throws Exception {
    Path home = copy("publish");
    int before = versions(home, "demo").size();
    IndexContents indexBefore = assertWholeIndex(home, "demo");
    ok(
        home,
        "views",
        "draft",
        "--source",
        "demo",
        "--name",
        "fault_probe",
        "--sql",
        "SELECT IN_CD AS code FROM TB_IN");

    // Killed while it works (validation, the store's commit, re-indexing or regression).
    Running publish = start(home, Map.of(), "views", "publish", "--source", "demo", "--by", "f");
    killDuringPublish(home, publish, before);

    Map<Integer, String> after = versions(home, "demo");
    boolean published = after.size() == before + 1;
    if (published) {
      // Committed: the new version is whole and the draft went with the same transaction.
      assertThat(after.get(before + 1)).contains("fault_probe");
      assertThat(hasDraft(home, "demo")).isFalse();
    } else {
      assertThat(after).hasSize(before);
      assertThat(hasDraft(home, "demo")).isTrue();
    }
    assertThat(after.get(before)).doesNotContain("fault_probe");
    IndexContents index = assertWholeIndex(home, "demo");
    assertThat(index.recorded()).isGreaterThanOrEqualTo(indexBefore.recorded());
    assertServed(home);
    System.out.printf(
        "%s publish killed: %s, index %s%n",
        getClass().getSimpleName(),
        published ? "after the commit" : "before the commit",
        index.recorded() == indexBefore.recorded() ? "old" : "new");

    // It resumes: publishing again (or, once published, the next change) goes through.
    if (!published) {
      ok(home, "views", "publish", "--source", "demo", "--by", "f");
    }
    Result served = ok(home, "sql", "--source", "demo", "SELECT count(*) FROM fault_probe");
    assertThat(served.out()).containsPattern("\\d");
    assertThat(versions(home, "demo")).hasSize(before + 1);
  }

  /** Kills a publish at a moment the store kind can observe without disturbing it. */
  abstract void killDuringPublish(Path home, Running publish, int versionsBefore);

  @Test
  void should_have_the_source_whole_or_not_at_all_when_sources_add_is_killed() {
    Path home = copy("add");
    String url = "jdbc:sqlite:" + template().resolve("databases/demo-plant.sqlite");
    Result measured = ok(home, "sources", "add", "measured", "--url", url);
    long full = measured.took().toMillis();

    List<String> outcomes = new ArrayList<>();
    int round = 0;
    for (double fraction : new double[] {0.7}) {
      String name = "added" + round++;
      Running add = start(home, Map.of(), "sources", "add", name, "--url", url);
      sleep((long) (full * fraction));
      if (add.process().isAlive()) {
        add.kill();
        outcomes.add(fraction + ": killed");
      } else {
        outcomes.add(fraction + ": ended first");
      }
      Result list = ok(home, "sources", "list");
      if (list.out().contains(name)) {
        // Saved: the whole row, usable.
        Result show = ok(home, "sources", "show", name);
        assertThat(show.out()).contains(url);
      }
      // Adding it again completes either way, and the source serves.
      ok(home, "sources", "add", name, "--url", url);
      assertThat(ok(home, "sql", "--source", name, "SELECT count(*) FROM TB_IN").out())
          .containsPattern("\\d");
    }
    System.out.printf("%s sources add: %s%n", getClass().getSimpleName(), outcomes);
  }

  @Test
  void should_leave_no_half_written_audit_record_when_killed_while_auditing() {
    Path home = copy("audit");
    long before = assertWholeAuditRecords(home);
    Running bench =
        start(
            home,
            Map.of(),
            "bench",
            "governance",
            "--source",
            "demo",
            "--lookups",
            "1",
            "--rounds",
            "1",
            "--warm-up",
            "1000000");
    killWhileAuditing(home, bench, before);

    long after = assertWholeAuditRecords(home);
    System.out.printf(
        "%s audit: %d records written before the kill, all whole%n",
        getClass().getSimpleName(), after - before);
    assertThat(after).isGreaterThan(before);
    Result audit = ok(home, "audit", "--source", "demo", "--limit", "3");
    assertThat(audit.out()).contains("SELECT");
    assertServed(home);
    assertThat(assertWholeAuditRecords(home)).isEqualTo(after + 1);
  }

  /** Kills a process once it has written audit records for a while. */
  abstract void killWhileAuditing(Path home, Running running, long recordsBefore);

  @Test
  void should_let_one_of_two_concurrent_publishes_win_and_tell_the_other() {
    Path home = copy("two-publishes");
    int before = versions(home, "demo").size();
    ok(
        home,
        "views",
        "draft",
        "--source",
        "demo",
        "--name",
        "fault_pair",
        "--sql",
        "SELECT IN_CD AS code FROM TB_IN");

    Running a = start(home, Map.of(), "views", "publish", "--source", "demo", "--by", "a");
    Running b = start(home, Map.of(), "views", "publish", "--source", "demo", "--by", "b");
    Result ra = a.await(PATIENCE);
    Result rb = b.await(PATIENCE);

    List<Result> won = Stream.of(ra, rb).filter(r -> r.exit() == 0).toList();
    List<Result> lost = Stream.of(ra, rb).filter(r -> r.exit() != 0).toList();
    assertThat(won).as("%s\n%s", ra, rb).hasSize(1);
    assertThat(lost).hasSize(1);
    Result loser = lost.getFirst();
    assertThat(loser.oneErrorLine()).as(loser.err()).isTrue();
    // Overtaken while validating, or started after the winner had dropped the draft.
    assertThat(loser.err())
        .containsAnyOf("was published by someone else", "has no draft to publish");
    System.out.printf(
        "%s two publishes: the loser said: %s", getClass().getSimpleName(), loser.err());

    Map<Integer, String> after = versions(home, "demo");
    assertThat(after).hasSize(before + 1);
    assertThat(after.get(before + 1)).contains("fault_pair");
    assertThat(hasDraft(home, "demo")).isFalse();
    assertServed(home);
  }
}
