package dev.parlance.application.source;

import dev.parlance.domain.source.DataSource;
import dev.parlance.domain.source.DataSourcesPort;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.Executor;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.function.Consumer;
import java.util.logging.Level;
import java.util.logging.Logger;

/**
 * Prepares a starting server so that its first question is not slower than the next: what any
 * question loads whatever its source (the tokenizer, the embedding model: {@link
 * dev.parlance.application.ask.QuestionPipeline#warmUp}) is loaded on a thread of its own while the
 * metadata store opens; the sources without indexes start being indexed (all at once, in the
 * background); then, source by source, the preparation waits for the indexes and builds what every
 * question about the source shares (its catalog, and with it the index's searcher: {@link
 * dev.parlance.application.ask.QuestionPipeline#prepare}).
 */
public final class PrepareAtStartService implements PrepareAtStartUseCase {

  private static final Logger LOG = Logger.getLogger(PrepareAtStartService.class.getName());

  private final DataSourcesPort sources;
  private final IndexSourceService indexing;
  private final Runnable warmUp;
  private final Consumer<DataSource> prepare;
  private final Executor background;
  private final boolean server;
  private final AtomicBoolean started = new AtomicBoolean();
  private volatile Preparation state = new Preparation(false, "starting");

  /**
   * @param warmUp loads what every question loads, whatever its source (the question pipeline's
   *     {@code warmUp}); it runs beside the store's opening, and before any source is prepared
   * @param prepare builds what a source's questions share (the question pipeline's {@code prepare})
   * @param background where the preparation runs: a thread of its own per task, as it waits for
   *     index builds
   * @param server whether this process is a server; a one-shot command prepares nothing at start
   *     (its process would end mid-build) and is prepared at once
   */
  public PrepareAtStartService(
      DataSourcesPort sources,
      IndexSourceService indexing,
      Runnable warmUp,
      Consumer<DataSource> prepare,
      Executor background,
      boolean server) {
    this.sources = sources;
    this.indexing = indexing;
    this.warmUp = warmUp;
    this.prepare = prepare;
    this.background = background;
    this.server = server;
  }

  @Override
  public void start() {
    if (!server) {
      state = new Preparation(true, "");
    } else if (started.compareAndSet(false, true)) {
      background.execute(this::prepareAll);
    }
  }

  @Override
  public Preparation preparation() {
    return state;
  }

  private void prepareAll() {
    // The models load on one core while the store opens on the other (both take seconds).
    CompletableFuture<Void> warmedUp = CompletableFuture.runAsync(this::warmUp, background);
    try {
      List<String> indexing = this.indexing.startMissing();
      if (!indexing.isEmpty()) {
        LOG.info("Indexing at start, as they have no indexes yet: " + indexing);
      }
      List<DataSource> all = sources.all();
      warmedUp.join();
      for (DataSource source : all) {
        prepare(source);
      }
    } catch (RuntimeException e) {
      LOG.log(Level.WARNING, "Could not prepare the sources at start", e);
    } finally {
      state = new Preparation(true, "");
    }
  }

  private void warmUp() {
    try {
      long started = System.nanoTime();
      warmUp.run();
      LOG.info("Loaded the models in " + (System.nanoTime() - started) / 1_000_000 + " ms");
    } catch (RuntimeException e) {
      // The first question that needs a model says what is wrong with it.
      LOG.log(Level.WARNING, "Could not load the models at start", e);
    }
  }

  private void prepare(DataSource source) {
    try {
      state = new Preparation(false, "indexing " + source.name());
      indexing.awaitReady(
          source.name(),
          (stage, done, total) ->
              state =
                  new Preparation(
                      false,
                      "indexing "
                          + source.name()
                          + ": "
                          + stage
                          + (total > 0 ? " " + done + "/" + total : "")));
      state = new Preparation(false, "preparing " + source.name() + "'s catalog and models");
      long started = System.nanoTime();
      prepare.accept(source);
      LOG.info(
          "Prepared "
              + source.name()
              + " for its first question in "
              + (System.nanoTime() - started) / 1_000_000
              + " ms");
    } catch (RuntimeException e) {
      // Its questions say what is wrong; the other sources are prepared all the same.
      LOG.log(Level.WARNING, "Could not prepare " + source.name() + " at start", e);
    }
  }
}
