package dev.parlance.adapters.index.opensearch;

import dev.parlance.adapters.index.SearchIndexes;
import dev.parlance.adapters.index.testing.OpenSearchServer;
import dev.parlance.domain.retrieval.IndexSchemaPort;
import dev.parlance.domain.retrieval.SearchSchemaPortContract;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.UUID;
import org.junit.jupiter.api.AfterEach;

/** The schema index contract on a real OpenSearch node with the k-NN plugin. */
class OpenSearchSchemaIndexIT extends SearchSchemaPortContract {

  private final List<SearchIndexes> opened = new ArrayList<>();

  @Override
  protected IndexSchemaPort newIndex() {
    // A prefix of its own keeps each test's sources apart on the shared node.
    return open(OpenSearchServer.shared().url()).schema();
  }

  @Override
  protected Optional<IndexSchemaPort> unreachableIndex() {
    return Optional.of(open(OpenSearchServer.deadUrl()).schema());
  }

  @Override
  protected Class<? extends RuntimeException> failure() {
    return OpenSearchFailedException.class;
  }

  private SearchIndexes open(String url) {
    SearchIndexes indexes =
        OpenSearchIndexes.connect(
            OpenSearchIndexes.Connection.to(url)
                .withPrefix("t" + UUID.randomUUID().toString().substring(0, 8)));
    opened.add(indexes);
    return indexes;
  }

  @AfterEach
  void close() {
    opened.forEach(SearchIndexes::close);
  }
}
