package dev.parlance.deploy.portal;

import dev.parlance.deploy.portal.PortalLauncher.Identity;
import dev.parlance.deploy.wiring.ParlanceHome;
import java.io.IOException;
import java.io.PrintStream;
import java.nio.file.Path;
import java.util.Map;

/**
 * Starts Open Liberty with the application on the home's own copy of the server, configured by its
 * environment: the port, the identity provider, the keystore's password.
 */
final class LibertyStart {

  /**
   * The JIT serve's Liberty runs on: the client compiler alone. A same-home start spent 40–44 s of
   * CPU in Liberty with the full tiered compiler (its compiler threads busy throughout) against
   * 23–24 s with C1, on two cores: the start until serve.json went from 32–35 s to 23–24 s, and
   * Parlance's own time per question (the model's excepted) was lower after 30 questions too
   * (docs/measurements/portal.md).
   */
  static final String QUICK_JIT = "-XX:TieredStopAtLevel=1";

  private final ParlanceHome home;
  private final PortalInstall install;
  private final PrintStream progress;

  LibertyStart(ParlanceHome home, PortalInstall install, PrintStream progress) {
    this.home = home;
    this.install = install;
    this.progress = progress;
  }

  Process start(
      int port,
      Identity identity,
      Map<String, String> endpoints,
      PortalState state,
      boolean embeddedKeycloak)
      throws IOException {
    if (!embeddedKeycloak) {
      progress.println("parlance: starting the portal on port " + port + "...");
    }
    // The server's configuration, WAR and libraries are the home's own copy, and its logs, work
    // area,
    // expanded application and generated certificate live beside them: two homes share no file.
    LibertyHome server = LibertyHome.under(home.root());
    server.syncFrom(install.serverDir());
    ProcessBuilder builder =
        new ProcessBuilder(install.serverScript().toString(), "run", LibertyHome.SERVER);
    Map<String, String> env = builder.environment();
    env.put("JAVA_HOME", System.getProperty("java.home"));
    env.put("WLP_USER_DIR", server.userDir().toString());
    env.put("WLP_OUTPUT_DIR", server.outputDir().toString());
    env.put("PARLANCE_HOME", home.root().toString());
    env.put("PARLANCE_HTTPS_PORT", String.valueOf(port));
    env.put("PARLANCE_HTTP_PORT", "-1");
    env.put("PARLANCE_OIDC_ISSUER", identity.issuer());
    env.put("PARLANCE_OIDC_CLIENT_ID", identity.portalClientId());
    env.put("PARLANCE_OIDC_CLIENT_SECRET", identity.portalClientSecret());
    env.put("PARLANCE_OIDC_HTTPS_REQUIRED", String.valueOf(identity.issuer().startsWith("https:")));
    if (embeddedKeycloak) {
      // The users page manages the embedded Keycloak's realm as its bootstrap administrator.
      env.put("PARLANCE_IDENTITY_ADMIN_USERNAME", "admin");
      env.put("PARLANCE_IDENTITY_ADMIN_PASSWORD", state.secret("keycloak-admin-password"));
    }
    env.putAll(endpoints);
    env.put("keystore_password", state.secret("keystore-password"));
    env.put("JVM_ARGS", jvmArgs(env.get("JVM_ARGS")));
    Path log = home.logs().resolve("liberty.log");
    builder.redirectErrorStream(true).redirectOutput(log.toFile());
    return builder.start();
  }

  /**
   * Liberty's script passes {@code JVM_ARGS} to its JVM: {@link #QUICK_JIT}, then the user's own
   * (serve's environment), which win where they disagree ({@code -XX:TieredStopAtLevel=4} restores
   * the full tiered compiler).
   */
  static String jvmArgs(String users) {
    return users == null || users.isBlank() ? QUICK_JIT : QUICK_JIT + " " + users.strip();
  }
}
