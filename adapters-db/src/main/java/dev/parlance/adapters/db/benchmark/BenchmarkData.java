package dev.parlance.adapters.db.benchmark;

import dev.parlance.domain.benchmark.LoadRetrievalBenchmarkPort;

/** The one place that builds benchmark-data readers. */
public final class BenchmarkData {
  private BenchmarkData() {}

  /** Reads CRUSH4SQL's retrieval benchmarks from a folder laid out like the shared data. */
  public static LoadRetrievalBenchmarkPort retrievalBenchmarks() {
    return new Crush4SqlBenchmarkAdapter();
  }
}
