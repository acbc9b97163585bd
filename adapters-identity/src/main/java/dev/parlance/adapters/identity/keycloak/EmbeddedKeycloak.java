package dev.parlance.adapters.identity.keycloak;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.channels.FileChannel;
import java.nio.channels.FileLock;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.nio.file.StandardOpenOption;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import java.util.zip.ZipEntry;
import java.util.zip.ZipInputStream;

/**
 * A Keycloak in development mode run from the distribution zip on Maven Central: the identity
 * provider of the embedded default ({@code parlance serve}) and of the tests. It is installed once
 * into a directory of its own and kept; its data lives there too (or in memory for tests).
 */
public final class EmbeddedKeycloak implements AutoCloseable {

  // The first start also builds Keycloak for its options: minutes on a busy two-core machine.
  private static final Duration READY_TIMEOUT = Duration.ofMinutes(20);

  private final Process process;
  private final URI url;
  private final Path log;

  private EmbeddedKeycloak(Process process, URI url, Path log) {
    this.process = process;
    this.url = url;
    this.log = log;
  }

  /**
   * Unpacks the distribution under {@code into} unless an earlier call did, and returns the
   * Keycloak home (the folder holding {@code bin/kc.sh}).
   */
  public static Path install(Path distribution, Path into) {
    if (!Files.isRegularFile(distribution)) {
      throw new KeycloakRequestFailedException(
          "the Keycloak distribution " + distribution + " is missing; build Parlance first");
    }
    try {
      Files.createDirectories(into);
      Path marker = into.resolve(".installed-" + distribution.getFileName());
      if (Files.exists(marker)) {
        return home(into);
      }
      unzip(distribution, into);
      Path home = home(into);
      try (var scripts = Files.list(home.resolve("bin"))) {
        scripts
            .filter(p -> p.toString().endsWith(".sh"))
            .forEach(p -> p.toFile().setExecutable(true));
      }
      Files.writeString(marker, distribution.toString());
      return home;
    } catch (IOException e) {
      throw new UncheckedIOException(
          "cannot install Keycloak into " + into + ": " + e.getMessage(), e);
    }
  }

  /**
   * Installs Keycloak under {@code into}, already built for serve's options, by copying {@code
   * built}: one installed and built Keycloak kept per installation of Parlance (the build's
   * output), made by the first call that needs it (under a lock, so that two homes starting at once
   * build it once) and copied without its data into each new home. Where {@code built} cannot be
   * made (a read-only installation), installs and builds under {@code into} as {@link #install} and
   * {@link #buildOnce} do.
   *
   * @return the Keycloak home under {@code into} (the folder holding {@code bin/kc.sh})
   */
  public static Path installBuilt(
      Path distribution, Path built, Path into, Path javaHome, Path log, Runnable building) {
    if (Files.exists(into.resolve(".installed-" + distribution.getFileName()))) {
      return install(distribution, into);
    }
    try {
      BuiltCopy.ensure(distribution, built, javaHome, log, building);
    } catch (UncheckedIOException | KeycloakRequestFailedException e) {
      // Not writable, or the build failed there: this home installs and builds its own.
      Path home = install(distribution, into);
      buildOnce(home, javaHome, log);
      return home;
    }
    BuiltCopy.copy(built, into);
    return install(distribution, into);
  }

  /**
   * Makes the installation's built Keycloak ({@code built}) unless it is there, made from this
   * distribution; {@code building} runs first when it is made now.
   *
   * @return whether it was made now
   */
  public static boolean prepareBuilt(
      Path distribution, Path built, Path javaHome, Path log, Runnable building) {
    return BuiltCopy.ensure(distribution, built, javaHome, log, building);
  }

  /** The built Keycloak of an installation, and its copies into homes. */
  private static final class BuiltCopy {

    private static final Object IN_THIS_PROCESS = new Object();

