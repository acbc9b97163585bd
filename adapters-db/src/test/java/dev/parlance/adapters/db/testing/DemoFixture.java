package dev.parlance.adapters.db.testing;

import dev.parlance.adapters.db.demo.DemoDatabase;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.net.URISyntaxException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.util.stream.Stream;
import java.util.zip.CRC32;

/**
 * The full demo database, generated once per build into {@code target/test-fixtures/} (of the
 * reactor's root, system property {@code parlance.test.fixtures}) and copied into the fresh homes
 * of tests that start Parlance many times (each fresh home would otherwise generate its own:
 * seconds of CPU each). The copy is the very file the first start would write: same generator, same
 * seed. The folder's name carries a checksum of the demo's package as built (or of its jar), so a
 * changed generator makes a new one. Tests of the first start itself (that it generates the demo)
 * start without it.
 */
public final class DemoFixture {

  private DemoFixture() {}

  /**
   * Puts the demo database where the first start of {@code home} looks for it ({@code
   * databases/demo-plant.sqlite}), unless the home was started already.
   */
  public static void placeInto(Path home) {
    Path target = home.resolve("databases").resolve(DemoDatabase.FILE_NAME);
    if (Files.exists(home.resolve("metadata")) || Files.exists(target)) {
      return;
    }
    try {
      Files.createDirectories(target.getParent());
      Files.copy(generated(), target, StandardCopyOption.REPLACE_EXISTING);
    } catch (IOException e) {
      throw new UncheckedIOException("cannot copy the demo database into " + home, e);
    }
  }

  /** The generated demo database of this build (generated on first use). */
  public static synchronized Path generated() {
    // The reactor's target/test-fixtures (the parent POM says where), so that every module of a
    // run copies the one file; the module's own target/ outside Maven.
    String fixtures = System.getProperty("parlance.test.fixtures", "target/test-fixtures");
    Path dir = Path.of(fixtures, "demo-" + generatorChecksum()).toAbsolutePath();
    // DemoDatabase writes a temporary file and moves it in: a file that exists is whole.
    return DemoDatabase.ensure(dir);
  }

  /** A checksum of the demo's package as built (its classes and resources, or their jar). */
  private static String generatorChecksum() {
    CRC32 crc = new CRC32();
    crc.update(Long.toString(DemoDatabase.SEED).getBytes());
    try {
      Path code =
          Path.of(DemoDatabase.class.getProtectionDomain().getCodeSource().getLocation().toURI());
      if (Files.isDirectory(code)) {
        Path demo = code.resolve(DemoDatabase.class.getPackageName().replace('.', '/'));
        try (Stream<Path> files = Files.walk(demo)) {
          for (Path f : files.filter(Files::isRegularFile).sorted().toList()) {
            crc.update(Files.readAllBytes(f));
          }
        }
      } else {
        crc.update(Files.readAllBytes(code));
      }
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    } catch (URISyntaxException e) {
      throw new IllegalStateException(e);
    }
    return Long.toHexString(crc.getValue());
  }
}
