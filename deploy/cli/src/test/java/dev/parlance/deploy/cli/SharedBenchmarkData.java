package dev.parlance.deploy.cli;

import static org.junit.jupiter.api.Assumptions.assumeTrue;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Optional;

/**
 * Finds the shared benchmark data as the domain's test fixture of the same name does: the folder
 * named by {@code PARLANCE_BENCHMARK_DATA}, else the first {@code shared/data} folder walking up
 * from the working directory. (A copy, because putting the domain's test-jar on this module's
 * classpath would put test classes under the architecture rules.)
 */
final class SharedBenchmarkData {
  private SharedBenchmarkData() {}

  static Optional<Path> find() {
    String configured = System.getenv("PARLANCE_BENCHMARK_DATA");
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

  static Path require() {
    Optional<Path> dir = find();
    assumeTrue(dir.isPresent(), "no shared benchmark data (set PARLANCE_BENCHMARK_DATA)");
    return dir.get();
  }

  static Path require(String relative) {
    Path path = require().resolve(relative);
    assumeTrue(Files.exists(path), "shared benchmark data lacks " + relative);
    return path;
  }
}
