package dev.parlance.application.source;

import dev.parlance.application.retrieval.IndexSchemaService;
import dev.parlance.application.retrieval.Progress;
import dev.parlance.application.retrieval.SourceSchemaUseCase;
import dev.parlance.application.retrieval.UnknownSourceException;
import dev.parlance.domain.catalog.ReadCatalogPort;
import dev.parlance.domain.catalog.SchemaCatalog;
import dev.parlance.domain.retrieval.EmbedTextPort;
import dev.parlance.domain.retrieval.IndexSchemaPort;
import dev.parlance.domain.source.DataSource;
import dev.parlance.domain.source.DataSourcesPort;
import dev.parlance.domain.values.IndexValuesPort;
import dev.parlance.domain.values.ReadColumnValuesPort;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.Executor;
import java.util.concurrent.atomic.AtomicReference;

/**
 * Builds a source's schema index (with its curated vocabulary and verified questions) and its value
 * index. One build per source runs at a time; whoever waits for it sees its progress.
 */
public final class IndexSourceService implements IndexSourceUseCase, SourceChanges {

  /** Distinct values read per text column for the value index, and their longest length. */
  public static final int VALUES_PER_COLUMN = 5000;

  public static final int VALUE_MAX_LENGTH = 100;

  private final DataSourcesPort sources;
  private final SourceSchemaUseCase schema;
  private final IndexSchemaPort schemaIndex;
  private final EmbedTextPort embedder;
  private final ReadCatalogPort catalogs;
  private final ReadColumnValuesPort valueReader;
  private final IndexValuesPort valueIndex;
  private final Executor background;
  private final boolean indexWhenChanged;
  private final Map<String, Build> running = new ConcurrentHashMap<>();
  private final Map<String, Failure> failed = new ConcurrentHashMap<>();

  /** Why a build failed, and the schema index that was served when it did. */
  private record Failure(String message, Optional<IndexSchemaPort.IndexStatus> served) {}

  /**
   * @param background where builds run that nobody waits for
   * @param indexWhenChanged whether a changed source is re-indexed in the background at once (a
   *     server) or on its next use (a one-shot command, whose process would end mid-build)
   */
  public IndexSourceService(
      DataSourcesPort sources,
      SourceSchemaUseCase schema,
      IndexSchemaPort schemaIndex,
      EmbedTextPort embedder,
      ReadCatalogPort catalogs,
      ReadColumnValuesPort valueReader,
      IndexValuesPort valueIndex,
      Executor background,
      boolean indexWhenChanged) {
    this.sources = sources;
    this.schema = schema;
    this.schemaIndex = schemaIndex;
    this.embedder = embedder;
    this.catalogs = catalogs;
    this.valueReader = valueReader;
    this.valueIndex = valueIndex;
    this.background = background;
    this.indexWhenChanged = indexWhenChanged;
  }

  @Override
  public IndexState state(String source) {
    Build build = running.get(source);
    if (build != null) {
      return build.state();
    }
    Failure failure = failed.get(source);
    if (failure != null) {
      if (failure.served().equals(schemaIndex.status(source))) {
        return new NotReady("the last indexing failed: " + failure.message());
      }
      // The shared index changed since: another instance built it (several servers on one
      // OpenSearch), and what it serves now is what counts.
      failed.remove(source, failure);
    }
    return missing(source).<IndexState>map(NotReady::new).orElseGet(Ready::new);
  }

  // Why the source's indexes cannot serve questions, or empty when they can.
  private Optional<String> missing(String source) {
    Optional<IndexSchemaPort.IndexStatus> status = schemaIndex.status(source);
    if (status.isEmpty()) {
      return Optional.of("no schema index");
    }
    if (!status.get().model().equals(embedder.modelName())) {
      return Optional.of("indexed with " + status.get().model() + ", not " + embedder.modelName());
    }
    if (valueIndex.count(source).isEmpty()) {
      return Optional.of("no value index");
    }
    return Optional.empty();
  }

  @Override
  public void changed(String source) {
    failed.remove(source);
    if (indexWhenChanged) {
      start(source, true);
    }
  }

  @Override
  public void start(String source) {
    start(source, false);
  }

