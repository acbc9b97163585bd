package dev.parlance.deploy.portal;

import static dev.parlance.deploy.portal.StartTicker.seconds;

import dev.parlance.adapters.identity.keycloak.EmbeddedKeycloak;
import dev.parlance.deploy.wiring.ParlanceHome;
import java.io.PrintStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.concurrent.CompletableFuture;

/**
 * Starts the home's embedded Keycloak: installed (once), built for serve's options (once), and
 * started optimized, on a thread of its own while the caller starts Liberty.
 */
final class KeycloakStart {

  private final ParlanceHome home;
  private final PortalInstall install;
  private final PrintStream progress;

  KeycloakStart(ParlanceHome home, PortalInstall install, PrintStream progress) {
    this.home = home;
    this.install = install;
    this.progress = progress;
  }

  // Installs Keycloak (once), builds it for serve's options (once), and starts it optimized, on a
  // thread of its own: the caller starts Liberty meanwhile.
  CompletableFuture<EmbeddedKeycloak> launch(int port, PortalState state) {
    Path under = home.root().resolve("keycloak");
    Path log = home.logs().resolve("keycloak.log");
    String adminPassword = state.secret("keycloak-admin-password");
    CompletableFuture<EmbeddedKeycloak> launched = new CompletableFuture<>();
    Thread.ofPlatform()
        .daemon()
        .name("parlance-serve-keycloak")
        .start(
            () -> {
              try {
                if (!Files.isDirectory(under)) {
                  progress.println("parlance: installing Keycloak under " + under + " (once)");
                }
                Files.deleteIfExists(log);
                Path javaHome = Path.of(System.getProperty("java.home"));
                long building = System.nanoTime();
                Path kcHome = install(under, javaHome, log);
                if (EmbeddedKeycloak.buildOnce(kcHome, javaHome, log)) {
                  progress.printf(
                      "parlance: Keycloak built for this home in %d s (once)%n", seconds(building));
                }
                launched.complete(
                    EmbeddedKeycloak.launchBuilt(
                        kcHome,
                        port,
                        LocalPorts.freePort(),
                        "admin",
                        adminPassword,
                        javaHome,
                        log));
              } catch (Throwable e) {
                launched.completeExceptionally(e);
              }
            });
    return launched;
  }

  /**
   * Installs Keycloak under {@code under}, built: a copy of the installation's built Keycloak,
   * which is made first when no command has made it since the build (said, with its time).
   */
  Path install(Path under, Path javaHome, Path log) {
    return EmbeddedKeycloak.installBuilt(
        install.keycloakDistribution(),
        install.keycloakBuilt(),
        under,
        javaHome,
        log,
        () ->
            progress.println(
                "parlance: building Keycloak for this installation (once after a build;"
                    + " about a minute)..."));
  }

  /**
   * Builds the installation's Keycloak now unless a command did since the build (the launcher runs
   * this right after a build, so that no serve waits for it).
   */
  void prepare() {
    Path javaHome = Path.of(System.getProperty("java.home"));
    long started = System.nanoTime();
    if (EmbeddedKeycloak.prepareBuilt(
        install.keycloakDistribution(),
        install.keycloakBuilt(),
        javaHome,
        install.keycloakBuilt().resolveSibling("keycloak-built.log"),
        () -> progress.println("parlance: building Keycloak for this installation (once)..."))) {
      progress.printf("parlance: Keycloak built in %d s%n", seconds(started));
    }
  }
}
