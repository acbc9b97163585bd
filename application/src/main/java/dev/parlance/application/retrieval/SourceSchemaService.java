package dev.parlance.application.retrieval;

import dev.parlance.application.retrieval.IndexSchemaUseCase.IndexReport;
import dev.parlance.domain.catalog.ReadCatalogPort;
import dev.parlance.domain.catalog.SchemaCatalog;
import dev.parlance.domain.curation.PublishedCurationPort;
import dev.parlance.domain.curation.VerifiedQuery;
import dev.parlance.domain.retrieval.ElementText;
import dev.parlance.domain.retrieval.EmbedTextPort;
import dev.parlance.domain.retrieval.IndexSchemaPort;
import dev.parlance.domain.retrieval.QueryColumnsPort;
import dev.parlance.domain.retrieval.RetrievalMode;
import dev.parlance.domain.retrieval.SchemaElement;
import dev.parlance.domain.source.DataSource;
import dev.parlance.domain.source.DataSourcesPort;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.Set;

/**
 * Indexes configured sources from their catalogs (curated ones as their published views) and
 * searches them; a source's approved verified questions are indexed with it.
 */
public final class SourceSchemaService implements SourceSchemaUseCase {

  private final DataSourcesPort sources;
  private final ReadCatalogPort catalogs;
  private final IndexSchemaUseCase indexer;
  private final IndexSchemaPort index;
  private final EmbedTextPort embedder;
  private final RetrieveSchemaUseCase retriever;
  private final PublishedCurationPort curations;
  private final QueryColumnsPort queryColumns;

  public SourceSchemaService(
      DataSourcesPort sources,
      ReadCatalogPort catalogs,
      IndexSchemaUseCase indexer,
      IndexSchemaPort index,
      EmbedTextPort embedder,
      RetrieveSchemaUseCase retriever) {
    this(
        sources,
        catalogs,
        indexer,
        index,
        embedder,
        retriever,
        PublishedCurationPort.none(),
        (sql, catalog) -> Set.of());
  }

  /**
   * @param curations the published curations, whose approved verified questions are indexed too
   * @param queryColumns finds the columns a verified question's SQL reads (its links)
   */
  public SourceSchemaService(
      DataSourcesPort sources,
      ReadCatalogPort catalogs,
      IndexSchemaUseCase indexer,
      IndexSchemaPort index,
      EmbedTextPort embedder,
      RetrieveSchemaUseCase retriever,
      PublishedCurationPort curations,
      QueryColumnsPort queryColumns) {
    this.sources = sources;
    this.catalogs = catalogs;
    this.indexer = indexer;
    this.index = index;
    this.embedder = embedder;
    this.retriever = retriever;
    this.curations = curations;
    this.queryColumns = queryColumns;
  }

  @Override
  public IndexReport index(String source, Progress progress) {
    DataSource found = sources.find(source).orElseThrow(() -> new UnknownSourceException(source));
    progress.update("reading catalog", 0, 1);
    SchemaCatalog catalog = catalogs.read(found);
    progress.update("reading catalog", 1, 1);
    return indexer.index(catalog, verifiedQuestions(catalog), ElementText.ENRICHED, progress);
  }

  /** The source's approved verified questions as elements, linked to the columns they read. */
  private List<SchemaElement> verifiedQuestions(SchemaCatalog catalog) {
    List<SchemaElement> out = new ArrayList<>();
    curations
        .published(catalog.source())
        .ifPresent(
            v -> {
              for (VerifiedQuery q : v.curation().approved()) {
                Set<String> columns;
                try {
                  columns = queryColumns.columnsOf(q.sql(), catalog);
                } catch (IllegalArgumentException e) {
                  columns = Set.of();
                }
                out.add(SchemaElement.verified(q.id(), q.question(), q.sql(), columns));
              }
            });
    return out;
  }

  @Override
  public Result search(
      String source, String question, RetrievalMode mode, int budget, Progress progress) {
    if (sources.find(source).isEmpty()) {
      throw new UnknownSourceException(source);
    }
    Optional<IndexReport> indexed = Optional.empty();
    // A lexical index alone is current too: its vectors are being computed (a server's build under
    // way), and retrieval ranks by words until they land rather than building a second time here.
    boolean current =
        index
            .status(source)
            .map(
                s ->
                    s.model().equals(embedder.modelName())
                        || s.model().equals(IndexSchemaPort.LEXICAL_ONLY))
            .orElse(false);
    if (!current) {
      indexed = Optional.of(index(source, progress));
    }
    SchemaSelection selection =
        retriever.retrieve(RetrievalQuery.of(source, question, mode, budget));
    return new Result(selection, indexed);
  }
}
