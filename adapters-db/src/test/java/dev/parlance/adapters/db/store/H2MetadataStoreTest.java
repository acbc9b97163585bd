package dev.parlance.adapters.db.store;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.parlance.domain.answer.AnswerHistoryPort;
import dev.parlance.domain.answer.AnswerHistoryPortContract;
import dev.parlance.domain.completion.ModelCallsPort;
import dev.parlance.domain.completion.ModelCallsPortContract;
import dev.parlance.domain.curation.CurationQualityStorePort;
import dev.parlance.domain.curation.CurationQualityStorePortContract;
import dev.parlance.domain.curation.CurationStorePort;
import dev.parlance.domain.curation.CurationStorePortContract;
import dev.parlance.domain.curation.SuggestionsPort;
import dev.parlance.domain.governance.AuditPortContract;
import dev.parlance.domain.governance.FindAuditPort;
import dev.parlance.domain.governance.GovernancePoliciesPort;
import dev.parlance.domain.governance.GovernancePoliciesPortContract;
import dev.parlance.domain.governance.RecordActionPort;
import dev.parlance.domain.governance.RecordAuditPort;
import dev.parlance.domain.governance.SearchAuditPort;
import dev.parlance.domain.governance.SearchAuditPortContract;
import dev.parlance.domain.source.DataSourcesPort;
import dev.parlance.domain.source.DataSourcesPortContract;
import java.nio.file.Path;
import java.time.Duration;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Nested;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The metadata store on its embedded default, H2: the ports' contracts and the store's own rules.
 */
class H2MetadataStoreTest {

  @TempDir static Path home;
  static MetadataStore store;

  @BeforeAll
  static void open() {
    store = MetadataStore.open(MetadataStore.embeddedUrl(home), "", "");
  }

  @AfterAll
  static void close() {
    store.close();
  }

  @Nested
  class DataSources extends DataSourcesPortContract {
    @Override
    protected DataSourcesPort port() {
      return store.dataSources();
    }
  }

  @Nested
  class Policies extends GovernancePoliciesPortContract {
    @Override
    protected GovernancePoliciesPort port() {
      return store.policies();
    }
  }

  @Nested
  class Curations extends CurationStorePortContract {
    @Override
    protected CurationStorePort port() {
      return store.curation();
    }

    @Override
    protected SuggestionsPort suggestions() {
      return store.suggestions();
    }
  }

  @Nested
  class ModelCalls extends ModelCallsPortContract {
    @Override
    protected ModelCallsPort port() {
      return store.modelCalls();
    }
  }

  @Nested
  class CurationQuality extends CurationQualityStorePortContract {
    @Override
    protected CurationQualityStorePort port() {
      return store.curationQuality();
    }
  }

  @Nested
  class Answers extends AnswerHistoryPortContract {
    @Override
    protected AnswerHistoryPort port() {
      return store.answers();
    }
  }

  @Nested
  class AuditSearch extends SearchAuditPortContract {
    @Override
    protected RecordAuditPort statements() {
      return store.audit();
    }

    @Override
    protected RecordActionPort actions() {
      return store.actions();
    }

    @Override
    protected SearchAuditPort search() {
      return store.auditSearch();
    }
  }

  @Nested
  class Audit extends AuditPortContract {
    @Override
    protected RecordAuditPort record() {
      return store.audit();
    }

    @Override
    protected FindAuditPort find() {
      return store.auditTrail();
    }
  }

  @Test
  void should_report_creation_only_when_the_store_is_first_opened() {
    assertThat(store.createdNow()).isTrue();
    try (MetadataStore again = MetadataStore.open(MetadataStore.embeddedUrl(home), "", "")) {
      assertThat(again.createdNow()).isFalse();
      System.out.println("metadata store reopen took " + again.startup().toMillis() + " ms");
    }
  }

