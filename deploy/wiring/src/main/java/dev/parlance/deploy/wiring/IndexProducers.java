package dev.parlance.deploy.wiring;

import dev.parlance.adapters.index.lucene.LuceneIndexes;
import dev.parlance.adapters.llm.embedding.EmbeddingModelChoice;
import dev.parlance.adapters.llm.embedding.OnnxEmbeddings;
import dev.parlance.application.retrieval.RecentEmbeddings;
import dev.parlance.domain.retrieval.EmbedTextPort;
import dev.parlance.domain.retrieval.IndexSchemaPort;
import dev.parlance.domain.retrieval.SearchSchemaPort;
import dev.parlance.domain.values.IndexValuesPort;
import dev.parlance.domain.values.SearchValuesPort;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.enterprise.inject.Disposes;
import jakarta.enterprise.inject.Produces;
import jakarta.enterprise.inject.Typed;
import jakarta.inject.Singleton;

/**
 * The indexes (adapters-index: embedded Lucene under the home) and the embedding model that fills
 * and searches them (adapters-llm: in-process ONNX), opened on first use.
 */
@ApplicationScoped
public class IndexProducers {

  @Produces
  @Singleton
  @Typed(LuceneIndexes.SchemaIndex.class)
  LuceneIndexes.SchemaIndex schemaIndex(ParlanceSettings settings) {
    return LuceneIndexes.open(settings.home().index());
  }

  void close(@Disposes LuceneIndexes.SchemaIndex index) {
    index.close();
  }

  /** Distinct values of the sources' text columns, beside the schema index (docs/ask.md). */
  @Produces
  @Singleton
  @Typed(LuceneIndexes.ValueIndex.class)
  LuceneIndexes.ValueIndex valueIndex(ParlanceSettings settings) {
    return LuceneIndexes.openValues(settings.home().valueIndex());
  }

  void close(@Disposes LuceneIndexes.ValueIndex index) {
    index.close();
  }

  @Produces
  @ApplicationScoped
  IndexSchemaPort indexSchema(LuceneIndexes.SchemaIndex index) {
    return index;
  }

  @Produces
  @ApplicationScoped
  SearchSchemaPort searchSchema(LuceneIndexes.SchemaIndex index) {
    return index;
  }

  @Produces
  @ApplicationScoped
  IndexValuesPort indexValues(LuceneIndexes.ValueIndex index) {
    return index;
  }

  @Produces
  @ApplicationScoped
  SearchValuesPort searchValues(LuceneIndexes.ValueIndex index) {
    return index;
  }

  /**
   * The configured embedding model; questions embedded ahead of need are found among the recent.
   */
  @Produces
  @ApplicationScoped
  EmbedTextPort embedder(ParlanceSettings settings) {
    return new RecentEmbeddings(
        OnnxEmbeddings.create(EmbeddingModelChoice.parse(settings.embeddingModel())));
  }
}
