package dev.parlance.application.source;

import dev.parlance.application.retrieval.IndexSchemaUseCase.IndexReport;
import dev.parlance.application.retrieval.Progress;
import dev.parlance.application.retrieval.SourceSchemaUseCase;
import dev.parlance.domain.catalog.SchemaCatalog;
import dev.parlance.domain.governance.GovernancePoliciesPort;
import dev.parlance.domain.governance.GovernancePolicy;
import dev.parlance.domain.retrieval.EmbedTextPort;
import dev.parlance.domain.retrieval.EmbeddingVector;
import dev.parlance.domain.retrieval.IndexSchemaPort;
import dev.parlance.domain.retrieval.IndexedElement;
import dev.parlance.domain.retrieval.RetrievalMode;
import dev.parlance.domain.source.DataSource;
import dev.parlance.domain.source.DataSourcesPort;
import dev.parlance.domain.values.ColumnValue;
import dev.parlance.domain.values.IndexValuesPort;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;

/** In-memory ports for the source use cases' tests. */
final class SourceFakes {

  private SourceFakes() {}

  static final class Sources implements DataSourcesPort {
    final Map<String, DataSource> byName = new ConcurrentHashMap<>();

    @Override
    public Optional<DataSource> find(String name) {
      return Optional.ofNullable(byName.get(name));
    }

    @Override
    public List<DataSource> all() {
      return new ArrayList<>(byName.values());
    }

    @Override
    public void save(DataSource source) {
      byName.put(source.name(), source);
    }

    @Override
    public boolean remove(String name) {
      return byName.remove(name) != null;
    }
  }

  static final class Policies implements GovernancePoliciesPort {
    final Map<String, List<GovernancePolicy>> versions = new ConcurrentHashMap<>();

    @Override
    public Optional<GovernancePolicy> current(String source) {
      List<GovernancePolicy> all = versions.getOrDefault(source, List.of());
      return all.isEmpty() ? Optional.empty() : Optional.of(all.getLast());
    }

    @Override
    public List<GovernancePolicy> history(String source) {
      return versions.getOrDefault(source, List.of());
    }

    @Override
    public GovernancePolicy publish(GovernancePolicy draft, String steward) {
      List<GovernancePolicy> all = versions.computeIfAbsent(draft.source(), s -> new ArrayList<>());
      GovernancePolicy published = draft.published(all.size() + 1, steward, Instant.EPOCH);
      all.add(published);
      return published;
    }
  }

  /** The schema and value indexes, with the model that built each source's schema index. */
  static final class Indexes implements IndexSchemaPort, IndexValuesPort {
    final Map<String, String> schemaModel = new ConcurrentHashMap<>();
    final Map<String, Integer> values = new ConcurrentHashMap<>();

    @Override
    public void replace(String source, String model, List<IndexedElement> elements) {
      schemaModel.put(source, model);
    }

    @Override
    public void remove(String source) {
      schemaModel.remove(source);
    }

    @Override
    public Optional<IndexStatus> status(String source) {
      return Optional.ofNullable(schemaModel.get(source)).map(m -> new IndexStatus(source, m, 1));
    }

    @Override
    public void replace(String source, List<ColumnValue> list) {
      values.put(source, list.size());
    }

    @Override
    public Optional<Integer> count(String source) {
      return Optional.ofNullable(values.get(source));
    }
  }

  /**
   * Schema indexing that reports progress, can be held at its start (to see a build under way) and
   * can fail.
   */
  static final class SchemaIndexing implements SourceSchemaUseCase {
    final Indexes indexes;
    final List<String> indexed = new java.util.concurrent.CopyOnWriteArrayList<>();
    volatile CountDownLatch hold = new CountDownLatch(0);
    final CountDownLatch started = new CountDownLatch(1);
    volatile RuntimeException failure;

    SchemaIndexing(Indexes indexes) {
      this.indexes = indexes;
    }

    volatile boolean lexicalFirst;

    @Override
    public IndexReport index(String source, Progress progress) {
      if (lexicalFirst) {
        progress.update(dev.parlance.application.retrieval.IndexSchemaService.LEXICAL_READY, 1, 1);
      }
      progress.update("embedding", 1, 4);
      started.countDown();
      try {
        if (!hold.await(10, TimeUnit.SECONDS)) {
          throw new IllegalStateException("held too long");
        }
      } catch (InterruptedException e) {
        Thread.currentThread().interrupt();
      }
      if (failure != null) {
        throw failure;
      }
      indexed.add(source);
      indexes.replace(source, MODEL, List.of());
      progress.update("embedding", 4, 4);
      return new IndexReport(source, 1, 1, MODEL, 1);
    }

    @Override
    public Result search(
        String source, String question, RetrievalMode mode, int budget, Progress progress) {
      throw new UnsupportedOperationException();
    }
  }

  static final String MODEL = "fake-model";

  static EmbedTextPort embedder() {
    return new EmbedTextPort() {
      @Override
      public List<EmbeddingVector> embedDocuments(List<String> texts) {
        return texts.stream().map(t -> EmbeddingVector.of(new float[] {1f})).toList();
      }

      @Override
      public List<EmbeddingVector> embedQueries(List<String> texts) {
        return embedDocuments(texts);
      }

      @Override
      public String modelName() {
        return MODEL;
      }
    };
  }

  static SchemaCatalog emptyCatalog(DataSource source) {
    return new SchemaCatalog(source.name(), List.of());
  }
}
