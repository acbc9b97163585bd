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

  public static SchemaIndex open(Path directory) {
    return new LuceneSchemaIndexAdapter(directory);
  }

  public static SchemaIndex inMemory() {
    return new LuceneSchemaIndexAdapter(new ByteBuffersDirectory());
  }
}
