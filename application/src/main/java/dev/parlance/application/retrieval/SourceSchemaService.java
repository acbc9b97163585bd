package dev.parlance.application.retrieval;

import dev.parlance.application.retrieval.IndexSchemaUseCase.IndexReport;
import dev.parlance.domain.catalog.ReadCatalogPort;
import dev.parlance.domain.catalog.SchemaCatalog;
import dev.parlance.domain.retrieval.ElementText;
import dev.parlance.domain.retrieval.EmbedTextPort;
import dev.parlance.domain.retrieval.IndexSchemaPort;
import dev.parlance.domain.retrieval.RetrievalMode;
import dev.parlance.domain.source.DataSource;
import dev.parlance.domain.source.DataSourcesPort;
import java.util.Optional;

/** Indexes configured sources from their live catalogs and searches them. */
public final class SourceSchemaService implements SourceSchemaUseCase {

  private final DataSourcesPort sources;
  private final ReadCatalogPort catalogs;
  private final IndexSchemaUseCase indexer;
  private final IndexSchemaPort index;
  private final EmbedTextPort embedder;
  private final RetrieveSchemaUseCase retriever;

  public SourceSchemaService(
      DataSourcesPort sources,
      ReadCatalogPort catalogs,
      IndexSchemaUseCase indexer,
      IndexSchemaPort index,
      EmbedTextPort embedder,
      RetrieveSchemaUseCase retriever) {
    this.sources = sources;
    this.catalogs = catalogs;
    this.indexer = indexer;
    this.index = index;
    this.embedder = embedder;
    this.retriever = retriever;
  }

  @Override
  public IndexReport index(String source, Progress progress) {
    DataSource found = sources.find(source).orElseThrow(() -> new UnknownSourceException(source));
    progress.update("reading catalog", 0, 1);
    SchemaCatalog catalog = catalogs.read(found);
    progress.update("reading catalog", 1, 1);
    return indexer.index(catalog, ElementText.ENRICHED, progress);
  }

  @Override
  public Result search(
      String source, String question, RetrievalMode mode, int budget, Progress progress) {
    if (sources.find(source).isEmpty()) {
      throw new UnknownSourceException(source);
    }
    Optional<IndexReport> indexed = Optional.empty();
    boolean current =
        index.status(source).map(s -> s.model().equals(embedder.modelName())).orElse(false);
    if (!current) {
      indexed = Optional.of(index(source, progress));
    }
    SchemaSelection selection =
        retriever.retrieve(RetrievalQuery.of(source, question, mode, budget));
    return new Result(selection, indexed);
  }
}
