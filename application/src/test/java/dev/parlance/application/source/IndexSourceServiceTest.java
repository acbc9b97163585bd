package dev.parlance.application.source;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.parlance.application.retrieval.UnknownSourceException;
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

class IndexSourceServiceTest {

  private final SourceFakes.Sources sources = new SourceFakes.Sources();
  private final SourceFakes.Indexes indexes = new SourceFakes.Indexes();
  private final SourceFakes.SchemaIndexing schema = new SourceFakes.SchemaIndexing(indexes);
  private final ExecutorService background = Executors.newSingleThreadExecutor();

  IndexSourceServiceTest() {
    sources.save(DataSource.of("plant", "jdbc:sqlite:plant.sqlite", Credentials.none()));
  }

  @AfterEach
  void stop() {
    background.shutdownNow();
  }

  private IndexSourceService service(boolean indexWhenChanged) {
    return new IndexSourceService(
        sources,
        schema,
        indexes,
        SourceFakes.embedder(),
        SourceFakes::emptyCatalog,
        (source, catalog, perColumn, maxLength) -> List.of(),
        indexes,
        background,
        indexWhenChanged);
  }

  @Test
  void should_say_not_ready_when_a_source_was_never_indexed() {
    assertThat(service(true).state("plant"))
        .isEqualTo(new IndexSourceUseCase.NotReady("no schema index"));
  }

  @Test
  void should_say_not_ready_when_the_index_was_built_with_another_model() {
    indexes.schemaModel.put("plant", "old-model");
    indexes.values.put("plant", 3);

    assertThat(service(true).state("plant"))
        .isEqualTo(new IndexSourceUseCase.NotReady("indexed with old-model, not fake-model"));
  }

  @Test
  void should_show_progress_while_building_in_the_background_then_be_ready() throws Exception {
    IndexSourceService service = service(true);
    schema.hold = new CountDownLatch(1);

    service.start("plant");
    assertThat(schema.started.await(5, TimeUnit.SECONDS)).isTrue();

    assertThat(service.state("plant"))
        .isEqualTo(new IndexSourceUseCase.Indexing("embedding", 1, 4));
    schema.hold.countDown();
    service.awaitReady("plant", (stage, done, total) -> {});
    assertThat(service.state("plant")).isEqualTo(new IndexSourceUseCase.Ready());
    assertThat(indexes.values).containsKey("plant");
  }

  @Test
  void should_say_a_source_is_searchable_once_its_words_are_indexed_while_vectors_are_built()
      throws Exception {
    IndexSourceService service = service(true);
    schema.hold = new CountDownLatch(1);
    schema.lexicalFirst = true;

    service.start("plant");
    assertThat(schema.started.await(5, TimeUnit.SECONDS)).isTrue();

    assertThat(service.state("plant"))
        .isEqualTo(new IndexSourceUseCase.Indexing("embedding", 1, 4, true));
    schema.hold.countDown();
    service.awaitReady("plant", (stage, done, total) -> {});
    assertThat(service.state("plant")).isEqualTo(new IndexSourceUseCase.Ready());
  }

  @Test
  void should_build_once_when_several_wait_for_the_same_source() throws Exception {
    IndexSourceService service = service(true);
    schema.hold = new CountDownLatch(1);
    service.start("plant");
    assertThat(schema.started.await(5, TimeUnit.SECONDS)).isTrue();
    List<String> seen = new CopyOnWriteArrayList<>();
    Thread waiter = new Thread(() -> service.awaitReady("plant", (s, d, t) -> seen.add(s)));
    waiter.start();
    // Parked on the build under way: it has joined as a listener.
    while (waiter.getState() != Thread.State.WAITING) {
      Thread.sleep(5);
    }

    service.start("plant");
    schema.hold.countDown();
    waiter.join(5000);

    assertThat(schema.indexed).containsExactly("plant");
    assertThat(seen).contains("reading values");
  }

