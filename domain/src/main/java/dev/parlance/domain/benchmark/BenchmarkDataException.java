package dev.parlance.domain.benchmark;

import java.nio.file.Path;

/** Benchmark data that cannot be used: a missing or malformed file, named with its problem. */
public final class BenchmarkDataException extends RuntimeException {
  public BenchmarkDataException(Path file, String problem) {
    super(file + ": " + problem);
  }

  public BenchmarkDataException(Path file, String problem, Throwable cause) {
    super(file + ": " + problem, cause);
  }
}
