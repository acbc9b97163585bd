package dev.parlance.adapters.identity.keycloak;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.time.Duration;
import java.util.ArrayList;
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
  private static final Duration READY_TIMEOUT = Duration.ofMinutes(10);

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

  /**
   * Starts {@code kc.sh start-dev} on {@code port} and waits until the master realm answers.
   *
   * @param inMemory data in memory (tests) instead of the file database under the home (serve)
   * @param javaHome the JDK Keycloak runs on (21 or newer)
   */
  public static EmbeddedKeycloak start(
      Path home,
      int port,
      int managementPort,
      String adminUser,
      String adminPassword,
      boolean inMemory,
      Path javaHome,
      Path log) {
    URI url = URI.create("http://localhost:" + port);
    List<String> command = new ArrayList<>();
    command.add(home.resolve("bin/kc.sh").toString());
    command.add("start-dev");
    command.add("--http-port=" + port);
    command.add("--http-management-port=" + managementPort);
    // Tokens name this issuer whatever address a client used, so the portal's issuer check holds.
    command.add("--hostname=" + url);
    command.add("--db=" + (inMemory ? "dev-mem" : "dev-file"));
    ProcessBuilder builder = new ProcessBuilder(command).directory(home.toFile());
    Map<String, String> env = builder.environment();
    env.put("JAVA_HOME", javaHome.toString());
    env.put("KC_BOOTSTRAP_ADMIN_USERNAME", adminUser);
    env.put("KC_BOOTSTRAP_ADMIN_PASSWORD", adminPassword);
    env.put("JAVA_OPTS_APPEND", "-Xms64m -Xmx512m");
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

  private void awaitReady() {
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
