package dev.parlance.application.curation;

import dev.parlance.application.retrieval.IndexSchemaUseCase;
import dev.parlance.application.retrieval.Progress;
import dev.parlance.application.retrieval.RetrieveSchemaUseCase;
import dev.parlance.application.retrieval.UnknownSourceException;
import dev.parlance.domain.catalog.ReadCatalogPort;
import dev.parlance.domain.catalog.SchemaCatalog;
import dev.parlance.domain.curation.Curation;
import dev.parlance.domain.curation.CurationVersion;
import dev.parlance.domain.curation.PublishedCurationPort;
import dev.parlance.domain.curation.VerifiedQuery;
import dev.parlance.domain.retrieval.ElementText;
import dev.parlance.domain.retrieval.QueryColumnsPort;
import dev.parlance.domain.retrieval.RetrievalMode;
import dev.parlance.domain.source.DataSource;
import dev.parlance.domain.source.DataSourcesPort;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.SortedMap;

/** Indexes the raw and the curated catalog under bench names and scores retrieval on both. */
public final class CurationRecallService implements CurationRecallUseCase {

  private final DataSourcesPort sources;
  private final PublishedCurationPort curations;
  private final ReadCatalogPort raw;
  private final CuratedCatalogService curated;
  private final QueryColumnsPort queryColumns;
  private final IndexSchemaUseCase indexer;
  private final RetrieveSchemaUseCase retriever;
  private final java.util.function.Function<String, Map<String, String>> shippedBaseSql;

  /**
   * @param shippedBaseSql the base-table SQL of each verified question, for sources that ship it
   *     (the demo); empty for others
   */
  public CurationRecallService(
      DataSourcesPort sources,
      PublishedCurationPort curations,
      ReadCatalogPort raw,
      CuratedCatalogService curated,
      QueryColumnsPort queryColumns,
      IndexSchemaUseCase indexer,
      RetrieveSchemaUseCase retriever,
      java.util.function.Function<String, Map<String, String>> shippedBaseSql) {
    this.shippedBaseSql = shippedBaseSql;
    this.sources = sources;
    this.curations = curations;
    this.raw = raw;
    this.curated = curated;
    this.queryColumns = queryColumns;
    this.indexer = indexer;
    this.retriever = retriever;
  }

  private record Gold(VerifiedQuery question, Set<String> curated, Set<String> raw) {}

  @Override
  public CurationRecallReport run(Command command, Progress progress) {
    DataSource source =
        sources
            .find(command.source())
            .orElseThrow(() -> new UnknownSourceException(command.source()));
    Curation curation =
        curations
            .published(source.name())
            .map(CurationVersion::curation)
            .orElseThrow(
                () ->
                    new IllegalArgumentException(
                        "source " + source.name() + " has no published curation to measure"));
    Map<String, String> baseSql =
        command.baseSql().isEmpty() ? shippedBaseSql.apply(source.name()) : command.baseSql();
    if (baseSql.isEmpty()) {
      throw new MissingBaseSqlException(source.name());
    }
    progress.update("reading catalogs", 0, 2);
    SchemaCatalog rawCatalog = raw.read(source);
    SchemaCatalog curatedCatalog = curated.curated(source, rawCatalog, curation);
    progress.update("reading catalogs", 2, 2);
    List<String> notes = new ArrayList<>();
    List<Gold> golds = new ArrayList<>();
    for (VerifiedQuery q : curation.approved()) {
      String base = baseSql.get(q.id());
      if (base == null) {
        notes.add(q.id() + " skipped: no base-table SQL");
        continue;
      }
      Set<String> overViews = queryColumns.columnsOf(q.sql(), curatedCatalog);
      Set<String> overBase = queryColumns.columnsOf(base, rawCatalog);
      if (overViews.isEmpty() || overBase.isEmpty()) {
        notes.add(q.id() + " skipped: no catalog column found in its SQL on one of the schemas");
        continue;
      }
      golds.add(new Gold(q, overViews, overBase));
    }
    if (golds.isEmpty()) {
      throw new IllegalArgumentException("no verified question has gold columns on both schemas");
    }
    String rawName = "bench-" + source.name() + "-raw";
    String curatedName = "bench-" + source.name() + "-curated";
    var rawIndex =
        indexer.index(
            new SchemaCatalog(rawName, rawCatalog.tables()), ElementText.ENRICHED, progress);
    indexer.index(
        new SchemaCatalog(curatedName, curatedCatalog.tables()), ElementText.ENRICHED, progress);
    List<CurationRecallReport.Row> rows = new ArrayList<>();
    for (RetrievalMode mode : command.modes()) {
      rows.add(score("raw", rawName, rawCatalog, mode, golds, command.budgets(), false, progress));
      rows.add(
          score(
              "curated",
              curatedName,
              curatedCatalog,
              mode,
              golds,
              command.budgets(),
              true,
              progress));
    }
    return new CurationRecallReport(source.name(), golds.size(), rawIndex.model(), rows, notes);
  }

  private CurationRecallReport.Row score(
      String label,
      String indexName,
      SchemaCatalog catalog,
      RetrievalMode mode,
      List<Gold> golds,
      List<Integer> budgets,
      boolean curatedGold,
      Progress progress) {
    double goldSize = 0;
    List<RecallScoring.Question> questions = new ArrayList<>();
    for (Gold g : golds) {
      Set<String> gold = curatedGold ? g.curated() : g.raw();
      goldSize += gold.size();
      questions.add(new RecallScoring.Question(g.question().question(), gold));
    }
    SortedMap<Integer, Double> recall =
        RecallScoring.meanRecall(
            retriever,
            indexName,
            mode,
            questions,
            budgets,
            "retrieving " + label + " " + mode.label(),
            progress);
    return new CurationRecallReport.Row(
        label,
        mode.label(),
        catalog.tables().size(),
        catalog.columnCount(),
        goldSize / golds.size(),
        recall);
  }
}
