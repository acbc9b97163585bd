package dev.parlance.domain.evaluation;

import java.nio.file.Path;

/** Reads an execution-accuracy benchmark from a folder laid out like the shared benchmark data. */
@FunctionalInterface
public interface LoadEvaluationBenchmarkPort {

  /**
   * @param dataDir the folder holding {@code spider/} and {@code bird/}
   * @throws dev.parlance.domain.benchmark.BenchmarkDataException naming the file and the problem
   *     when the data is unusable; a missing database is not an error but is listed
   */
  EvaluationBenchmark load(EvaluationDataset dataset, Path dataDir);
}
