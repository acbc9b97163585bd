package dev.parlance.adapters.index.lucene;

import dev.parlance.domain.retrieval.SearchSchemaPortContract;
import java.nio.file.Path;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.io.TempDir;

class LuceneSchemaIndexAdapterTest extends SearchSchemaPortContract {

  @TempDir Path directory;
  private LuceneIndexes.SchemaIndexFile index;

  @Override
  protected LuceneIndexes.SchemaIndexFile newIndex() {
    index = LuceneIndexes.open(directory);
    return index;
  }

  @Override
  protected Class<? extends RuntimeException> failure() {
    return IndexFailedException.class;
  }

  @AfterEach
  void closeIndex() {
    index.close();
  }
}
