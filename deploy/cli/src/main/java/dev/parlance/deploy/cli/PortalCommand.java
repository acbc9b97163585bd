package dev.parlance.deploy.cli;

import dev.parlance.application.identity.DemoLogin;
import dev.parlance.deploy.portal.Portal;
import dev.parlance.deploy.portal.PortalLaunchException;
import dev.parlance.deploy.portal.PortalSetup;
import jakarta.inject.Inject;
import java.net.URI;
import java.util.concurrent.Callable;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;

/** {@code parlance portal}: set-up of the portal's identity provider. */
@Command(
    name = "portal",
    mixinStandardHelpOptions = true,
    description = "Set up the portal's identity provider.",
    subcommands = {PortalCommand.Setup.class})
final class PortalCommand implements Runnable {
  @picocli.CommandLine.Spec picocli.CommandLine.Model.CommandSpec spec;

  @Override
  public void run() {
    spec.commandLine().usage(spec.commandLine().getOut());
  }

  @Command(
      name = "setup",
      mixinStandardHelpOptions = true,
      description = {
        "Provision realm 'parlance' on a Keycloak: the portal's confidential client, the public client"
            + " parlance-cli, roles analyst/steward/admin, the token claims policies read, and demo users.",
        "Idempotent: run it again and nothing is duplicated; existing users are left untouched."
      })
  static final class Setup implements Callable<Integer> {
    @picocli.CommandLine.Spec picocli.CommandLine.Model.CommandSpec spec;
    @Inject Portal portal;

    @Option(
        names = "--keycloak",
        required = true,
        paramLabel = "URL",
        description = "Keycloak's base URL, e.g. https://sso.example.org")
    String keycloak;

    @Option(
        names = "--admin-user",
        defaultValue = "admin",
        paramLabel = "NAME",
        description = "an administrator of the master realm (default: admin)")
    String adminUser;

    @Option(
        names = "--admin-password-env",
        defaultValue = "KEYCLOAK_ADMIN_PASSWORD",
        paramLabel = "VAR",
        description =
            "the environment variable holding that administrator's password (default: KEYCLOAK_ADMIN_PASSWORD)")
    String adminPasswordVariable;

    @Option(
        names = "--portal-url",
        defaultValue = "https://localhost:9443",
        paramLabel = "URL",
        description =
            "where the portal answers; its redirect URIs follow (default: https://localhost:9443)")
    String portalUrl;

    @Override
    public Integer call() {
      ParlanceCli cli = ParlanceCli.of(spec);
      String password = portal.variable(adminPasswordVariable).orElse(null);
      if (password == null) {
        throw CommandFailure.refused(
            "environment variable " + adminPasswordVariable + " (--admin-password-env) is not set");
      }
      URI keycloakUrl = uri(keycloak, "--keycloak");
      URI portalAt = uri(portalUrl, "--portal-url");
      PortalSetup.Result result;
      try {
        result = portal.setUp(keycloakUrl, adminUser, password, portalAt);
      } catch (PortalLaunchException e) {
        throw CommandFailure.failed(e.getMessage());
      }
      var setUp = result.setUp();
      cli.out()
          .println(
              "Realm "
                  + setUp.realm()
                  + (setUp.realmCreated() ? " created" : " found; completed where needed")
                  + " at "
                  + keycloakUrl);
      cli.out()
          .println(
              "Portal client:       "
                  + setUp.portalClientId()
                  + " (secret written to "
                  + result.secretFile()
                  + ")");
      cli.out().println("Command-line client: " + setUp.cliClientId() + " (password grant)");
      cli.out().println("Demo users:");
      int width = setUp.logins().stream().mapToInt(l -> l.username().length()).max().orElse(1);
      for (DemoLogin login : setUp.logins()) {
        cli.out()
            .printf(
                "  %-" + width + "s %-22s %s%n",
                login.username(),
                login.password().orElse("(existing; password unchanged)"),
                String.join(",", login.roles()));
      }
      return ParlanceCli.OK;
    }

    private static URI uri(String text, String option) {
      try {
        URI uri = URI.create(text.strip());
        if (uri.getScheme() == null
            || uri.getHost() == null
            || !uri.getScheme().startsWith("http")) {
          throw new IllegalArgumentException();
        }
        return uri;
      } catch (IllegalArgumentException e) {
        throw CommandFailure.refused(option + " needs an http(s) URL, got '" + text + "'");
      }
    }
  }
}
