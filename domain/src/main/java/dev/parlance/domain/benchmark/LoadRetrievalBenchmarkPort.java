package dev.parlance.domain.benchmark;

import java.nio.file.Path;
import java.util.Optional;

/** Reads a retrieval benchmark from a folder laid out like the shared benchmark data. */
@FunctionalInterface
public interface LoadRetrievalBenchmarkPort {

  /**
   * @param dataDir the folder holding {@code crush4sql/}, {@code spider/} and {@code bird/}
   * @param questionsFile questions to use instead of the dataset's own, in the dataset's format
   * @throws BenchmarkDataException naming the file and the problem when the data is unusable
   */
  RetrievalBenchmark load(RetrievalDataset dataset, Path dataDir, Optional<Path> questionsFile);
}
