package dev.parlance.deploy.wiring;

import dev.parlance.adapters.index.SearchIndexes;
import dev.parlance.adapters.llm.embedding.EmbeddingModelChoice;
import dev.parlance.adapters.llm.embedding.OnnxEmbeddings;
import dev.parlance.application.retrieval.RecentEmbeddings;
import dev.parlance.domain.retrieval.EmbedTextPort;
import dev.parlance.domain.retrieval.IndexSchemaPort;
import dev.parlance.domain.retrieval.SearchAllSourcesPort;
import dev.parlance.domain.retrieval.SearchSchemaPort;
import dev.parlance.domain.values.IndexValuesPort;
import dev.parlance.domain.values.SearchValuesPort;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.enterprise.inject.Disposes;
import jakarta.enterprise.inject.Produces;
import jakarta.enterprise.inject.Typed;
import jakarta.inject.Singleton;

/**
 * The indexes (adapters-index: embedded Lucene under the home, or OpenSearch, as {@code
 * parlance.index} says; {@link IndexSettings}) and the embedding model that fills and searches them
 * (adapters-llm: in-process ONNX, its document embeddings cached under the home), opened on first
 * use.
 */
@ApplicationScoped
public class IndexProducers {

  @Produces
  @Singleton
  @Typed(IndexSettings.class)
  IndexSettings indexSettings(ParlanceSettings settings) {
    return new IndexSettings(settings);
  }

  @Produces
  @Singleton
  @Typed(SearchIndexes.class)
  SearchIndexes indexes(IndexSettings settings) {
    return settings.open();
  }

  void close(@Disposes SearchIndexes indexes) {
    indexes.close();
  }

  @Produces
  @ApplicationScoped
  IndexSchemaPort indexSchema(SearchIndexes indexes) {
    return indexes.schema();
  }

  @Produces
  @ApplicationScoped
  SearchSchemaPort searchSchema(SearchIndexes indexes) {
    return indexes.schema();
  }

  /** Every source at once (a portal-wide search; bench index-scale measures it). */
  @Produces
  @ApplicationScoped
  SearchAllSourcesPort searchAllSources(SearchIndexes indexes) {
    return indexes.schema();
  }

  /** Distinct values of the sources' text columns, beside the schema index (docs/design/ask.md). */
  @Produces
  @ApplicationScoped
  IndexValuesPort indexValues(SearchIndexes indexes) {
    return indexes.values();
  }

  @Produces
  @ApplicationScoped
  SearchValuesPort searchValues(SearchIndexes indexes) {
    return indexes.values();
  }

  /**
   * The configured embedding model; document embeddings are remembered by model and text (unless
   * {@code parlance.embedding.cache=false}), and questions embedded ahead of need are found among
   * the recent.
   */
  @Produces
  @ApplicationScoped
  EmbedTextPort embedder(ParlanceSettings settings, IndexSettings indexes) {
    EmbedTextPort model =
        OnnxEmbeddings.create(EmbeddingModelChoice.parse(settings.embeddingModel()));
    if (indexes.embeddingCache()) {
      model = OnnxEmbeddings.cached(model, settings.home().embeddingCache());
    }
    return new RecentEmbeddings(model);
  }
}
