package dev.parlance.application.source;

import static org.assertj.core.api.Assertions.assertThat;

import dev.parlance.domain.source.Credentials;
import dev.parlance.domain.source.DataSource;
import java.util.List;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

class PrepareAtStartServiceTest {

  private final SourceFakes.Sources sources = new SourceFakes.Sources();
  private final SourceFakes.Indexes indexes = new SourceFakes.Indexes();
  private final SourceFakes.SchemaIndexing schema = new SourceFakes.SchemaIndexing(indexes);
  private final ExecutorService background = Executors.newFixedThreadPool(2);
  private final List<String> prepared = new CopyOnWriteArrayList<>();
  private Runnable warmUp = () -> prepared.add("models");

  PrepareAtStartServiceTest() {
    sources.save(DataSource.of("plant", "jdbc:sqlite:plant.sqlite", Credentials.none()));
  }

  @AfterEach
  void stop() {
    background.shutdownNow();
  }

  private PrepareAtStartService service(boolean server) {
    IndexSourceService indexing =
        new IndexSourceService(
            sources,
            schema,
            indexes,
            SourceFakes.embedder(),
            SourceFakes::emptyCatalog,
            (source, catalog, perColumn, maxLength) -> List.of(),
            indexes,
            background,
            server);
    return new PrepareAtStartService(
        sources,
        indexing,
        warmUp,
        source -> {
          // What a question would find: the indexes are built before the source is prepared.
          assertThat(indexes.values).containsKey(source.name());
          prepared.add(source.name());
        },
        work -> Thread.ofVirtual().start(work),
        server);
  }

  @Test
  void should_say_what_it_indexes_then_prepare_the_source_and_be_done() throws Exception {
    PrepareAtStartService service = service(true);
    schema.hold = new CountDownLatch(1);

    service.start();
    assertThat(schema.started.await(60, TimeUnit.SECONDS)).isTrue();
    awaitDoing(service, "indexing plant: embedding 1/4");
    assertThat(service.preparation().done()).isFalse();
    assertThat(prepared).doesNotContain("plant");

    schema.hold.countDown();
    awaitDone(service);
    // The models first (loaded beside the store's opening), then the source.
    assertThat(prepared).containsExactly("models", "plant");
    assertThat(service.preparation().doing()).isEmpty();
  }

  @Test
  void should_be_done_even_when_a_source_cannot_be_indexed() throws Exception {
    PrepareAtStartService service = service(true);
    schema.failure = new IllegalStateException("database unreachable");

    service.start();

    awaitDone(service);
    assertThat(prepared).containsExactly("models");
  }

  @Test
  void should_prepare_nothing_and_be_done_at_once_in_a_one_shot_command() {
    PrepareAtStartService service = service(false);

    service.start();

    assertThat(service.preparation().done()).isTrue();
    assertThat(schema.indexed).isEmpty();
    assertThat(prepared).isEmpty();
  }

  @Test
  void should_prepare_the_sources_even_when_the_models_cannot_be_loaded() throws Exception {
    warmUp =
        () -> {
          throw new IllegalStateException("model file missing");
        };
    PrepareAtStartService service = service(true);

    service.start();

    awaitDone(service);
    assertThat(prepared).containsExactly("plant");
  }

  private static void awaitDoing(PrepareAtStartService service, String doing)
      throws InterruptedException {
    long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(60);
    while (!service.preparation().doing().equals(doing) && System.nanoTime() < deadline) {
      Thread.sleep(5);
    }
    assertThat(service.preparation().doing()).isEqualTo(doing);
  }

  private static void awaitDone(PrepareAtStartService service) throws InterruptedException {
    long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(60);
    while (!service.preparation().done() && System.nanoTime() < deadline) {
      Thread.sleep(5);
    }
    assertThat(service.preparation().done()).isTrue();
  }
}