  @Test
  void should_build_on_the_callers_thread_with_its_progress_when_nothing_runs_yet() {
    List<String> seen = new CopyOnWriteArrayList<>();

    service(false).awaitReady("plant", (stage, done, total) -> seen.add(stage + " " + done));

    assertThat(schema.indexed).containsExactly("plant");
    assertThat(seen).contains("embedding 1", "embedding 4", "reading values 1");
  }

  @Test
  void should_return_at_once_when_the_indexes_are_ready() {
    indexes.schemaModel.put("plant", SourceFakes.MODEL);
    indexes.values.put("plant", 3);

    service(false).awaitReady("plant", (stage, done, total) -> {});

    assertThat(schema.indexed).isEmpty();
  }

  @Test
  void should_report_the_failure_and_say_why_it_is_not_ready_when_indexing_fails() {
    IndexSourceService service = service(true);
    schema.failure = new IllegalStateException("no such table: TB_X");

    assertThatThrownBy(() -> service.awaitReady("plant", (s, d, t) -> {}))
        .hasMessage("no such table: TB_X");
    assertThat(service.state("plant"))
        .isEqualTo(
            new IndexSourceUseCase.NotReady("the last indexing failed: no such table: TB_X"));
  }

  @Test
  void should_be_ready_once_another_instance_built_the_index_its_own_build_failed_on() {
    IndexSourceService service = service(true);
    schema.failure = new IllegalStateException("no such index");
    assertThatThrownBy(() -> service.awaitReady("plant", (s, d, t) -> {}))
        .hasMessage("no such index");

    // Another server on the same OpenSearch finished its build of the source.
    indexes.schemaModel.put("plant", SourceFakes.MODEL);
    indexes.values.put("plant", 3);

    assertThat(service.state("plant")).isInstanceOf(IndexSourceUseCase.Ready.class);
  }

  @Test
  void should_reindex_in_the_background_when_a_source_changes_on_a_server() throws Exception {
    indexes.schemaModel.put("plant", SourceFakes.MODEL);
    indexes.values.put("plant", 3);
    IndexSourceService service = service(true);

    service.changed("plant");
    background.shutdown();
    assertThat(background.awaitTermination(5, TimeUnit.SECONDS)).isTrue();

    assertThat(schema.indexed).containsExactly("plant");
  }

  @Test
  void should_leave_a_changed_source_for_its_next_use_in_a_one_shot_command() throws Exception {
    service(false).changed("plant");
    background.shutdown();
    assertThat(background.awaitTermination(5, TimeUnit.SECONDS)).isTrue();

    assertThat(schema.indexed).isEmpty();
  }

  @Test
  void should_build_every_source_without_indexes_when_a_server_starts() throws Exception {
    sources.save(DataSource.of("ready", "jdbc:sqlite:ready.sqlite", Credentials.none()));
    indexes.schemaModel.put("ready", SourceFakes.MODEL);
    indexes.values.put("ready", 3);
    IndexSourceService service = service(true);

    assertThat(service.startMissing()).containsExactly("plant");
    background.shutdown();
    assertThat(background.awaitTermination(5, TimeUnit.SECONDS)).isTrue();

    assertThat(schema.indexed).containsExactly("plant");
    assertThat(service.state("plant")).isEqualTo(new IndexSourceUseCase.Ready());
  }

  @Test
  void should_build_nothing_at_the_start_of_a_one_shot_command() {
    assertThat(service(false).startMissing()).isEmpty();
    assertThat(service(false).state("plant"))
        .isEqualTo(new IndexSourceUseCase.NotReady("no schema index"));
  }

  @Test
  void should_name_an_unknown_source() {
    assertThatThrownBy(() -> service(true).start("nope"))
        .isInstanceOf(UnknownSourceException.class);
    assertThatThrownBy(() -> service(true).awaitReady("nope", (s, d, t) -> {}))
        .isInstanceOf(UnknownSourceException.class);
  }
}