  /**
   * A server's start: builds, in the background, the indexes of every source that cannot serve
   * questions yet, so that the first question does not find them missing. A one-shot command builds
   * nothing here (its process would end mid-build; it builds on use).
   *
   * @return the sources whose indexes are being built
   */
  public List<String> startMissing() {
    if (!indexWhenChanged) {
      return List.of();
    }
    List<String> started = new ArrayList<>();
    for (DataSource source : sources.all()) {
      if (!running.containsKey(source.name()) && missing(source.name()).isPresent()) {
        start(source.name(), false);
        started.add(source.name());
      }
    }
    return List.copyOf(started);
  }

  private void start(String source, boolean evenIfReady) {
    DataSource found = sources.find(source).orElseThrow(() -> new UnknownSourceException(source));
    Build build = new Build();
    if (running.putIfAbsent(source, build) == null) {
      background.execute(() -> build(found, build, evenIfReady));
    }
  }

  @Override
  public void awaitReady(String source, Progress progress) {
    DataSource found = sources.find(source).orElseThrow(() -> new UnknownSourceException(source));
    Build build = running.get(source);
    if (build == null) {
      if (missing(source).isEmpty()) {
        return;
      }
      // Whoever waits builds on their own thread, so that nothing queues behind other builds.
      Build own = new Build();
      own.listeners.add(progress);
      build = running.putIfAbsent(source, own);
      if (build == null) {
        build(found, own, false);
        build = own;
      }
    }
    if (build.listeners.addIfAbsent(progress)
        && build.state() instanceof Indexing now
        && now.total() > 0) {
      // Who joins a build under way hears at once how far it is, not only its next step.
      progress.update(now.stage(), now.done(), now.total());
    }
    try {
      build.done.join();
    } catch (java.util.concurrent.CompletionException e) {
      throw e.getCause() instanceof RuntimeException r ? r : e;
    } finally {
      build.listeners.remove(progress);
    }
  }

  // Runs one registered build to its end: done or failed, and no longer running.
  private void build(DataSource source, Build build, boolean evenIfReady) {
    RuntimeException failure = null;
    boolean built = false;
    try {
      if (evenIfReady || missing(source.name()).isPresent()) {
        index(source, build);
      }
      failed.remove(source.name());
      built = true;
    } catch (RuntimeException e) {
      failed.put(source.name(), new Failure(oneLine(e), servedAfterFailure(source.name())));
      failure = e;
    } finally {
      // No longer running before anyone waiting is woken, so that they see the final state.
      running.remove(source.name(), build);
      if (built) {
        build.done.complete(null);
      } else {
        build.done.completeExceptionally(
            failure != null
                ? failure
                : new IllegalStateException("indexing " + source.name() + " stopped"));
      }
    }
  }

  // The schema index served after a failed build; empty when even that cannot be read.
  private Optional<IndexSchemaPort.IndexStatus> servedAfterFailure(String source) {
    try {
      return schemaIndex.status(source);
    } catch (RuntimeException e) {
      return Optional.empty();
    }
  }

  private void index(DataSource source, Build build) {
    schema.index(source.name(), build);
    build.update("reading values", 0, 1);
    SchemaCatalog structure = catalogs.read(source);
    valueIndex.replace(
        source.name(), valueReader.read(source, structure, VALUES_PER_COLUMN, VALUE_MAX_LENGTH));
    build.update("reading values", 1, 1);
  }

  private static String oneLine(RuntimeException e) {
    String m = e.getMessage() == null ? e.getClass().getSimpleName() : e.getMessage();
    return m.replaceAll("\\s+", " ").strip();
  }

  /** One build: its latest progress, relayed to whoever waits for it. */
  private static final class Build implements Progress {
    private final AtomicReference<Indexing> latest =
        new AtomicReference<>(new Indexing("starting", 0, 0));
    private final CopyOnWriteArrayList<Progress> listeners = new CopyOnWriteArrayList<>();
    private final CompletableFuture<Void> done = new CompletableFuture<>();

    private volatile boolean searchable;

    @Override
    public void update(String stage, long done, long total) {
      if (IndexSchemaService.LEXICAL_READY.equals(stage)) {
        searchable = true;
      }
      latest.set(new Indexing(stage, done, total, searchable));
      for (Progress p : listeners) {
        p.update(stage, done, total);
      }
    }

    IndexState state() {
      return latest.get();
    }
  }
}
