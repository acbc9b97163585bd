package dev.parlance.domain.testing;

import java.io.IOException;
import java.io.Reader;
import java.io.UncheckedIOException;
import java.io.Writer;
import java.nio.channels.FileChannel;
import java.nio.channels.FileLock;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.nio.file.StandardOpenOption;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.Optional;
import java.util.Properties;
import java.util.function.Predicate;
import java.util.function.Supplier;

/**
 * The test servers (OpenSearch, Keycloak, PostgreSQL) that one Maven run starts once and shares
 * with every test JVM of every module: the first IT that needs one starts it and writes where it
 * listens to a file under {@code target/test-servers/<kind>/} of the reactor's root (system
 * property {@code parlance.test.servers}, set by the parent POM); the ITs of later modules read
 * that file and use the same server. Each test isolates itself inside the server (its own index
 * prefix, realm, database or role), never by a server of its own.
 *
 * <p>A shared server outlives the JVM that started it and belongs to the Maven process of the run:
 * a small watchdog ({@code sh}) stops it once that process has ended, however the run ended. A file
 * left by an earlier run (another Maven process) is ignored and replaced. Outside Maven (an IDE, no
 * {@code parlance.test.servers}) there is nothing to share with: {@link #shared} answers empty and
 * the caller starts a server for its JVM alone, as before.
 */
public final class RunServers {

  private RunServers() {}

  /** What a just-started server leaves for the others: where it listens, and how to stop it. */
  public record Started(
      long pid, String stopSignal, Optional<Path> scratch, Map<String, String> properties) {
    public Started {
      properties = Map.copyOf(properties);
    }
  }

  /**
   * The run's server of {@code kind}: the properties written by whoever started it in this Maven
   * run (when {@code alive} accepts them), or those of one {@code start} starts now. Empty outside
   * a Maven run. One JVM at a time checks or starts a kind (a file lock).
   */
  public static synchronized Optional<Map<String, String>> shared(
      String kind, Supplier<Started> start, Predicate<Map<String, String>> alive) {
    String root = System.getProperty("parlance.test.servers");
    Optional<ProcessHandle> owner = mavenProcess();
    if (root == null || root.isBlank() || owner.isEmpty()) {
      return Optional.empty();
    }
    Path dir = Path.of(root, kind);
    try {
      Files.createDirectories(dir);
      try (FileChannel channel =
              FileChannel.open(
                  dir.resolve("lock"), StandardOpenOption.CREATE, StandardOpenOption.WRITE);
          FileLock ignored = channel.lock()) {
        Path file = dir.resolve("server.properties");
        Map<String, String> known = read(file);
        if (String.valueOf(owner.get().pid()).equals(known.get("owner"))
            && ProcessHandle.of(Long.parseLong(known.getOrDefault("pid", "-1")))
                .map(ProcessHandle::isAlive)
                .orElse(false)
            && alive.test(known)) {
          return Optional.of(known);
        }
        Started started = start.get();
        watch(owner.get().pid(), started, dir);
        Map<String, String> written = new LinkedHashMap<>(started.properties());
        written.put("owner", String.valueOf(owner.get().pid()));
        written.put("pid", String.valueOf(started.pid()));
        write(file, written);
        System.out.printf(
            "test server %s (pid %d) started for this Maven run (pid %d), kept in %s%n",
            kind, started.pid(), owner.get().pid(), file);
        return Optional.of(Map.copyOf(written));
      }
    } catch (IOException e) {
      throw new UncheckedIOException("cannot share the test server " + kind, e);
    }
  }

  /** The Maven process this JVM runs under (Surefire and Failsafe fork their JVMs from it). */
  static Optional<ProcessHandle> mavenProcess() {
    Optional<ProcessHandle> p = ProcessHandle.current().parent();
    while (p.isPresent()) {
      String line = p.get().info().commandLine().orElse("");
      if (line.contains("org.codehaus.plexus.classworlds.launcher.Launcher")) {
        return p;
      }
      p = p.get().parent();
    }
    return Optional.empty();
  }

  /**
   * A watchdog that stops the server (and its child processes) once the Maven process has ended:
   * the signal first, SIGKILL 30 s later if it still runs, then its scratch directory removed.
   */
  private static void watch(long owner, Started started, Path dir) throws IOException {
    long pid = started.pid();
    String scratch =
        started.scratch().map(p -> "rm -rf '" + p.toAbsolutePath() + "'").orElse("true");
    String script =
        String.join(
            "\n",
            "while kill -0 " + owner + " 2>/dev/null; do sleep 2; done",
            "pkill -" + started.stopSignal() + " -P " + pid + " 2>/dev/null",
            "kill -" + started.stopSignal() + " " + pid + " 2>/dev/null",
            "i=0",
            "while kill -0 " + pid + " 2>/dev/null && [ $i -lt 30 ]; do sleep 1; i=$((i+1)); done",
            "pkill -KILL -P " + pid + " 2>/dev/null",
            "kill -KILL " + pid + " 2>/dev/null",
            scratch,
            "");
    Path file = dir.resolve("watchdog.sh");
    Files.writeString(file, script);
    new ProcessBuilder("setsid", "sh", file.toString())
        .redirectInput(ProcessBuilder.Redirect.from(Path.of("/dev/null").toFile()))
        .redirectOutput(ProcessBuilder.Redirect.DISCARD)
        .redirectError(ProcessBuilder.Redirect.DISCARD)
        .start();
  }

  private static Map<String, String> read(Path file) throws IOException {
    Map<String, String> map = new LinkedHashMap<>();
    if (!Files.exists(file)) {
      return map;
    }
    Properties p = new Properties();
    try (Reader in = Files.newBufferedReader(file, StandardCharsets.UTF_8)) {
      p.load(in);
    }
    p.stringPropertyNames().forEach(k -> map.put(k, p.getProperty(k)));
    return map;
  }

  private static void write(Path file, Map<String, String> values) throws IOException {
    Properties p = new Properties();
    p.putAll(values);
    Path temp = file.resolveSibling(file.getFileName() + ".tmp");
    try (Writer out = Files.newBufferedWriter(temp, StandardCharsets.UTF_8)) {
      p.store(out, "a test server of this Maven run (see RunServers)");
    }
    Files.move(temp, file, StandardCopyOption.REPLACE_EXISTING, StandardCopyOption.ATOMIC_MOVE);
  }
}
