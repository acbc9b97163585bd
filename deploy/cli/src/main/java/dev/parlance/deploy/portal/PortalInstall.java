package dev.parlance.deploy.portal;

import java.nio.file.Files;
import java.nio.file.Path;

/**
 * Where the build put what {@code parlance serve} runs: Open Liberty with the portal's server under
 * {@code deploy/server/target/liberty/wlp}, and the Keycloak distribution zip beside it. The
 * launcher script names the checkout with {@code -Dparlance.install}.
 */
public record PortalInstall(Path root) {

  public static PortalInstall fromSystem() {
    String configured = System.getProperty("parlance.install");
    return new PortalInstall(
        Path.of(configured == null || configured.isBlank() ? "." : configured)
            .toAbsolutePath()
            .normalize());
  }

  public Path wlp() {
    return root.resolve("deploy/server/target/liberty/wlp");
  }

  public Path serverScript() {
    return wlp().resolve("bin/server");
  }

  /** The portal's server as the build laid it out; each home runs its own copy of it. */
  public Path serverDir() {
    return wlp().resolve("usr/servers/parlance");
  }

  public Path war() {
    return serverDir().resolve("apps/parlance.war");
  }

  public Path keycloakDistribution() {
    return root.resolve("deploy/server/target/keycloak-dist/keycloak.zip");
  }

  /**
   * The installation's Keycloak, unpacked and built for serve's options once (by the launcher after
   * a build, or by the first serve that needs it); each new home gets a copy of it.
   */
  public Path keycloakBuilt() {
    return root.resolve("deploy/server/target/keycloak-built");
  }

  /** What is missing for a start, in one line, or null when all is there. */
  public String missing(boolean needKeycloak) {
    if (!Files.isExecutable(serverScript()) || !Files.isRegularFile(war())) {
      return "the portal server is not built (no "
          + root.relativize(war())
          + "); run ./parlance again to build it, or ./mvnw -DskipTests package";
    }
    if (needKeycloak && !Files.isRegularFile(keycloakDistribution())) {
      return "the Keycloak distribution is not built (no "
          + root.relativize(keycloakDistribution())
          + "); run ./mvnw -DskipTests package";
    }
    return null;
  }
}
