package dev.parlance.deploy.wiring;

import dev.parlance.adapters.index.SchemaIndex;
import dev.parlance.adapters.index.SearchIndexes;
import dev.parlance.application.benchmark.IndexScaleBenchmarkReport;
import dev.parlance.application.benchmark.IndexScaleBenchmarkService;
import dev.parlance.application.benchmark.IndexScaleBenchmarkUseCase;
import dev.parlance.application.retrieval.IndexSchemaService;
import dev.parlance.application.retrieval.RetrievalSettings;
import dev.parlance.application.retrieval.RetrieveSchemaService;
import dev.parlance.domain.benchmark.LoadRetrievalBenchmarkPort;
import dev.parlance.domain.retrieval.EmbedTextPort;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.enterprise.inject.Produces;
import java.util.Optional;

/**
 * {@code bench index-scale} (docs/design/scale.md): its synthetic sources go into indexes of its
 * own, opened for the run and deleted after it (unless kept), never into the installation's.
 */
@ApplicationScoped
public class ScaleProducers {

  /** Where the benchmark's own indexes are: a folder under the home, or a prefix on OpenSearch. */
  static final String SCRATCH = "bench-index-scale";

  @Produces
  @ApplicationScoped
  IndexScaleBenchmarkUseCase indexScaleBenchmark(
      IndexSettings settings, LoadRetrievalBenchmarkPort benchmarks, EmbedTextPort embedder) {
    return (command, progress) -> {
      IndexScaleBenchmarkReport report;
      try (SearchIndexes scratch = settings.openScratch(SCRATCH)) {
        SchemaIndex index = scratch.schema();
        report =
            new IndexScaleBenchmarkService(
                    new IndexScaleBenchmarkService.Ports(
                        benchmarks,
                        new IndexSchemaService(embedder, index),
                        embedder,
                        index,
                        index,
                        index,
                        scratch,
                        new RetrieveSchemaService(
                            embedder, index, Optional.empty(), RetrievalSettings.defaults())))
                .run(command, progress);
      }
      if (!command.keep()) {
        settings.dropScratch(SCRATCH);
      }
      return report;
    };
  }
}
