package dev.parlance.application.curation;

import static dev.parlance.application.access.SourceAccess.requireStewardship;

import dev.parlance.application.retrieval.IndexSchemaUseCase;
import dev.parlance.application.retrieval.Progress;
import dev.parlance.application.retrieval.RetrieveSchemaUseCase;
import dev.parlance.application.retrieval.UnknownSourceException;
import dev.parlance.domain.catalog.ReadCatalogPort;
import dev.parlance.domain.catalog.SchemaCatalog;
import dev.parlance.domain.curation.CurationQualityStorePort;
import dev.parlance.domain.curation.CurationQualityStorePort.VersionQuality;
import dev.parlance.domain.curation.CurationStorePort;
import dev.parlance.domain.curation.CurationVersion;
import dev.parlance.domain.curation.VerifiedQuery;
import dev.parlance.domain.governance.UserIdentity;
import dev.parlance.domain.retrieval.ElementText;
import dev.parlance.domain.retrieval.QueryColumnsPort;
import dev.parlance.domain.retrieval.RetrievalMode;
import dev.parlance.domain.source.DataSource;
import dev.parlance.domain.source.DataSourcesPort;
import java.time.Clock;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.TreeMap;
import java.util.function.Supplier;

/**
 * Measures the last published versions one after another, as {@code bench curation} measures the
 * published one: each version's curated catalog indexed under a bench name of its own, its approved
 * questions' gold columns parsed from their SQL over that catalog. {@link #recallByVersion}
 * measures every version asked for ({@code bench curation --versions}); the stored side keeps each
 * version's numbers in the metadata store once measured (docs/measurements/portal-pages.md gives
 * the times).
 */
