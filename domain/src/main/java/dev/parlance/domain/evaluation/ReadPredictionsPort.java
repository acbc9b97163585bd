package dev.parlance.domain.evaluation;

import java.nio.file.Path;

/**
 * Reads a prediction file and aligns it with a benchmark's questions: Spider style (one SQL per
 * line in question order, optionally followed by a tab and the database id) or BIRD style (a JSON
 * object {@code {"0": "SQL\t----- bird -----\tdb_id", …}}).
 */
@FunctionalInterface
public interface ReadPredictionsPort {

  /**
   * @throws dev.parlance.domain.benchmark.BenchmarkDataException when the file cannot be read or
   *     does not line up with the questions (saying where)
   */
  Predictions read(Path file, EvaluationBenchmark benchmark);
}
