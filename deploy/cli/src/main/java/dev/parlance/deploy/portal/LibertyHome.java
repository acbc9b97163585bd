package dev.parlance.deploy.portal;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.util.HashSet;
import java.util.List;
import java.util.Set;
import java.util.stream.Stream;

/**
 * A home's own copy of the portal's Liberty server: its user directory ({@code WLP_USER_DIR}:
 * {@code server.xml}, the configuration drop-ins, the WAR, the global library) under {@code
 * PARLANCE_HOME/liberty/usr}, and its output directory ({@code WLP_OUTPUT_DIR}: logs, work area,
 * the expanded application, the generated certificate) under {@code PARLANCE_HOME/liberty}. Two
 * homes run from one checkout share only Liberty's read-only runtime, so one server's start, stop
 * or redeployment never touches the other's application, and a rebuild of the checkout reaches a
 * home's server only when that home's {@code serve} starts again.
 */
record LibertyHome(Path root) {

  /** The server's name in the installation and in each home. */
  static final String SERVER = "parlance";

  // What Liberty writes into a server's directory when it runs without an output directory of its
  // own (an older serve, or a test): never copied, never removed.
  private static final Set<String> RUNTIME_STATE =
      Set.of("logs", "workarea", "resources", "tranlog", "messaging", ".pid", ".logs");

  static LibertyHome under(Path parlanceHome) {
    return new LibertyHome(parlanceHome.resolve("liberty"));
  }

  /** {@code WLP_USER_DIR}. */
  Path userDir() {
    return root.resolve("usr");
  }

  /** {@code WLP_OUTPUT_DIR}: the server's logs are under {@code <it>/parlance/logs}. */
  Path outputDir() {
    return root;
  }

  /** The home's server configuration directory ({@code server.config.dir}). */
  Path serverDir() {
    return userDir().resolve("servers").resolve(SERVER);
  }

  /**
   * Makes the home's server directory equal to the installation's: copies what is new or changed
   * (by size and modification time) and removes what the installation no longer has.
   *
   * @return how many files were copied
   */
  int syncFrom(Path installedServerDir) {
    try {
      Files.createDirectories(serverDir());
      Set<Path> wanted = new HashSet<>();
      int copied = 0;
      for (Path from : files(installedServerDir)) {
        Path relative = installedServerDir.relativize(from);
        wanted.add(relative);
        Path to = serverDir().resolve(relative.toString());
        if (!same(from, to)) {
          Files.createDirectories(to.getParent());
          Path partial = to.resolveSibling(to.getFileName() + ".copying");
          Files.copy(
              from,
              partial,
              StandardCopyOption.REPLACE_EXISTING,
              StandardCopyOption.COPY_ATTRIBUTES);
          Files.move(partial, to, StandardCopyOption.REPLACE_EXISTING);
          copied++;
        }
      }
      for (Path existing : files(serverDir())) {
        if (!wanted.contains(serverDir().relativize(existing))) {
          Files.delete(existing);
        }
      }
      return copied;
    } catch (IOException e) {
      throw new UncheckedIOException(
          "cannot lay out the portal's server under " + serverDir() + ": " + e.getMessage(), e);
    }
  }

  private static boolean same(Path from, Path to) throws IOException {
    return Files.isRegularFile(to)
        && Files.size(from) == Files.size(to)
        && Files.getLastModifiedTime(from).equals(Files.getLastModifiedTime(to));
  }

  // The regular files of a server directory, without Liberty's runtime state and expanded apps.
  private static List<Path> files(Path serverDir) throws IOException {
    if (!Files.isDirectory(serverDir)) {
      return List.of();
    }
    try (Stream<Path> all = Files.walk(serverDir)) {
      return all.filter(Files::isRegularFile)
          .filter(
              p -> {
                Path relative = serverDir.relativize(p);
                String top = relative.getName(0).toString();
                return !RUNTIME_STATE.contains(top)
                    && !(top.equals("apps")
                        && relative.getNameCount() > 2
                        && relative.getName(1).toString().equals("expanded"));
              })
          .toList();
    }
  }
}