public final class CurationQualityService
    implements CurationQualityUseCase, StoredCurationQualityUseCase {

  private final DataSourcesPort sources;
  private final CurationStorePort store;
  private final ReadCatalogPort raw;
  private final CuratedCatalogService curated;
  private final QueryColumnsPort queryColumns;
  private final IndexSchemaUseCase indexer;
  private final RetrieveSchemaUseCase retriever;
  private final Clock clock;
  private final CurationQualityStorePort kept;

  /**
   * @param kept where each version's measurement is kept
   */
  public CurationQualityService(
      DataSourcesPort sources,
      CurationStorePort store,
      ReadCatalogPort raw,
      CuratedCatalogService curated,
      QueryColumnsPort queryColumns,
      IndexSchemaUseCase indexer,
      RetrieveSchemaUseCase retriever,
      CurationQualityStorePort kept,
      Clock clock) {
    this.kept = kept;
    this.sources = sources;
    this.store = store;
    this.raw = raw;
    this.curated = curated;
    this.queryColumns = queryColumns;
    this.indexer = indexer;
    this.retriever = retriever;
    this.clock = clock;
  }

  @Override
  public Quality recallByVersion(UserIdentity user, String source, int lastVersions) {
    return over(
        user, source, lastVersions, (ds, rawCatalog, v) -> measure(ds, rawCatalog.get(), v));
  }

  @Override
  public Quality stored(UserIdentity user, String source, int lastVersions) {
    requireStewardship(user, source);
    if (store.latestVersion(source) == 0) {
      return new Quality(source, BUDGETS, List.of(), 0);
    }
    Map<Integer, VersionQuality> stored = kept.stored(source);
    return over(
        user,
        source,
        lastVersions,
        (ds, rawCatalog, v) ->
            Optional.ofNullable(stored.get(v.version())).map(q -> recall(v, q)).orElse(null));
  }

  @Override
  public Quality measureMissing(UserIdentity user, String source, int lastVersions) {
    requireStewardship(user, source);
    Map<Integer, VersionQuality> stored = kept.stored(source);
    return over(
        user,
        source,
        lastVersions,
        (ds, rawCatalog, v) ->
            stored.containsKey(v.version())
                ? recall(v, stored.get(v.version()))
                : measureKept(ds, rawCatalog.get(), v));
  }

  @Override
  public void measureAndStore(String source, int version) {
    DataSource ds = sources.find(source).orElseThrow(() -> new UnknownSourceException(source));
    CurationVersion v =
        store
            .version(ds.name(), version)
            .orElseThrow(
                () ->
                    new IllegalArgumentException(
                        "source " + source + " has no published version " + version));
    measureKept(ds, raw.read(ds), v);
  }

  /** What one version in the window gives: its recall, or null to leave it out. */
  private interface PerVersion {
    VersionRecall of(DataSource ds, Supplier<SchemaCatalog> raw, CurationVersion v);
  }

  // The last versions of the source, oldest first, each as `each` gives it; the raw catalog read
  // once, when a version is measured.
  private Quality over(UserIdentity user, String source, int lastVersions, PerVersion each) {
    requireStewardship(user, source);
    if (lastVersions < 1 || lastVersions > MAX_VERSIONS) {
      throw new IllegalArgumentException(
          "versions: measure 1 to " + MAX_VERSIONS + " versions, not " + lastVersions);
    }
    long started = clock.millis();
    DataSource ds = sources.find(source).orElseThrow(() -> new UnknownSourceException(source));
    List<CurationVersion> history = store.history(ds.name());
    if (history.isEmpty()) {
      throw new IllegalArgumentException(
          "source " + ds.name() + " has no published version to measure yet");
    }
    SchemaCatalog[] rawCatalog = new SchemaCatalog[1];
    Supplier<SchemaCatalog> rawOnce =
        () -> rawCatalog[0] == null ? (rawCatalog[0] = raw.read(ds)) : rawCatalog[0];
    List<VersionRecall> measured = new ArrayList<>();
    for (CurationVersion v :
        history.subList(Math.max(0, history.size() - lastVersions), history.size())) {
      VersionRecall r = each.of(ds, rawOnce, v);
      if (r != null) {
        measured.add(r);
      }
    }
    return new Quality(ds.name(), BUDGETS, measured, clock.millis() - started);
  }

  private VersionRecall measureKept(DataSource ds, SchemaCatalog rawCatalog, CurationVersion v) {
    long started = clock.millis();
    VersionRecall r = measure(ds, rawCatalog, v);
    kept.save(
        ds.name(),
        new VersionQuality(
            v.version(),
            r.questions(),
            r.recall(),
            r.skipped(),
            clock.instant(),
            clock.millis() - started));
    return r;
  }

  private static VersionRecall recall(CurationVersion v, VersionQuality q) {
    return new VersionRecall(
        v.version(), v.publishedAt(), v.note(), q.questions(), q.recall(), q.skipped());
  }

  private VersionRecall measure(DataSource ds, SchemaCatalog rawCatalog, CurationVersion v) {
    SchemaCatalog catalog = curated.curated(ds, rawCatalog, v.curation());
    List<RecallScoring.Question> questions = new ArrayList<>();
    for (VerifiedQuery q : v.curation().approved()) {
      Set<String> gold = queryColumns.columnsOf(q.sql(), catalog);
      if (!gold.isEmpty()) {
        questions.add(new RecallScoring.Question(q.question(), gold));
      }
    }
    if (questions.isEmpty()) {
      return new VersionRecall(
          v.version(),
          v.publishedAt(),
          v.note(),
          0,
          new TreeMap<>(),
          Optional.of("no approved verified question with columns of this version's views"));
    }
    String indexName = "bench-" + ds.name() + "-curated-v" + v.version();
    indexer.index(
        new SchemaCatalog(indexName, catalog.tables()), ElementText.ENRICHED, Progress.silent());
    return new VersionRecall(
        v.version(),
        v.publishedAt(),
        v.note(),
        questions.size(),
        RecallScoring.meanRecall(
            retriever,
            indexName,
            RetrievalMode.DEFAULT,
            questions,
            BUDGETS,
            "version " + v.version(),
            Progress.silent()),
        Optional.empty());
  }
}
