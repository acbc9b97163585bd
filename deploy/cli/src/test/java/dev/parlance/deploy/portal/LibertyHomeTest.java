package dev.parlance.deploy.portal;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.FileTime;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class LibertyHomeTest {

  @TempDir Path dir;

  private Path installed() throws IOException {
    Path server = dir.resolve("checkout/wlp/usr/servers/parlance");
    write(server.resolve("server.xml"), "<server/>");
    write(server.resolve("configDropins/overrides/application.xml"), "<server><app/></server>");
    write(server.resolve("apps/parlance.war"), "war-1");
    write(server.resolve("lib/global/onnxruntime.jar"), "jar");
    // What Liberty leaves in a server directory run without an output directory of its own.
    write(server.resolve("logs/messages.log"), "old log");
    write(server.resolve("workarea/.sRunning"), "");
    write(server.resolve("apps/expanded/parlance.war/index.html"), "expanded");
    return server;
  }

  @Test
  void should_give_each_home_its_own_server_directory_with_the_installed_configuration_and_war()
      throws IOException {
    Path installed = installed();
    LibertyHome a = LibertyHome.under(dir.resolve("home-a"));
    LibertyHome b = LibertyHome.under(dir.resolve("home-b"));

    assertThat(a.syncFrom(installed)).isEqualTo(4);
    assertThat(b.syncFrom(installed)).isEqualTo(4);

    assertThat(a.serverDir()).isEqualTo(dir.resolve("home-a/liberty/usr/servers/parlance"));
    assertThat(a.userDir()).startsWith(dir.resolve("home-a"));
    assertThat(a.outputDir()).startsWith(dir.resolve("home-a"));
    assertThat(a.serverDir().resolve("apps/parlance.war")).hasContent("war-1");
    assertThat(b.serverDir().resolve("configDropins/overrides/application.xml"))
        .hasContent("<server><app/></server>");
    assertThat(a.serverDir().resolve("logs")).doesNotExist();
    assertThat(a.serverDir().resolve("workarea")).doesNotExist();
    assertThat(a.serverDir().resolve("apps/expanded")).doesNotExist();
    assertThat(a.serverDir()).isNotEqualTo(b.serverDir());
  }

  @Test
  void should_copy_only_what_changed_and_remove_what_the_installation_no_longer_has()
      throws IOException {
    Path installed = installed();
    LibertyHome home = LibertyHome.under(dir.resolve("home"));
    home.syncFrom(installed);
    write(home.serverDir().resolve("apps/expanded/parlance.war/index.html"), "expanded");

    assertThat(home.syncFrom(installed)).isZero();

    // A rebuild of the checkout: a new WAR, a library gone.
    write(installed.resolve("apps/parlance.war"), "war-2");
    Files.setLastModifiedTime(
        installed.resolve("apps/parlance.war"), FileTime.fromMillis(System.currentTimeMillis()));
    Files.delete(installed.resolve("lib/global/onnxruntime.jar"));

    assertThat(home.syncFrom(installed)).isEqualTo(1);
    assertThat(home.serverDir().resolve("apps/parlance.war")).hasContent("war-2");
    assertThat(home.serverDir().resolve("lib/global/onnxruntime.jar")).doesNotExist();
    // Liberty's own state in the home is left alone.
    assertThat(home.serverDir().resolve("apps/expanded/parlance.war/index.html")).exists();
  }

  private static void write(Path file, String text) throws IOException {
    Files.createDirectories(file.getParent());
    Files.writeString(file, text);
  }
}
