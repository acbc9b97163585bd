package dev.parlance.application.benchmark;

import dev.parlance.application.retrieval.Progress;
import java.nio.file.Path;
import java.util.Objects;
import java.util.OptionalInt;

/**
 * Measures an index at a scale one machine cannot fake with real schemas: many synthetic sources
 * derived from SocialDB, their ingest throughput, search latency and footprint.
 */
public interface IndexScaleBenchmarkUseCase {

  IndexScaleBenchmarkReport run(Command command, Progress progress);

  /**
   * @param dataDir the folder holding {@code crush4sql/socialdb/}
   * @param sources how many synthetic sources to build (53 make a million column vectors)
   * @param columnsPerSource SocialDB's first tables up to this many columns (empty: all of it)
   * @param keep whether the synthetic sources stay indexed afterwards
   */
  record Command(Path dataDir, int sources, OptionalInt columnsPerSource, boolean keep) {
    public Command {
      Objects.requireNonNull(dataDir, "dataDir");
      if (sources < 1) {
        throw new IllegalArgumentException("--sources must be at least 1");
      }
      Objects.requireNonNull(columnsPerSource, "columnsPerSource");
      if (columnsPerSource.isPresent() && columnsPerSource.getAsInt() < 1) {
        throw new IllegalArgumentException("--columns must be at least 1");
      }
    }
  }
}
