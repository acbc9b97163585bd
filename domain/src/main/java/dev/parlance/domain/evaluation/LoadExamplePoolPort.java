package dev.parlance.domain.evaluation;

import dev.parlance.domain.question.VerifiedExample;
import java.nio.file.Path;
import java.util.List;

/**
 * Reads a declared example pool from a folder laid out like the shared benchmark data: question and
 * SQL pairs a benchmark run may show as few-shot examples (RB-SQL §4.3.1's training set).
 */
@FunctionalInterface
public interface LoadExamplePoolPort {

  /** The pools there are: {@code spider-train} reads {@code spider/train_spider_min.json}. */
  List<String> POOLS = List.of("spider-train");

  /**
   * @throws IllegalArgumentException for a pool that is not one of {@link #POOLS}
   * @throws dev.parlance.domain.benchmark.BenchmarkDataException naming the file and the problem
   *     when the pool's file is missing or unusable
   */
  List<VerifiedExample> load(String pool, Path dataDir);
}