    // Made (or remade from another distribution) under a file lock beside it.
    static boolean ensure(
        Path distribution, Path built, Path javaHome, Path log, Runnable building) {
      synchronized (IN_THIS_PROCESS) {
        try {
          Files.createDirectories(built.getParent());
          Path lockFile = built.resolveSibling(built.getFileName() + ".lock");
          try (FileChannel channel =
                  FileChannel.open(lockFile, StandardOpenOption.CREATE, StandardOpenOption.WRITE);
              FileLock ignored = channel.lock()) {
            Path ready = built.resolve(".parlance-built-from");
            // The distribution it was made from, by name, size and time: another one remakes it.
            String from =
                distribution.getFileName()
                    + " "
                    + Files.size(distribution)
                    + " "
                    + Files.getLastModifiedTime(distribution).toMillis();
            if (Files.isRegularFile(ready) && Files.readString(ready).equals(from)) {
              return false;
            }
            building.run();
            deleteTree(built);
            Path home = install(distribution, built);
            buildOnce(home, javaHome, log);
            Files.writeString(ready, from);
            return true;
          }
        } catch (IOException e) {
          throw new UncheckedIOException(
              "cannot prepare Keycloak under " + built + ": " + e.getMessage(), e);
        }
      }
    }

    // Everything but the data (the database and temporary files a start writes), into a sibling
    // folder first and then moved, so that a copy cut short is never taken for an installation.
    static void copy(Path built, Path into) {
      Path partial = into.resolveSibling(into.getFileName() + ".partial");
      try {
        deleteTree(partial);
        try (var paths = Files.walk(built)) {
          for (Path from : (Iterable<Path>) paths::iterator) {
            Path relative = built.relativize(from);
            if (relative.getNameCount() >= 2 && relative.getName(1).toString().equals("data")
                || relative.toString().equals(".parlance-built-from")) {
              continue;
            }
            Path to = partial.resolve(relative.toString());
            if (Files.isDirectory(from)) {
              Files.createDirectories(to);
            } else {
              Files.copy(from, to, StandardCopyOption.COPY_ATTRIBUTES);
            }
          }
        }
        deleteTree(into);
        Files.move(partial, into, StandardCopyOption.ATOMIC_MOVE);
      } catch (IOException e) {
        throw new UncheckedIOException(
            "cannot install Keycloak into " + into + ": " + e.getMessage(), e);
      }
    }

    private static void deleteTree(Path root) throws IOException {
      if (!Files.exists(root)) {
        return;
      }
      try (var paths = Files.walk(root)) {
        for (Path p : (Iterable<Path>) paths.sorted(Comparator.reverseOrder())::iterator) {
          Files.delete(p);
        }
      }
    }
  }

  private static Path home(Path into) throws IOException {
    try (var entries = Files.list(into)) {
      return entries
          .filter(p -> Files.isRegularFile(p.resolve("bin/kc.sh")))
          .findFirst()
          .orElseThrow(() -> new IOException("no bin/kc.sh under " + into));
    }
  }

  private static void unzip(Path zip, Path into) throws IOException {
    Path root = into.toAbsolutePath().normalize();
    try (ZipInputStream in = new ZipInputStream(Files.newInputStream(zip))) {
      for (ZipEntry entry; (entry = in.getNextEntry()) != null; ) {
        Path target = root.resolve(entry.getName()).normalize();
        if (!target.startsWith(root)) {
          throw new IOException("the archive's entry " + entry.getName() + " leaves " + root);
        }
        if (entry.isDirectory()) {
          Files.createDirectories(target);
        } else {
          Files.createDirectories(target.getParent());
          Files.copy(in, target, StandardCopyOption.REPLACE_EXISTING);
        }
      }
    }
  }

  // The JVM of serve's Keycloak (its build and its starts): a small heap, and the client compiler
  // only, which halves the CPU and the wall time of a start on two cores (13.5 s of CPU against
  // 22.5-24.5 s; started in 12-17 s against 21-32 s, alternated runs on one home) for a token
  // request that takes 0.2-0.3 s instead of 0.1 s: a local provider signs in a few people. The
  // serial collector instead of kc.sh's G1 takes a start-dev from 25.2 s of CPU to 20.9 s (ready
  // in 17 s against 20 s; alternated runs, 2026-11-29), on a heap of at most 512 MB.
  private static final String SERVE_JVM_OPTIONS =
      "-Xms64m -Xmx512m -XX:TieredStopAtLevel=1 -XX:-UseG1GC -XX:+UseSerialGC";

  // Keycloak's build-time options for serve: the file database under its home.
  private static final List<String> BUILD_OPTIONS = List.of("--db=dev-file");

