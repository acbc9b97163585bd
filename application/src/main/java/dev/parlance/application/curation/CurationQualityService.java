package dev.parlance.application.curation;

import static dev.parlance.application.access.SourceAccess.requireStewardship;

import dev.parlance.application.retrieval.IndexSchemaUseCase;
import dev.parlance.application.retrieval.Progress;
import dev.parlance.application.retrieval.RetrieveSchemaUseCase;
import dev.parlance.application.retrieval.UnknownSourceException;
import dev.parlance.domain.catalog.ReadCatalogPort;
import dev.parlance.domain.catalog.SchemaCatalog;
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
import java.util.Optional;
import java.util.Set;
import java.util.TreeMap;

/**
 * Measures the last published versions one after another, as {@code bench curation} measures the
 * published one: each version's curated catalog indexed under a bench name of its own, its approved
 * questions' gold columns parsed from their SQL over that catalog. Nothing is stored: the numbers
 * are computed when a steward asks (docs/portal-pages.md gives the time on the demo).
 */
public final class CurationQualityService implements CurationQualityUseCase {

  private final DataSourcesPort sources;
  private final CurationStorePort store;
  private final ReadCatalogPort raw;
  private final CuratedCatalogService curated;
  private final QueryColumnsPort queryColumns;
  private final IndexSchemaUseCase indexer;
  private final RetrieveSchemaUseCase retriever;
  private final Clock clock;

  public CurationQualityService(
      DataSourcesPort sources,
      CurationStorePort store,
      ReadCatalogPort raw,
      CuratedCatalogService curated,
      QueryColumnsPort queryColumns,
      IndexSchemaUseCase indexer,
      RetrieveSchemaUseCase retriever,
      Clock clock) {
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
    SchemaCatalog rawCatalog = raw.read(ds);
    List<VersionRecall> measured = new ArrayList<>();
    for (CurationVersion v :
        history.subList(Math.max(0, history.size() - lastVersions), history.size())) {
      measured.add(measure(ds, rawCatalog, v));
    }
    return new Quality(ds.name(), BUDGETS, measured, clock.millis() - started);
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
