package dev.parlance.deploy.cli;

import dev.parlance.deploy.portal.Portal;
import dev.parlance.deploy.portal.PortalLaunchException;
import dev.parlance.deploy.portal.PortalLauncher;
import dev.parlance.deploy.portal.ServeJson;
import jakarta.inject.Inject;
import java.io.PrintStream;
import java.util.concurrent.Callable;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;

/** {@code parlance serve}: the portal and its identity provider, until Ctrl-C. */
@Command(
    name = "serve",
    mixinStandardHelpOptions = true,
    description = {
      "Start the portal: Keycloak (installed under PARLANCE_HOME, unless parlance.oidc.issuer names a"
          + " provider), realm 'parlance' with demo users, and Open Liberty with the application.",
      "Prints the URL and the demo logins and writes PARLANCE_HOME/serve.json once ready;"
          + " Ctrl-C stops everything."
    })
final class ServeCommand implements Callable<Integer> {

  @picocli.CommandLine.Spec picocli.CommandLine.Model.CommandSpec spec;
  @Inject Portal portal;

  @Option(
      names = "--port",
      paramLabel = "N",
      description = "the portal's HTTPS port (default 9443)")
  Integer port;

  @Option(
      names = "--keycloak-port",
      paramLabel = "N",
      description =
          "the embedded Keycloak's HTTP port (default: the one this home used last, else a free"
              + " one)")
  Integer keycloakPort;

  @Option(
      names = "--prepare",
      description =
          "build what a start needs once per installation (the embedded Keycloak) and exit;"
              + " the launcher does it after each build")
  boolean prepare;

  // The effective user id from the kernel's view of this process (Linux); elsewhere, the name.
  static boolean runningAsRoot() {
    try {
      for (String line :
          java.nio.file.Files.readAllLines(java.nio.file.Path.of("/proc/self/status"))) {
        if (line.startsWith("Uid:")) {
          String[] ids = line.substring(4).strip().split("\\s+");
          return ids.length > 1 && ids[1].equals("0");
        }
      }
    } catch (java.io.IOException | RuntimeException e) {
      // not Linux: fall through
    }
    return "root".equals(System.getProperty("user.name"));
  }

  @Override
  public Integer call() throws InterruptedException {
    ParlanceCli cli = ParlanceCli.of(spec);
    PrintStream out = cli.out();
    if (prepare) {
      try {
        portal.launcher(cli.err()).prepare();
      } catch (PortalLaunchException e) {
        throw CommandFailure.failed(e.getMessage());
      } catch (RuntimeException e) {
        // The build of Keycloak failed or its folder cannot be written: serve will try again.
        throw CommandFailure.failed("cannot prepare Keycloak: " + e.getMessage());
      }
      return ParlanceCli.OK;
    }
    if (runningAsRoot()) {
      cli.err()
          .println(
              "parlance: warning: serving as root: the portal, Liberty and Keycloak run with"
                  + " root's rights; run them as a dedicated user (docs/design/portal.md, 'Run the portal"
                  + " as a dedicated user')");
    }
    PortalLauncher launcher = portal.launcher(cli.err());
    PortalLauncher.Running running;
    try {
      running = launcher.start(port, keycloakPort);
    } catch (PortalLaunchException e) {
      throw CommandFailure.failed(e.getMessage());
    }
    ServeJson serve = running.serve();
    if (running.reused()) {
      out.println(
          "Parlance is already running at " + serve.url() + " (see " + portal.serveJson() + ")");
      return ParlanceCli.OK;
    }
    Thread stopper = new Thread(running::close, "parlance-serve-stop");
    Runtime.getRuntime().addShutdownHook(stopper);
    out.println("Parlance portal: " + serve.url());
    out.println(
        "API:             " + serve.url() + "api/v1  (explorer: " + serve.url() + "openapi/ui/)");
    if (!serve.realm().isEmpty()) {
      out.println(
          "Keycloak:        "
              + serve.keycloakUrl()
              + "  (realm "
              + serve.realm()
              + ", command-line client "
              + serve.cliClientId()
              + ")");
    }
    if (!serve.users().isEmpty()) {
      out.println("Demo logins:");
      int width = serve.users().stream().mapToInt(u -> u.username().length()).max().orElse(1);
      for (ServeJson.User user : serve.users()) {
        out.printf(
            "  %-" + width + "s %-22s %s%n",
            user.username(),
            user.password() == null ? "(password not known)" : user.password(),
            String.join(",", user.roles()));
      }
    }
    out.println(
        "Written to "
            + portal.serveJson()
            + ". Ctrl-C stops the portal"
            + (serve.users().isEmpty() ? "." : " and Keycloak."));
    int exit = running.awaitExit();
    // The server ended by itself (not through Ctrl-C): stop the rest and say so.
    running.close();
    Runtime.getRuntime().removeShutdownHook(stopper);
    if (exit != 0) {
      throw CommandFailure.failed(
          "the portal's server stopped (exit " + exit + "); see " + portal.serverLog());
    }
    return ParlanceCli.OK;
  }
}