  /**
   * Builds (augments) the installed Keycloak once for serve's options ({@code kc.sh build}), so
   * that every later start is {@code kc.sh start --optimized} and skips the build; a marker beside
   * the home remembers it. Does nothing when this build was made already.
   *
   * @return whether it built now
   */
  public static boolean buildOnce(Path home, Path javaHome, Path log) {
    Path marker = home.resolve(".parlance-built");
    String options = String.join(" ", BUILD_OPTIONS);
    try {
      if (Files.isRegularFile(marker) && Files.readString(marker).strip().equals(options)) {
        return false;
      }
      List<String> command = new ArrayList<>();
      command.add(home.resolve("bin/kc.sh").toString());
      command.add("build");
      command.addAll(BUILD_OPTIONS);
      ProcessBuilder builder = new ProcessBuilder(command).directory(home.toFile());
      builder.environment().put("JAVA_HOME", javaHome.toString());
      builder.environment().put("JAVA_OPTS_APPEND", SERVE_JVM_OPTIONS);
      Files.createDirectories(log.getParent());
      builder
          .redirectErrorStream(true)
          .redirectOutput(ProcessBuilder.Redirect.appendTo(log.toFile()));
      Process build = builder.start();
      try {
        if (!build.waitFor(READY_TIMEOUT.toSeconds(), TimeUnit.SECONDS)) {
          build.descendants().forEach(ProcessHandle::destroyForcibly);
          build.destroyForcibly();
          throw new KeycloakRequestFailedException(
              "building Keycloak took over " + READY_TIMEOUT.toSeconds() + " s; see " + log);
        }
      } catch (InterruptedException e) {
        Thread.currentThread().interrupt();
        build.descendants().forEach(ProcessHandle::destroyForcibly);
        build.destroyForcibly();
        throw new KeycloakRequestFailedException("interrupted while Keycloak was built");
      }
      if (build.exitValue() != 0) {
        throw new KeycloakRequestFailedException(
            "building Keycloak failed (exit " + build.exitValue() + "); see " + log);
      }
      Files.writeString(marker, options);
      return true;
    } catch (IOException e) {
      throw new UncheckedIOException("cannot build Keycloak: " + e.getMessage(), e);
    }
  }

  /**
   * Starts the Keycloak {@link #buildOnce} built ({@code kc.sh start --optimized}, plain HTTP on
   * localhost, its data in the file database under its home) without waiting for it: {@link
   * #awaitReady()} waits. What it will answer at ({@link #url()}) is known at once, so that the
   * portal's server can start beside it.
   */
  public static EmbeddedKeycloak launchBuilt(
      Path home,
      int port,
      int managementPort,
      String adminUser,
      String adminPassword,
      Path javaHome,
      Path log) {
    URI url = URI.create("http://localhost:" + port);
    List<String> command = new ArrayList<>();
    command.add(home.resolve("bin/kc.sh").toString());
    command.add("start");
    command.add("--optimized");
    command.add("--http-enabled=true");
    command.add("--http-host=localhost");
    command.add("--http-port=" + port);
    command.add("--http-management-port=" + managementPort);
    command.add("--hostname=" + url);
    // One node: its caches are local (no cluster discovery).
    command.add("--cache=local");
    return launch(home, command, url, adminUser, adminPassword, javaHome, log);
  }

  private static EmbeddedKeycloak launch(
      Path home,
      List<String> command,
      URI url,
      String adminUser,
      String adminPassword,
      Path javaHome,
      Path log) {
    ProcessBuilder builder = new ProcessBuilder(command).directory(home.toFile());
    Map<String, String> env = builder.environment();
    env.put("JAVA_HOME", javaHome.toString());
    env.put("KC_BOOTSTRAP_ADMIN_USERNAME", adminUser);
    env.put("KC_BOOTSTRAP_ADMIN_PASSWORD", adminPassword);
    env.put("JAVA_OPTS_APPEND", SERVE_JVM_OPTIONS);
    try {
      Files.createDirectories(log.getParent());
      builder
          .redirectErrorStream(true)
          .redirectOutput(ProcessBuilder.Redirect.appendTo(log.toFile()));
      return new EmbeddedKeycloak(builder.start(), url, log);
    } catch (IOException e) {
      throw new UncheckedIOException("cannot start Keycloak: " + e.getMessage(), e);
    }
  }

