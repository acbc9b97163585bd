package dev.parlance.adapters.index.lucene;

import dev.parlance.domain.values.SearchValuesPortContract;
import java.nio.file.Path;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.io.TempDir;

class LuceneValueIndexAdapterTest extends SearchValuesPortContract {

  @TempDir Path directory;
  private LuceneIndexes.ValueIndexFile index;

  @Override
  protected LuceneIndexes.ValueIndexFile newIndex() {
    index = LuceneIndexes.openValues(directory);
    return index;
  }

  @AfterEach
  void closeIndex() {
    index.close();
  }
}