  @Test
  void should_wait_for_an_owner_that_has_locked_the_file_but_not_yet_said_where_it_serves_it() {
    // Seen in FaultInjectionH2IT: two commands in one home, the second refused with this while the
    // first was still opening; the wait is the same as for a fresh lock file (below).
    java.sql.SQLException lockedWithoutServer =
        new java.sql.SQLException(
            "Database may be already in use: \"Locked by another process: /h/parlance.lock.db\"."
                + " Possible solutions: close all other connection(s); use the server mode"
                + " [90020-252]",
            "90020",
            90020);
    java.sql.SQLException wrongPassword =
        new java.sql.SQLException("Wrong user name or password [28000-252]", "28000", 28000);

    assertThat(MetadataStore.anotherProcessIsOpening(lockedWithoutServer)).isTrue();
    assertThat(MetadataStore.anotherProcessIsOpening(wrongPassword)).isFalse();
  }

  @Test
  void should_wait_for_an_owner_that_is_ending_when_its_server_refuses_the_connection() {
    // Seen in FaultInjectionH2IT (two publishes at once): the lock names the first process's
    // server, which that process has just closed on its way out ("Connection refused").
    java.sql.SQLException ownerEnding =
        new java.sql.SQLException(
            "Connection is broken: \"java.net.ConnectException: Connection refused:"
                + " 127.0.0.1:41187\" [90067-252]",
            "90067",
            90067,
            new java.net.ConnectException("Connection refused"));
    java.sql.SQLException otherBreak =
        new java.sql.SQLException(
            "Connection is broken: \"session closed\" [90067-252]", "90067", 90067);

    assertThat(MetadataStore.anotherProcessIsOpening(ownerEnding)).isTrue();
    assertThat(MetadataStore.anotherProcessIsOpening(otherBreak)).isFalse();
  }

  @Test
  void should_open_again_when_the_owner_ends_while_hibernate_starts_through_its_server() {
    // Seen in FaultInjectionH2IT (a publish during an index): the first connection went through the
    // indexing process's server; that process ended before Hibernate's pool made its own
    // connection, which the address in the lock then refused. The whole open is tried again.
    java.sql.SQLException refused =
        new java.sql.SQLException(
            "Connection is broken: \"java.net.ConnectException: Connection refused:"
                + " localhost:41187\" [90067-252]",
            "90067",
            90067,
            new java.net.ConnectException("Connection refused"));
    StoreException poolRefused =
        new StoreException(
            "cannot open the metadata store at jdbc:h2:file:/x: Connection refused",
            new org.hibernate.exception.JDBCConnectionException(
                "Unable to open JDBC Connection", refused));
    StoreException wrongPassword =
        new StoreException(
            "cannot open the metadata store at jdbc:h2:file:/x: Wrong user name or password",
            new org.hibernate.exception.JDBCConnectionException(
                "Unable to open JDBC Connection",
                new java.sql.SQLException(
                    "Wrong user name or password [28000-252]", "28000", 28000)));

    assertThat(MetadataStore.anotherProcessIsOpening(poolRefused)).isTrue();
    assertThat(MetadataStore.anotherProcessIsOpening(wrongPassword)).isFalse();
  }

  @Test
  void should_wait_while_another_process_is_opening_the_same_file() throws Exception {
    // Not a @TempDir: H2's own lock-file thread may still be removing its file while JUnit deletes
    // the folder ("directory not empty"); the folder is removed as far as it can be at the end.
    Path other = java.nio.file.Files.createTempDirectory("h2-opening");
    // What a process that has just begun to open the file leaves: H2's lock file, fresh. H2 alone
    // refuses such a file ("Lock file recently modified"); the store waits until it settles.
    Path lock = other.resolve("parlance.lock.db");
    java.nio.file.Files.writeString(lock, "#FileLock\nid=0123456789abcdef\nmethod=file\n");
    long start = System.nanoTime();
    java.util.concurrent.atomic.AtomicBoolean letGo =
        new java.util.concurrent.atomic.AtomicBoolean();
    java.util.concurrent.atomic.AtomicBoolean released =
        new java.util.concurrent.atomic.AtomicBoolean();
    // The other process keeps opening (its lock file fresh) until the test lets it give up: what
    // the test sees does not depend on how fast this machine is.
    Thread opener =
        Thread.ofVirtual()
            .start(
                () -> {
                  try {
                    while (!letGo.get()) {
                      java.nio.file.Files.setLastModifiedTime(
                          lock, java.nio.file.attribute.FileTime.from(java.time.Instant.now()));
                      Thread.sleep(200);
                    }
                    released.set(true);
                    java.nio.file.Files.delete(lock); // gave up: the file is free
                  } catch (Exception e) {
                    throw new IllegalStateException(e);
                  }
                });
    try {
      assertThatThrownBy(
              () -> java.sql.DriverManager.getConnection(MetadataStore.embeddedUrl(other)))
          .hasMessageContaining("Lock file recently modified");
      java.util.concurrent.CompletableFuture<MetadataStore> opening =
          java.util.concurrent.CompletableFuture.supplyAsync(
              () -> MetadataStore.open(MetadataStore.embeddedUrl(other), "", ""));
      Thread.sleep(3000); // the store meets the fresh lock file meanwhile (it waits up to 30 s)
      letGo.set(true);
      try (MetadataStore waited = opening.get(5, java.util.concurrent.TimeUnit.MINUTES)) {
        assertThat(waited.createdNow()).isTrue();
        // It opened only once the other process let go of the file (it waited, not raced).
        assertThat(released).as("the other process had let go of the file").isTrue();
        System.out.printf(
            "H2MetadataStoreTest: opened %d ms after the other process began opening%n",
            Duration.ofNanos(System.nanoTime() - start).toMillis());
      }
    } finally {
      letGo.set(true);
      opener.join();
      deleteQuietly(other);
    }
  }

