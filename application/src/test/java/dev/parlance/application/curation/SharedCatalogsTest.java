package dev.parlance.application.curation;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.parlance.domain.catalog.Column;
import dev.parlance.domain.catalog.SchemaCatalog;
import dev.parlance.domain.catalog.Table;
import dev.parlance.domain.catalog.TableKind;
import dev.parlance.domain.curation.Curation;
import dev.parlance.domain.curation.CurationVersion;
import dev.parlance.domain.governance.GovernancePoliciesPort;
import dev.parlance.domain.governance.GovernancePolicy;
import dev.parlance.domain.retrieval.IndexSchemaPort;
import dev.parlance.domain.retrieval.IndexedElement;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.concurrent.atomic.AtomicReference;
import org.junit.jupiter.api.Test;

class SharedCatalogsTest {

  private final AtomicInteger reads = new AtomicInteger();
  private final AtomicReference<Optional<CurationVersion>> published =
      new AtomicReference<>(Optional.empty());
  private final AtomicReference<Optional<GovernancePolicy>> policy =
      new AtomicReference<>(Optional.empty());
  private final AtomicReference<Optional<IndexSchemaPort.IndexStatus>> indexed =
      new AtomicReference<>(Optional.of(new IndexSchemaPort.IndexStatus("plant", "m", 3, "f1")));

  // Each build is a new catalog whose one table says which build made it.
  private final SharedCatalogs catalogs =
      new SharedCatalogs(
          source ->
              new SchemaCatalog(
                  source.name(),
                  List.of(
                      new Table(
                          "built_" + reads.incrementAndGet(),
                          TableKind.TABLE,
                          "",
                          List.of(Column.of("id", "INTEGER")),
                          List.of(),
                          List.of()))),
          source -> published.get(),
          policies(),
          index());

  @Test
  void should_build_a_catalog_once_and_share_it_while_nothing_changes() {
    SchemaCatalog first = catalogs.read(CurationFakes.PLANT);

    for (int i = 0; i < 5; i++) {
      assertThat(catalogs.read(CurationFakes.PLANT)).isSameAs(first);
    }
    assertThat(reads).hasValue(1);
    assertThat(catalogs.builds()).isEqualTo(1);
  }

  @Test
  void should_build_again_when_a_curation_is_published_or_rolled_back() {
    SchemaCatalog before = catalogs.read(CurationFakes.PLANT);

    published.set(Optional.of(version(1)));
    SchemaCatalog afterPublish = catalogs.read(CurationFakes.PLANT);
    // A rollback publishes an old curation again as a new version.
    published.set(Optional.of(version(2)));
    SchemaCatalog afterRollback = catalogs.read(CurationFakes.PLANT);

    assertThat(afterPublish).isNotSameAs(before);
    assertThat(afterRollback).isNotSameAs(afterPublish);
    assertThat(afterRollback.tables().getFirst().name()).isEqualTo("built_3");
    assertThat(catalogs.read(CurationFakes.PLANT)).isSameAs(afterRollback);
  }

  @Test
  void should_build_again_when_the_policy_changes() {
    SchemaCatalog before = catalogs.read(CurationFakes.PLANT);

    policy.set(Optional.of(GovernancePolicy.defaults("plant").published(1, "rita", Instant.EPOCH)));

    assertThat(catalogs.read(CurationFakes.PLANT)).isNotSameAs(before);
    assertThat(reads).hasValue(2);
  }

  @Test
  void should_read_the_database_again_when_the_source_is_indexed_again() {
    SchemaCatalog before = catalogs.read(CurationFakes.PLANT);

    indexed.set(Optional.of(new IndexSchemaPort.IndexStatus("plant", "m", 4, "f2")));

    assertThat(catalogs.read(CurationFakes.PLANT)).isNotSameAs(before);
    assertThat(reads).hasValue(2);
  }

  @Test
  void should_not_keep_a_build_that_failed() {
    AtomicInteger attempts = new AtomicInteger();
    SharedCatalogs failingOnce =
        new SharedCatalogs(
            source -> {
              if (attempts.incrementAndGet() == 1) {
                throw new IllegalStateException("database unreachable");
              }
              return new SchemaCatalog(source.name(), List.of());
            },
            source -> Optional.empty(),
            policies(),
            index());

    assertThatThrownBy(() -> failingOnce.read(CurationFakes.PLANT))
        .hasMessage("database unreachable");
    assertThat(failingOnce.read(CurationFakes.PLANT).tables()).isEmpty();
    assertThat(attempts).hasValue(2);
  }

  @Test
  void should_build_once_when_many_readers_miss_at_the_same_time() throws Exception {
    CountDownLatch building = new CountDownLatch(1);
    CountDownLatch release = new CountDownLatch(1);
    AtomicInteger slowReads = new AtomicInteger();
    SharedCatalogs slow =
        new SharedCatalogs(
            source -> {
              slowReads.incrementAndGet();
              building.countDown();
              try {
                release.await();
              } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
              }
              return new SchemaCatalog(source.name(), List.of());
            },
            source -> Optional.empty(),
            policies(),
            index());
    List<Future<SchemaCatalog>> readers = new ArrayList<>();
    try (ExecutorService pool = Executors.newVirtualThreadPerTaskExecutor()) {
      readers.add(pool.submit(() -> slow.read(CurationFakes.PLANT)));
      building.await();
      for (int i = 0; i < 7; i++) {
        readers.add(pool.submit(() -> slow.read(CurationFakes.PLANT)));
      }
      Thread.sleep(50);
      release.countDown();
      SchemaCatalog first = readers.getFirst().get();
      for (Future<SchemaCatalog> reader : readers) {
        assertThat(reader.get()).isSameAs(first);
      }
    }
    assertThat(slowReads).hasValue(1);
  }

  private CurationVersion version(int number) {
    return new CurationVersion(number, Curation.empty("plant"), "rita", Instant.EPOCH, "");
  }

  private GovernancePoliciesPort policies() {
    return new GovernancePoliciesPort() {
      @Override
      public Optional<GovernancePolicy> current(String source) {
        return policy.get();
      }

      @Override
      public List<GovernancePolicy> history(String source) {
        return List.of();
      }

      @Override
      public GovernancePolicy publish(GovernancePolicy draft, String steward) {
        throw new UnsupportedOperationException();
      }
    };
  }

  private IndexSchemaPort index() {
    return new IndexSchemaPort() {
      @Override
      public void replace(String source, String model, List<IndexedElement> elements) {
        throw new UnsupportedOperationException();
      }

      @Override
      public void remove(String source) {
        throw new UnsupportedOperationException();
      }

      @Override
      public Optional<IndexStatus> status(String source) {
        return indexed.get();
      }
    };
  }
}
