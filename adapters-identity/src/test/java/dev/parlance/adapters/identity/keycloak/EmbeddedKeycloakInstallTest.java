package dev.parlance.adapters.identity.keycloak;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.FileTime;
import java.time.Instant;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.zip.ZipEntry;
import java.util.zip.ZipOutputStream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The installation's built Keycloak: made once, copied into each new home without its data, remade
 * when the distribution changes, and a home that cannot use it installs and builds its own. A
 * distribution whose {@code kc.sh build} only writes what a build writes stands in for Keycloak's.
 */
class EmbeddedKeycloakInstallTest {

  @TempDir Path dir;

  private final Path javaHome = Path.of(System.getProperty("java.home"));

  @Test
  void should_build_once_and_copy_the_build_into_each_new_home_without_its_data()
      throws IOException {
    Path distribution = distribution("first");
    Path built = dir.resolve("install/keycloak-built");
    AtomicInteger builds = new AtomicInteger();

    Path one =
        EmbeddedKeycloak.installBuilt(
            distribution,
            built,
            dir.resolve("one/keycloak"),
            javaHome,
            log(),
            builds::incrementAndGet);
    // A start of the built one leaves data behind; a new home must not get it.
    Files.createDirectories(built.resolve("keycloak-9/data/h2"));
    Files.writeString(built.resolve("keycloak-9/data/h2/keycloakdb.mv.db"), "someone's realm");
    Path two =
        EmbeddedKeycloak.installBuilt(
            distribution,
            built,
            dir.resolve("two/keycloak"),
            javaHome,
            log(),
            builds::incrementAndGet);

    assertThat(builds).hasValue(1);
    for (Path home : new Path[] {one, two}) {
      assertThat(home.resolve("lib/quarkus/built-by")).content().isEqualTo("first");
      assertThat(home.resolve("bin/kc.sh")).isExecutable();
      assertThat(home.resolve("data")).doesNotExist();
      // Installed and built as far as the per-home steps can tell: neither runs again.
      assertThat(EmbeddedKeycloak.buildOnce(home, javaHome, log())).isFalse();
    }
    assertThat(dir.resolve("two/keycloak.partial")).doesNotExist();
  }

  @Test
  void should_leave_a_home_that_has_keycloak_as_it_is() throws IOException {
    Path distribution = distribution("first");
    Path built = dir.resolve("install/keycloak-built");
    Path home =
        EmbeddedKeycloak.installBuilt(
            distribution, built, dir.resolve("one/keycloak"), javaHome, log(), () -> {});
    Files.createDirectories(home.resolve("data"));
    Files.writeString(home.resolve("data/realm"), "this home's users");

    Path again =
        EmbeddedKeycloak.installBuilt(
            distribution, built, dir.resolve("one/keycloak"), javaHome, log(), () -> {});

    assertThat(again).isEqualTo(home);
    assertThat(home.resolve("data/realm")).content().isEqualTo("this home's users");
  }

  @Test
  void should_build_again_from_another_distribution() throws IOException {
    Path built = dir.resolve("install/keycloak-built");
    AtomicInteger builds = new AtomicInteger();
    EmbeddedKeycloak.installBuilt(
        distribution("first"),
        built,
        dir.resolve("one/keycloak"),
        javaHome,
        log(),
        builds::incrementAndGet);

    Path newer = distribution("second");
    Files.setLastModifiedTime(newer, FileTime.from(Instant.now().plusSeconds(60)));
    Path home =
        EmbeddedKeycloak.installBuilt(
            newer, built, dir.resolve("two/keycloak"), javaHome, log(), builds::incrementAndGet);

    assertThat(builds).hasValue(2);
    assertThat(home.resolve("lib/quarkus/built-by")).content().isEqualTo("second");
    assertThat(
            EmbeddedKeycloak.prepareBuilt(newer, built, javaHome, log(), builds::incrementAndGet))
        .isFalse();
  }

  @Test
  void should_install_and_build_in_the_home_when_the_installation_cannot_be_written()
      throws IOException {
    Path distribution = distribution("first");
    // The build's folder is a file: nothing can be made under it.
    Path blocked = dir.resolve("install");
    Files.writeString(blocked, "not a folder");

    Path home =
        EmbeddedKeycloak.installBuilt(
            distribution,
            blocked.resolve("keycloak-built"),
            dir.resolve("one/keycloak"),
            javaHome,
            log(),
            () -> {});

    assertThat(home.resolve("lib/quarkus/built-by")).content().isEqualTo("first");
    assertThat(EmbeddedKeycloak.buildOnce(home, javaHome, log())).isFalse();
  }

  private Path log() {
    return dir.resolve("logs/keycloak.log");
  }

  // A zip laid out as Keycloak's (one top folder with bin/kc.sh) whose build writes a marker.
  private Path distribution(String label) throws IOException {
    Path zip = dir.resolve("dist-" + label + "/keycloak.zip");
    Files.createDirectories(zip.getParent());
    String script =
        "#!/bin/sh\n"
            + "if [ \"$1\" = build ]; then\n"
            + "  mkdir -p \"$(dirname \"$0\")/../lib/quarkus\"\n"
            + "  printf %s "
            + label
            + " > \"$(dirname \"$0\")/../lib/quarkus/built-by\"\n"
            + "fi\n";
    try (ZipOutputStream out = new ZipOutputStream(Files.newOutputStream(zip))) {
      out.putNextEntry(new ZipEntry("keycloak-9/bin/kc.sh"));
      out.write(script.getBytes());
      out.closeEntry();
      out.putNextEntry(new ZipEntry("keycloak-9/version.txt"));
      out.write(label.getBytes());
      out.closeEntry();
    }
    return zip;
  }
}