  /**
   * Starts {@code kc.sh start-dev} on {@code port} and waits until the master realm answers.
   *
   * @param inMemory data in memory (tests) instead of the file database under the home (serve)
   * @param javaHome the JDK Keycloak runs on (21 or newer)
   * @param options more of Keycloak's options, after Parlance's own
   */
  public static EmbeddedKeycloak start(
      Path home,
      int port,
      int managementPort,
      String adminUser,
      String adminPassword,
      boolean inMemory,
      Path javaHome,
      Path log,
      List<String> options) {
    URI url = URI.create("http://localhost:" + port);
    List<String> command = new ArrayList<>();
    command.add(home.resolve("bin/kc.sh").toString());
    command.add("start-dev");
    command.add("--http-port=" + port);
    command.add("--http-management-port=" + managementPort);
    // Tokens name this issuer whatever address a client used, so the portal's issuer check holds.
    command.add("--hostname=" + url);
    command.add("--db=" + (inMemory ? "dev-mem" : "dev-file"));
    command.addAll(options);
    ProcessBuilder builder = new ProcessBuilder(command).directory(home.toFile());
    Map<String, String> env = builder.environment();
    env.put("JAVA_HOME", javaHome.toString());
    env.put("KC_BOOTSTRAP_ADMIN_USERNAME", adminUser);
    env.put("KC_BOOTSTRAP_ADMIN_PASSWORD", adminPassword);
    // As serve's: a start-dev took 22-24 s of CPU on the client compiler against 41-46 s.
    env.put("JAVA_OPTS_APPEND", SERVE_JVM_OPTIONS);
    try {
      Files.createDirectories(log.getParent());
      builder.redirectErrorStream(true).redirectOutput(log.toFile());
      Process process = builder.start();
      EmbeddedKeycloak keycloak = new EmbeddedKeycloak(process, url, log);
      keycloak.awaitReady();
      return keycloak;
    } catch (IOException e) {
      throw new UncheckedIOException("cannot start Keycloak: " + e.getMessage(), e);
    }
  }

  /** Waits until the master realm answers; stops Keycloak if it does not in time. */
  public void awaitReady() {
    HttpClient http = HttpClient.newBuilder().connectTimeout(Duration.ofSeconds(2)).build();
    HttpRequest request =
        HttpRequest.newBuilder(url.resolve("/realms/master"))
            .timeout(Duration.ofSeconds(5))
            .build();
    long deadline = System.nanoTime() + READY_TIMEOUT.toNanos();
    while (System.nanoTime() < deadline) {
      if (!process.isAlive()) {
        throw new KeycloakRequestFailedException(
            "Keycloak stopped while starting (exit " + process.exitValue() + "): " + lastLines());
      }
      try {
        if (http.send(request, HttpResponse.BodyHandlers.discarding()).statusCode() == 200) {
          return;
        }
      } catch (IOException e) {
        // not listening yet
      } catch (InterruptedException e) {
        Thread.currentThread().interrupt();
        close();
        throw new KeycloakRequestFailedException("interrupted while Keycloak started");
      }
      sleep(500);
    }
    close();
    throw new KeycloakRequestFailedException(
        "Keycloak did not answer within " + READY_TIMEOUT.toSeconds() + " s; see " + log);
  }

  private String lastLines() {
    try {
      List<String> lines = Files.readAllLines(log);
      return String.join(" | ", lines.subList(Math.max(0, lines.size() - 3), lines.size()));
    } catch (IOException e) {
      return "see " + log;
    }
  }

  public URI url() {
    return url;
  }

  public long pid() {
    return process.pid();
  }

  public boolean isAlive() {
    return process.isAlive();
  }

  /**
   * Asks Keycloak to stop (SIGTERM: Quarkus shuts down cleanly) and waits; kills it if it hangs.
   */
  @Override
  public void close() {
    if (!process.isAlive()) {
      return;
    }
    // kc.sh runs java as a child; stop the children first so none outlives the script.
    process.descendants().forEach(ProcessHandle::destroy);
    process.destroy();
    try {
      if (!process.waitFor(30, TimeUnit.SECONDS)) {
        process.descendants().forEach(ProcessHandle::destroyForcibly);
        process.destroyForcibly().waitFor(10, TimeUnit.SECONDS);
      }
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
      process.destroyForcibly();
    }
  }

  private static void sleep(long millis) {
    try {
      Thread.sleep(millis);
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
    }
  }
}
