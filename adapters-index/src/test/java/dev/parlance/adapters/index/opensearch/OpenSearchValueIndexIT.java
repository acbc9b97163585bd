package dev.parlance.adapters.index.opensearch;

import dev.parlance.adapters.index.SearchIndexes;
import dev.parlance.adapters.index.testing.OpenSearchServer;
import dev.parlance.domain.values.IndexValuesPort;
import dev.parlance.domain.values.SearchValuesPortContract;
import java.util.UUID;
import org.junit.jupiter.api.AfterEach;

/** The value index contract on a real OpenSearch node. */
class OpenSearchValueIndexIT extends SearchValuesPortContract {

  private SearchIndexes indexes;

  @Override
  protected IndexValuesPort newIndex() {
    indexes =
        OpenSearchIndexes.connect(
            OpenSearchIndexes.Connection.to(OpenSearchServer.shared().url())
                .withPrefix("v" + UUID.randomUUID().toString().substring(0, 8)));
    return indexes.values();
  }

  @AfterEach
  void close() {
    indexes.close();
  }
}
