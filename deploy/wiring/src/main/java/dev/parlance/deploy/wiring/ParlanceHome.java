package dev.parlance.deploy.wiring;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Optional;

/**
 * Where one installation keeps everything it writes: {@code $PARLANCE_HOME}, by default {@code
 * ~/.parlance}. Two installations with different homes never share a file.
 */
public record ParlanceHome(Path root) {

  /**
   * The configured home ({@code parlance.home}, {@code PARLANCE_HOME}), else {@code ~/.parlance}.
   */
  public static ParlanceHome of(Optional<String> configured) {
    Path root =
        configured
            .filter(c -> !c.isBlank())
            .map(Path::of)
            .orElseGet(() -> Path.of(System.getProperty("user.home"), ".parlance"));
    return new ParlanceHome(root.toAbsolutePath().normalize());
  }

  /** The embedded search index. */
  public Path index() {
    return directory("index");
  }

  /** The embedded index of column values, beside the schema index. */
  public Path valueIndex() {
    return directory("index-values");
  }

  /** Document embeddings by model and text, so that re-indexing embeds only what changed. */
  public Path embeddingCache() {
    return directory("embeddings");
  }

  /** Databases Parlance generates, such as the demo. */
  public Path databases() {
    return directory("databases");
  }

  /** Parlance's own metadata store. */
  public Path metadata() {
    return directory("metadata");
  }

  /** Pipeline runs over benchmarks ({@code bench e2e}): one folder per run, a log per strategy. */
  public Path benchRuns() {
    return directory("bench-runs");
  }

  /** Diagnostics that are not for the user's terminal. */
  public Path logs() {
    return directory("logs");
  }

  private Path directory(String name) {
    Path dir = root.resolve(name);
    try {
      Files.createDirectories(dir);
    } catch (IOException e) {
      throw new UncheckedIOException("cannot create " + dir + ": " + e.getMessage(), e);
    }
    return dir;
  }
}