  private static void deleteQuietly(Path folder) {
    try (java.util.stream.Stream<Path> paths = java.nio.file.Files.walk(folder)) {
      paths.sorted(java.util.Comparator.reverseOrder()).forEach(p -> p.toFile().delete());
    } catch (java.io.IOException e) {
      // a scratch folder under the system's temporary directory: left for the system to clean
    }
  }

  @Test
  void should_fail_with_the_drivers_message_when_the_store_cannot_be_opened() {
    // A file that must exist and does not: H2 refuses at once (a refused TCP address would be
    // retried by H2's client for half a minute before the same refusal).
    String missing = "jdbc:h2:file:" + home.resolve("nowhere/store");
    assertThatThrownBy(() -> MetadataStore.open(missing + ";IFEXISTS=TRUE", "", ""))
        .isInstanceOf(StoreException.class)
        .hasMessageContaining("cannot open the metadata store at " + missing + ": ")
        .hasMessageContaining("not found");
  }

  @Test
  void should_name_the_newest_migration_as_latest_when_skipping_flyway() throws Exception {
    java.net.URL dir = MetadataStore.class.getClassLoader().getResource("db/parlance-store");
    int newest;
    try (java.util.stream.Stream<Path> files = java.nio.file.Files.list(Path.of(dir.toURI()))) {
      newest =
          files
              .map(f -> f.getFileName().toString())
              .filter(n -> n.matches("V\\d+__.*\\.sql"))
              .mapToInt(n -> Integer.parseInt(n.substring(1, n.indexOf("__"))))
              .max()
              .orElseThrow();
    }
    assertThat(MetadataStore.LATEST_MIGRATION).isEqualTo(String.valueOf(newest));
  }

  @Test
  void should_list_every_migration_file_by_name_when_the_class_path_cannot_be_scanned()
      throws Exception {
    java.nio.file.Path dir =
        java.nio.file.Path.of(
            MetadataStore.class.getClassLoader().getResource(StoreMigrations.DIRECTORY).toURI());
    try (var files = java.nio.file.Files.list(dir)) {
      assertThat(StoreMigrations.FILES)
          .containsExactlyElementsOf(
              files
                  .map(f -> f.getFileName().toString())
                  .sorted(
                      java.util.Comparator.comparingInt(
                          n -> Integer.parseInt(n.substring(1, n.indexOf("__")))))
                  .toList());
    }
    assertThat(
            new StoreMigrations(getClass().getClassLoader())
                .getResources("V", new String[] {".sql"}))
        .hasSize(StoreMigrations.FILES.size())
        .allMatch(r -> r.read() != null);
  }

  @Test
  void should_see_a_change_made_through_another_instance_without_reopening() {
    try (MetadataStore other = MetadataStore.open(MetadataStore.embeddedUrl(home), "", "")) {
      SeveralInstances.should_see_each_others_changes(store, other);
    }
  }
}
