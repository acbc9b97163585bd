package dev.parlance.adapters.index.testing;

import dev.parlance.domain.testing.RunServers;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.net.HttpURLConnection;
import java.net.ServerSocket;
import java.net.URI;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.UUID;
import java.util.concurrent.TimeUnit;
import java.util.stream.Stream;

/**
 * A real OpenSearch node with the k-NN plugin for integration tests, from the distribution and
 * plugin that Maven Central ships (the build unpacks them under {@code target/}, see the module's
 * POM): no Docker, no system package. OpenSearch refuses to run as root, so under root the node
 * runs as the system user {@code parlance-search}, created when missing. The node listens on free
 * loopback ports and keeps its data under {@code target/}. {@link #shared()} is the one node of the
 * whole Maven run ({@link RunServers}): the first module's ITs start it, the later modules' ITs
 * (deploy/server, deploy/cli) use the same node, each test under its own index prefix; outside
 * Maven it is one node per JVM, stopped when the JVM exits.
 */
public final class OpenSearchServer implements AutoCloseable {

  /** The unprivileged user the node runs as when the tests run as root. */
  public static final String USER = "parlance-search";

  private static OpenSearchServer shared;

  private final Path node;
  private final Process process;
  private final int port;
  private final long startMillis;

  private OpenSearchServer(Path node, Process process, int port, long startMillis) {
    this.node = node;
    this.process = process;
    this.port = port;
    this.startMillis = startMillis;
  }

  /**
   * The Maven run's node ({@link RunServers}), started by the first IT that asks; outside Maven,
   * the JVM's node, stopped when the JVM exits. Never close it: it belongs to the run.
   */
  public static synchronized OpenSearchServer shared() {
    if (shared == null) {
      Optional<Map<String, String>> run =
          RunServers.shared(
              "opensearch",
              () -> {
                OpenSearchServer s = start();
                return new RunServers.Started(
                    s.process.pid(),
                    "TERM",
                    Optional.of(s.node),
                    Map.of(
                        "port",
                        String.valueOf(s.port),
                        "startMillis",
                        String.valueOf(s.startMillis)));
              },
              known -> healthy("http://127.0.0.1:" + known.get("port")));
      if (run.isPresent()) {
        shared =
            new OpenSearchServer(
                null,
                null,
                Integer.parseInt(run.get().get("port")),
                Long.parseLong(run.get().get("startMillis")));
      } else {
        shared = start();
        OpenSearchServer started = shared;
        Runtime.getRuntime().addShutdownHook(new Thread(started::close, "stop-opensearch"));
      }
    }
    return shared;
  }

