package dev.parlance.adapters.index;

import dev.parlance.domain.retrieval.IndexFootprintPort;

/**
 * An installation's indexes, embedded (Lucene under PARLANCE_HOME) or on a cluster (OpenSearch),
 * behind the same ports. {@code LuceneIndexes} and {@code OpenSearchIndexes} make one; close it
 * when done.
 */
public interface SearchIndexes extends IndexFootprintPort, AutoCloseable {

  /** Schema elements (tables, columns, verified questions) of every source. */
  SchemaIndex schema();

  /** Distinct values of the sources' text columns. */
  ValueIndex values();

  @Override
  void close();
}
