package dev.parlance.deploy.portal;

import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.SerializationFeature;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermissions;
import java.util.LinkedHashMap;
import java.util.Map;

/**
 * What one installation's portal keeps between runs under {@code $PARLANCE_HOME/portal}, readable
 * by its owner only: the embedded Keycloak's admin password, the demo users' passwords and the
 * keystore password. Nothing here reaches a log or the metadata store.
 */
final class PortalState {

  private static final ObjectMapper JSON =
      new ObjectMapper().enable(SerializationFeature.INDENT_OUTPUT);

  private final Path dir;

  PortalState(Path home) {
    this.dir = home.resolve("portal");
  }

  Path dir() {
    try {
      Files.createDirectories(dir);
      Files.setPosixFilePermissions(dir, PosixFilePermissions.fromString("rwx------"));
    } catch (IOException | UnsupportedOperationException e) {
      // best effort on file systems without POSIX permissions
    }
    return dir;
  }

  /** A secret kept in a file of its own, made (random) on first use. */
  String secret(String name) {
    Path file = dir().resolve(name);
    try {
      if (Files.exists(file)) {
        return Files.readString(file).strip();
      }
      byte[] bytes = new byte[24];
      new java.security.SecureRandom().nextBytes(bytes);
      String value = java.util.Base64.getUrlEncoder().withoutPadding().encodeToString(bytes);
      writePrivate(file, value);
      return value;
    } catch (IOException e) {
      throw new UncheckedIOException("cannot keep " + file + ": " + e.getMessage(), e);
    }
  }

  /** A value kept in a file of its own, or {@code fallback} when none was kept yet. */
  String secretOrDefault(String name, String fallback) {
    Path file = dir().resolve(name);
    try {
      return Files.exists(file) ? Files.readString(file).strip() : fallback;
    } catch (IOException e) {
      return fallback;
    }
  }

  void keep(String name, String value) {
    try {
      writePrivate(dir().resolve(name), value);
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
  }

  @SuppressWarnings("unchecked")
  Map<String, String> demoPasswords() {
    Path file = dir().resolve("demo-users.json");
    try {
      return Files.exists(file)
          ? new LinkedHashMap<>(JSON.readValue(file.toFile(), Map.class))
          : new LinkedHashMap<>();
    } catch (IOException e) {
      throw new UncheckedIOException("cannot read " + file + ": " + e.getMessage(), e);
    }
  }

  void saveDemoPasswords(Map<String, String> passwords) {
    try {
      writePrivate(dir().resolve("demo-users.json"), JSON.writeValueAsString(passwords));
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
  }

  static void writePrivate(Path file, String content) throws IOException {
    Path tmp = file.resolveSibling(file.getFileName() + ".tmp");
    Files.deleteIfExists(tmp);
    try {
      Files.createFile(
          tmp, PosixFilePermissions.asFileAttribute(PosixFilePermissions.fromString("rw-------")));
    } catch (UnsupportedOperationException e) {
      Files.createFile(tmp);
    }
    Files.writeString(tmp, content);
    Files.move(
        tmp,
        file,
        java.nio.file.StandardCopyOption.REPLACE_EXISTING,
        java.nio.file.StandardCopyOption.ATOMIC_MOVE);
  }
}