  /** Installs the k-NN plugin (once per unpacked distribution) and starts a node. */
  public static OpenSearchServer start() {
    long begin = System.nanoTime();
    Path home = Path.of(property("parlance.test.opensearch.home"));
    Path knn = Path.of(property("parlance.test.opensearch.knn"));
    Path work = Path.of(property("parlance.test.opensearch.work"));
    String javaHome = System.getProperty("java.home");
    try {
      installKnn(home, knn, javaHome);
      boolean root = isRoot();
      if (root) {
        ensureUser();
        // A checkout the unprivileged user cannot enter (under /root, say): run from /tmp instead.
        if (!readableByUser(home.resolve("bin/opensearch")) || !readableByUser(work.getParent())) {
          Path copy = Files.createTempDirectory("parlance-opensearch-");
          run(List.of("cp", "-a", home.toString(), copy.resolve("dist").toString()));
          run(List.of("chmod", "-R", "a+rX", copy.toString()));
          home = copy.resolve("dist");
          work = copy.resolve("nodes");
        }
      }
      Path node = work.resolve("node-" + UUID.randomUUID().toString().substring(0, 8));
      Path config = node.resolve("config");
      Files.createDirectories(node.resolve("data"));
      Files.createDirectories(node.resolve("logs"));
      copyTree(home.resolve("config"), config);
      int port = freePort();
      int transport = freePort();
      Files.writeString(
          config.resolve("opensearch.yml"),
          String.join(
              "\n",
              "cluster.name: parlance-test",
              "node.name: parlance-test",
              "path.data: " + node.resolve("data"),
              "path.logs: " + node.resolve("logs"),
              "network.host: 127.0.0.1",
              "http.port: " + port,
              "transport.port: " + transport,
              "discovery.type: single-node",
              // Tests write to the indexes they create; nothing should appear by accident.
              "action.auto_create_index: false",
              "cluster.routing.allocation.disk.threshold_enabled: false",
              ""));
      // The distribution's JVM options name log and dump files relative to its own folder.
      Path jvmOptions = config.resolve("jvm.options");
      String options =
          Files.readString(jvmOptions)
                  .replace("file=logs/gc.log", "file=" + node.resolve("logs/gc.log"))
                  .replace("HeapDumpPath=data", "HeapDumpPath=" + node.resolve("data"))
                  .replace("ErrorFile=logs/", "ErrorFile=" + node.resolve("logs") + "/")
                  .replace("-Xms1g", "-Xms768m")
                  .replace("-Xmx1g", "-Xmx768m")
              // The client compiler only, as the other servers the tests start.
              + "\n-XX:TieredStopAtLevel=1\n";
      Files.writeString(jvmOptions, options);
      List<String> command = new ArrayList<>();
      if (root) {
        run(List.of("chown", "-R", USER + ":" + USER, node.toString()));
        command.addAll(
            List.of("setpriv", "--reuid=" + USER, "--regid=" + USER, "--clear-groups", "--"));
      }
      command.add(home.resolve("bin/opensearch").toString());
      ProcessBuilder pb = new ProcessBuilder(command).directory(home.toFile());
      Map<String, String> env = pb.environment();
      env.put("OPENSEARCH_JAVA_HOME", javaHome);
      env.put("OPENSEARCH_PATH_CONF", config.toString());
      env.remove("JAVA_TOOL_OPTIONS");
      pb.redirectErrorStream(true);
      pb.redirectOutput(node.resolve("console.log").toFile());
      Process process = pb.start();
      // A JVM stopped while the node starts (Ctrl-C) takes the node with it; once started, its
      // owner (this JVM's hook, or the Maven run's watchdog) stops it.
      Thread starting = new Thread(process::destroy, "stop-starting-opensearch");
      Runtime.getRuntime().addShutdownHook(starting);
      OpenSearchServer server =
          new OpenSearchServer(
              node, process, port, TimeUnit.NANOSECONDS.toMillis(System.nanoTime() - begin));
      server.awaitReady(begin);
      Runtime.getRuntime().removeShutdownHook(starting);
      return server;
    } catch (IOException e) {
      throw new UncheckedIOException("cannot start OpenSearch: " + e.getMessage(), e);
    }
  }

  public String url() {
    return "http://127.0.0.1:" + port;
  }

  /** How long the node took to start (plugin install included on a fresh build). */
  public long startMillis() {
    return startMillis;
  }

