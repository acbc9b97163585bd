package dev.parlance.adapters.index.lucene;

import dev.parlance.domain.retrieval.IndexSchemaPort;
import dev.parlance.domain.retrieval.SearchSchemaPort;
import java.nio.file.Path;
import org.apache.lucene.store.ByteBuffersDirectory;

/** The one place that opens embedded Lucene indexes. */
public final class LuceneIndexes {
  private LuceneIndexes() {}

  /** Both ports over one index directory; close it when done. */
  public interface SchemaIndex extends IndexSchemaPort, SearchSchemaPort, AutoCloseable {
    @Override
    void close();
  }

  /** Distinct column values, searched by character trigrams; close it when done. */
  public interface ValueIndex
      extends dev.parlance.domain.values.IndexValuesPort,
          dev.parlance.domain.values.SearchValuesPort,
          AutoCloseable {
    @Override
    void close();
  }

  /**
   * The value index in its own directory: values change with the data, the schema with the
   * structure, so each is rebuilt on its own.
   */
  public static ValueIndex openValues(Path directory) {
    return new LuceneValueIndexAdapter(directory);
  }

  public static ValueIndex inMemoryValues() {
    return new LuceneValueIndexAdapter();
  }

  public static SchemaIndex open(Path directory) {
    return new LuceneSchemaIndexAdapter(directory);
  }

  public static SchemaIndex inMemory() {
    return new LuceneSchemaIndexAdapter(new ByteBuffersDirectory());
  }
}
