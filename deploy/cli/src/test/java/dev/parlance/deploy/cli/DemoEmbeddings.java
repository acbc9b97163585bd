package dev.parlance.deploy.cli;

import dev.parlance.adapters.db.testing.DemoFixture;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.channels.FileChannel;
import java.nio.channels.FileLock;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.nio.file.StandardOpenOption;
import java.util.Map;
import java.util.stream.Stream;

/**
 * The demo's document embeddings, made once per build beside the generated demo database ({@link
 * DemoFixture}) and copied into the fresh homes of tests that index the demo: the schema index's
 * cache ({@code embeddings/}), as the first {@code schema index --source demo} of a home writes it.
 * Each fresh home would otherwise embed the demo's 613 texts again, seconds of CPU each. The cache
 * is keyed by model and text, so the copy changes no vector: a text it lacks (another model, a
 * changed catalog) is embedded as before, and the index is still built by each home.
 */
public final class DemoEmbeddings {

  private DemoEmbeddings() {}

  /** Puts the demo's embeddings into {@code home}, unless the home was started already. */
  public static void placeInto(Path home) {
    Path target = home.resolve("embeddings");
    if (Files.exists(home.resolve("metadata")) || Files.exists(target)) {
      return;
    }
    try {
      Files.createDirectories(target);
      try (Stream<Path> files = Files.list(made())) {
        for (Path file : files.toList()) {
          Files.copy(file, target.resolve(file.getFileName()));
        }
      }
    } catch (IOException e) {
      throw new UncheckedIOException("cannot copy the demo's embeddings into " + home, e);
    }
  }

  /** The folder of the demo's embeddings for this build (made on first use, by one JVM at once). */
  private static synchronized Path made() throws IOException {
    Path demo = DemoFixture.generated();
    Path made = demo.resolveSibling("embeddings");
    if (Files.isDirectory(made)) {
      return made;
    }
    // The module's test JVMs start together: one makes it while the others wait for it.
    try (FileChannel channel =
            FileChannel.open(
                demo.resolveSibling("embeddings.lock"),
                StandardOpenOption.CREATE,
                StandardOpenOption.WRITE);
        FileLock ignored = channel.lock()) {
      if (!Files.isDirectory(made)) {
        make(made);
      }
      return made;
    }
  }

  private static void make(Path made) throws IOException {
    Path scratch = Files.createTempDirectory(made.getParent(), "embedding-");
    try {
      Path home = scratch.resolve("home");
      DemoFixture.placeInto(home);
      try (ParlanceContainer components = CliRun.containerGeneratingTheDemo(home, Map.of())) {
        CliRun index = CliRun.of(components, "schema", "index", "--source", "demo");
        if (index.exitCode() != 0) {
          throw new IllegalStateException("schema index of the demo failed: " + index.err());
        }
      }
      // Whole or absent.
      Files.move(home.resolve("embeddings"), made, StandardCopyOption.ATOMIC_MOVE);
    } finally {
      FaultSuite.deleteTree(scratch);
    }
  }
}
