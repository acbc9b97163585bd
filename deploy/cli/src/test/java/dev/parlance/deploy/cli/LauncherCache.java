package dev.parlance.deploy.cli;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.channels.FileChannel;
import java.nio.channels.FileLock;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.nio.file.StandardOpenOption;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.concurrent.TimeUnit;
import java.util.stream.Stream;

/**
 * The JVM options of a {@code parlance} process that the ITs start from the packaged command line
 * ({@code target/parlance/lib}), as the launcher script ({@code ./parlance}) starts one: the same
 * heap and collector, the build's options for test JVMs ({@code parlance.test.jvm}), and its
 * start-up cache, {@code target/parlance/parlance.aot} (JDK 25's ahead-of-time cache: the classes a
 * command loads, parsed and linked, and their profiles). The cache is the launcher's own file: when
 * the launcher made it after the last build, the tests use it; when it is missing or older than a
 * jar (a fresh build), the first IT that asks trains it the way the launcher does (one {@code
 * sources list} on a scratch home) and the launcher uses that one later. Dozens of processes in the
 * fault suite start in about a third of the CPU time each.
 */
public final class LauncherCache {

  private static List<String> options;

  private LauncherCache() {}

  /** The options to put before {@code -cp} on a {@code parlance} process's command line. */
  public static synchronized List<String> jvmOptions() {
    if (options == null) {
      List<String> o = new ArrayList<>(List.of("-Xmx4g", "-XX:+UseSerialGC"));
      // JVM log lines off, errors excepted, as the launcher does: they must not mix with output.
      o.addAll(List.of("-Xlog:disable", "-Xlog:all=error:stderr"));
      // The build's options for every JVM of its tests (parlance.test.jvm: the client compiler),
      // for these too: a short command took about 40 % less CPU on it, with the cache.
      String build = System.getProperty("parlance.test.jvm", "");
      if (!build.isBlank()) {
        o.addAll(List.of(build.strip().split("\\s+")));
      }
      if (Runtime.version().feature() >= 25) {
        Path cache = lib().resolveSibling("parlance.aot");
        if (!fresh(cache)) {
          train(cache);
        }
        if (Files.exists(cache)) {
          o.add("-XX:AOTCache=" + cache);
        }
      }
      options = List.copyOf(o);
    }
    return options;
  }

  private static Path lib() {
    return Path.of(System.getProperty("parlance.lib")).toAbsolutePath().normalize();
  }

  /** As the launcher decides: the cache exists and no jar of the command line is newer. */
  private static boolean fresh(Path cache) {
    if (!Files.exists(cache)) {
      return false;
    }
    try (Stream<Path> jars = Files.list(lib())) {
      long made = Files.getLastModifiedTime(cache).toMillis();
      return jars.filter(j -> j.toString().endsWith(".jar"))
          .noneMatch(j -> j.toFile().lastModified() > made);
    } catch (IOException e) {
      return false;
    }
  }

  /** One training run, as the launcher's: the JVM writes the cache aside as it ends; moved in. */
  private static void train(Path cache) {
    long begin = System.nanoTime();
    try (FileChannel channel =
            FileChannel.open(
                cache.resolveSibling("parlance.aot.lock"),
                StandardOpenOption.CREATE,
                StandardOpenOption.WRITE);
        FileLock ignored = channel.lock()) {
      if (fresh(cache)) {
        return; // another JVM trained it meanwhile
      }
      Path scratch = Files.createTempDirectory("parlance-aot-training-");
      Path aside = cache.resolveSibling("parlance.aot." + ProcessHandle.current().pid());
      try {
        List<String> command =
            new ArrayList<>(
                List.of(
                    Path.of(System.getProperty("java.home"), "bin", "java").toString(),
                    "-XX:AOTCacheOutput=" + aside,
                    "-Xlog:disable",
                    "-Xlog:all=error:stderr",
                    "-Xmx4g",
                    "-XX:+UseSerialGC",
                    "--enable-native-access=ALL-UNNAMED",
                    "-cp",
                    lib() + "/*",
                    "dev.parlance.deploy.cli.ParlanceCli",
                    "sources",
                    "list"));
        ProcessBuilder pb = new ProcessBuilder(command).redirectErrorStream(true);
        pb.environment().keySet().removeIf(k -> k.startsWith("PARLANCE_"));
        pb.environment().put("PARLANCE_HOME", scratch.toString());
        pb.redirectOutput(cache.resolveSibling("parlance.aot.training.log").toFile());
        Process p = pb.start();
        if (p.waitFor(10, TimeUnit.MINUTES) && p.exitValue() == 0 && Files.exists(aside)) {
          Files.move(
              aside, cache, StandardCopyOption.REPLACE_EXISTING, StandardCopyOption.ATOMIC_MOVE);
          System.out.printf(
              "LauncherCache: trained %s in %d s%n",
              cache, TimeUnit.NANOSECONDS.toSeconds(System.nanoTime() - begin));
        } else {
          p.destroyForcibly();
          // Without a cache the processes start as before, only slower.
          System.out.printf("LauncherCache: training failed; processes start without a cache%n");
        }
      } finally {
        Files.deleteIfExists(aside);
        Files.deleteIfExists(aside.resolveSibling(aside.getFileName() + ".config"));
        deleteTree(scratch);
      }
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
      throw new IllegalStateException(e);
    }
  }

  private static void deleteTree(Path root) throws IOException {
    try (Stream<Path> paths = Files.walk(root)) {
      paths.sorted(Comparator.reverseOrder()).forEach(p -> p.toFile().delete());
    }
  }
}