  /** A URL where nothing listens: a node that is down. */
  public static String deadUrl() {
    try {
      return "http://127.0.0.1:" + freePort();
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
  }

  private void awaitReady(long begin) {
    long deadline = begin + TimeUnit.SECONDS.toNanos(240);
    while (System.nanoTime() < deadline) {
      if (!process.isAlive()) {
        throw new IllegalStateException("OpenSearch exited: " + console());
      }
      if (healthy(url())) {
        return;
      }
      try {
        Thread.sleep(250);
      } catch (InterruptedException e) {
        Thread.currentThread().interrupt();
        throw new IllegalStateException(e);
      }
    }
    close();
    throw new IllegalStateException("OpenSearch did not start in 240 s: " + console());
  }

  private static boolean healthy(String url) {
    try {
      HttpURLConnection c =
          (HttpURLConnection)
              URI.create(url + "/_cluster/health?wait_for_status=yellow&timeout=1s")
                  .toURL()
                  .openConnection();
      c.setConnectTimeout(1000);
      c.setReadTimeout(5000);
      return c.getResponseCode() == 200;
    } catch (IOException e) {
      return false;
    }
  }

  private String console() {
    try {
      String text = Files.readString(node.resolve("console.log"), StandardCharsets.UTF_8);
      return text.length() > 4000 ? text.substring(text.length() - 4000) : text;
    } catch (IOException e) {
      return "(no console log)";
    }
  }

  @Override
  public synchronized void close() {
    if (process == null) {
      return; // the Maven run's node: its watchdog stops it when the run ends
    }
    if (process.isAlive()) {
      process.destroy(); // SIGTERM: OpenSearch shuts down cleanly
      try {
        if (!process.waitFor(30, TimeUnit.SECONDS)) {
          process.destroyForcibly().waitFor(10, TimeUnit.SECONDS);
        }
      } catch (InterruptedException e) {
        Thread.currentThread().interrupt();
        process.destroyForcibly();
      }
    }
    deleteTree(node);
  }

  private static void installKnn(Path home, Path knn, String javaHome) throws IOException {
    if (Files.isDirectory(home.resolve("plugins/opensearch-knn"))) {
      return;
    }
    // Unpacked by Maven, the scripts may have lost their execute bits.
    try (Stream<Path> scripts = Files.list(home.resolve("bin"))) {
      scripts.forEach(p -> p.toFile().setExecutable(true, false));
    }
    ProcessBuilder pb =
        new ProcessBuilder(
                home.resolve("bin/opensearch-plugin").toString(),
                "install",
                "--batch",
                knn.toUri().toString())
            .redirectErrorStream(true);
    pb.environment().put("OPENSEARCH_JAVA_HOME", javaHome);
    Process p = pb.start();
    String output = new String(p.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
    try {
      if (p.waitFor() != 0) {
        throw new IOException("installing the k-NN plugin failed: " + output);
      }
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
      throw new IOException("interrupted", e);
    }
  }

  private static void ensureUser() throws IOException {
    if (run(List.of("id", "-u", USER), false)) {
      return;
    }
    // Another test run may create it at the same moment: then it exists afterwards all the same.
    run(
        List.of("useradd", "--system", "--no-create-home", "--shell", "/usr/sbin/nologin", USER),
        false);
    if (!run(List.of("id", "-u", USER), false)) {
      throw new IOException("cannot create the system user " + USER + " to run OpenSearch as");
    }
  }

  // Whether the unprivileged user can reach a file (every directory above it must let it pass).
  private static boolean readableByUser(Path path) throws IOException {
    return run(
        List.of(
            "setpriv",
            "--reuid=" + USER,
            "--regid=" + USER,
            "--clear-groups",
            "--",
            "test",
            "-r",
            path.toAbsolutePath().toString()),
        false);
  }

  private static String property(String name) {
    String value = System.getProperty(name);
    if (value == null || value.isBlank()) {
      throw new IllegalStateException(
          "system property "
              + name
              + " is not set: run the integration tests through Maven (./mvnw verify), whose"
              + " build unpacks OpenSearch for them");
    }
    return value;
  }

  private static void copyTree(Path from, Path to) throws IOException {
    try (Stream<Path> paths = Files.walk(from)) {
      for (Path p : paths.toList()) {
        Path target = to.resolve(from.relativize(p).toString());
        if (Files.isDirectory(p)) {
          Files.createDirectories(target);
        } else {
          Files.copy(p, target, StandardCopyOption.REPLACE_EXISTING);
        }
      }
    }
  }

  private static boolean isRoot() {
    try {
      Process p = new ProcessBuilder("id", "-u").start();
      String uid = new String(p.getInputStream().readAllBytes()).strip();
      p.waitFor();
      return uid.equals("0");
    } catch (IOException e) {
      return false;
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
      return false;
    }
  }

  private static void run(List<String> command) throws IOException {
    if (!run(command, true)) {
      throw new IOException(String.join(" ", command) + " failed");
    }
  }

  private static boolean run(List<String> command, boolean showOutput) throws IOException {
    Process p = new ProcessBuilder(command).redirectErrorStream(true).start();
    String output = new String(p.getInputStream().readAllBytes());
    try {
      int code = p.waitFor();
      if (code != 0 && showOutput) {
        throw new IOException(String.join(" ", command) + " failed: " + output);
      }
      return code == 0;
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
      throw new IOException("interrupted", e);
    }
  }

  private static int freePort() throws IOException {
    try (ServerSocket socket = new ServerSocket(0)) {
      return socket.getLocalPort();
    }
  }

  private static void deleteTree(Path root) {
    if (!Files.exists(root)) {
      return;
    }
    try (Stream<Path> paths = Files.walk(root)) {
      paths.sorted(Comparator.reverseOrder()).forEach(p -> p.toFile().delete());
    } catch (IOException ignored) {
      // a node directory left under target/ is harmless
    }
  }
}
