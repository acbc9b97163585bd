package dev.parlance.adapters.index.lucene;

import dev.parlance.adapters.index.SchemaIndex;
import dev.parlance.adapters.index.SearchIndexes;
import dev.parlance.adapters.index.ValueIndex;
import java.nio.file.Path;
import java.util.OptionalLong;
import org.apache.lucene.store.ByteBuffersDirectory;

/** The one place that opens embedded Lucene indexes. */
public final class LuceneIndexes {
  private LuceneIndexes() {}

  /** Both schema ports over one index directory; close it when done. */
  public interface SchemaIndexFile extends SchemaIndex, AutoCloseable {
    @Override
    void close();
  }

  /** Distinct column values, searched by character trigrams; close it when done. */
  public interface ValueIndexFile extends ValueIndex, AutoCloseable {
    @Override
    void close();
  }

  /**
   * The schema and value indexes of one installation, each in its own directory: values change with
   * the data, the schema with the structure, so each is rebuilt on its own. Each directory is
   * opened on first use.
   */
  public static SearchIndexes open(Path schemaDirectory, Path valueDirectory) {
    return new SearchIndexes() {
      private SchemaIndexFile schema;
      private ValueIndexFile values;

      @Override
      public synchronized SchemaIndexFile schema() {
        if (schema == null) {
          schema = open(schemaDirectory);
        }
        return schema;
      }

      @Override
      public synchronized ValueIndexFile values() {
        if (values == null) {
          values = openValues(valueDirectory);
        }
        return values;
      }

      @Override
      public Footprint footprint() {
        LuceneSchemaIndexAdapter opened = (LuceneSchemaIndexAdapter) schema();
        return new Footprint(
            LuceneStore.diskBytes(schemaDirectory) + LuceneStore.diskBytes(valueDirectory),
            opened.documents(),
            OptionalLong.empty());
      }

      @Override
      public synchronized void close() {
        if (schema != null) {
          schema.close();
          schema = null;
        }
        if (values != null) {
          values.close();
          values = null;
        }
      }
    };
  }

  public static ValueIndexFile openValues(Path directory) {
    return new LuceneValueIndexAdapter(directory);
  }

  public static ValueIndexFile inMemoryValues() {
    return new LuceneValueIndexAdapter();
  }

  public static SchemaIndexFile open(Path directory) {
    return new LuceneSchemaIndexAdapter(directory);
  }

  public static SchemaIndexFile inMemory() {
    return new LuceneSchemaIndexAdapter(new ByteBuffersDirectory());
  }
}
