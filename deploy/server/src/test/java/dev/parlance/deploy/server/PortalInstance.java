package dev.parlance.deploy.server;

import dev.parlance.adapters.identity.testing.TestKeycloak;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.HashMap;
import java.util.Map;
import java.util.concurrent.TimeUnit;

/**
 * One more portal server, started as `parlance serve` starts it ({@code server run}) rather than by
 * Arquillian: a server directory of its own under the build's Liberty (the packaged server's
 * configuration, the packaged WAR, the global library), its own ports and its own home, configured
 * by variables and by the process's environment. Several of them run side by side.
 */
final class PortalInstance implements AutoCloseable {

  private static final Duration READY_TIMEOUT = Duration.ofMinutes(15);

  private final String name;
  private final Path wlp;
  private final Path log;
  private final Process process;
  private final URI url;

  private PortalInstance(String name, Path wlp, Path log, Process process, URI url) {
    this.name = name;
    this.wlp = wlp;
    this.log = log;
    this.process = process;
    this.url = url;
  }

  /**
   * Makes server {@code name} (afresh) with the test environment's variables, its own home under
   * {@code work}, and these extra variables; starts it without waiting for it to be ready.
   */
  static PortalInstance start(
      String name, Path work, Map<String, String> variables, Map<String, String> environment) {
    PortalEnvironment env = PortalEnvironment.get();
    Path wlp = Path.of(System.getProperty("parlance.wlp"));
    Path packaged = wlp.resolve("usr/servers/parlance");
    Path server = wlp.resolve("usr/servers").resolve(name);
    Path home = work.resolve(name).toAbsolutePath();
    int httpsPort = TestKeycloak.freePort();
    try {
      PortalEnvironment.deleteTree(server);
      PortalEnvironment.deleteTree(home);
      Files.createDirectories(server.resolve("lib"));
      Files.createDirectories(home);
      Files.copy(packaged.resolve("server.xml"), server.resolve("server.xml"));
      Files.createSymbolicLink(
          server.resolve("lib/global"), packaged.resolve("lib/global").toAbsolutePath());
      // The client compiler only and the serial collector, as the build's other test JVMs
      // (parlance.test.jvm).
      Files.writeString(
          server.resolve("jvm.options"), "-Xmx1536m\n-XX:TieredStopAtLevel=1\n-XX:+UseSerialGC\n");
      Map<String, String> all = new HashMap<>(env.serverVariables(httpsPort, -1, home));
      all.putAll(variables);
      PortalEnvironment.writeVariables(server, all, "instance-env.xml");
      Files.writeString(
          server.resolve("configDropins/overrides/application.xml"),
          "<server>\n  <webApplication id=\"parlance\" location=\""
              + Path.of(System.getProperty("parlance.war")).toAbsolutePath()
              + "\" contextRoot=\"/\"/>\n</server>\n");
      Path log = home.resolve("console.log");
      ProcessBuilder builder =
          new ProcessBuilder(wlp.resolve("bin/server").toString(), "run", name)
              .redirectErrorStream(true)
              .redirectOutput(log.toFile());
      builder.environment().put("JAVA_HOME", System.getProperty("java.home"));
      builder.environment().putAll(environment);
      return new PortalInstance(
          name, wlp, log, builder.start(), URI.create("https://localhost:" + httpsPort));
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
  }

  URI url() {
    return url;
  }

  /** Waits until the server's readiness check answers 200 (the application deployed). */
  void awaitReady() throws InterruptedException {
    HttpClient http = Browser.client();
    HttpRequest ready =
        HttpRequest.newBuilder(url.resolve("/health/ready")).timeout(Duration.ofSeconds(5)).build();
    long deadline = System.nanoTime() + READY_TIMEOUT.toNanos();
    while (System.nanoTime() < deadline) {
      if (!process.isAlive()) {
        throw new AssertionError(name + " stopped while starting: " + console());
      }
      try {
        if (http.send(ready, HttpResponse.BodyHandlers.ofString()).statusCode() == 200) {
          return;
        }
      } catch (IOException e) {
        // not listening yet
      }
      Thread.sleep(250);
    }
    throw new AssertionError(name + " was not ready in " + READY_TIMEOUT + ": " + console());
  }

  private String console() {
    try {
      String text = Files.readString(log, StandardCharsets.UTF_8);
      return text.substring(Math.max(0, text.length() - 4000));
    } catch (IOException e) {
      return "(no console log: " + e.getMessage() + ")";
    }
  }

  /** Stops the server through Liberty's own stop command, as Ctrl-C on `parlance serve` would. */
  @Override
  public void close() {
    try {
      ProcessBuilder builder =
          new ProcessBuilder(wlp.resolve("bin/server").toString(), "stop", name)
              .redirectErrorStream(true)
              .redirectOutput(ProcessBuilder.Redirect.DISCARD);
      builder.environment().put("JAVA_HOME", System.getProperty("java.home"));
      Process stop = builder.start();
      stop.waitFor(60, TimeUnit.SECONDS);
      if (!process.waitFor(60, TimeUnit.SECONDS)) {
        process.destroy();
      }
    } catch (IOException e) {
      process.destroy();
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
      process.destroy();
    }
  }
}
