package dev.parlance.domain.benchmark;

import static org.junit.jupiter.api.Assumptions.assumeTrue;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Optional;

/**
 * Finds the shared benchmark data (never copied into the repository): the folder named by {@code
 * PARLANCE_BENCHMARK_DATA}, else the first {@code shared/data} folder found walking up from the
 * working directory. Tests that need it skip when it is absent.
 */
public final class SharedBenchmarkData {
  public static final String VARIABLE = "PARLANCE_BENCHMARK_DATA";

  private SharedBenchmarkData() {}

  public static Optional<Path> find() {
    String configured = System.getenv(VARIABLE);
    if (configured != null && !configured.isBlank()) {
      Path dir = Path.of(configured);
      return Files.isDirectory(dir) ? Optional.of(dir) : Optional.empty();
    }
    for (Path dir = Path.of("").toAbsolutePath(); dir != null; dir = dir.getParent()) {
      Path candidate = dir.resolve("shared").resolve("data");
      if (Files.isDirectory(candidate)) {
        return Optional.of(candidate);
      }
    }
    return Optional.empty();
  }

  /** The data folder, or the calling test is skipped. */
  public static Path require() {
    Optional<Path> dir = find();
    assumeTrue(dir.isPresent(), "no shared benchmark data (set " + VARIABLE + ")");
    return dir.get();
  }

  /** A file or folder inside the data, or the calling test is skipped when it is absent. */
  public static Path require(String relative) {
    Path path = require().resolve(relative);
    assumeTrue(Files.exists(path), "shared benchmark data lacks " + relative);
    return path;
  }
}
