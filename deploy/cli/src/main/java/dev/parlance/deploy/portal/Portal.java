package dev.parlance.deploy.portal;

import dev.parlance.adapters.identity.keycloak.KeycloakRequestFailedException;
import dev.parlance.deploy.wiring.ParlanceSettings;
import jakarta.enterprise.context.Dependent;
import jakarta.inject.Inject;
import java.io.PrintStream;
import java.net.URI;
import java.nio.file.Path;
import java.util.Optional;

/**
 * What the {@code serve} and {@code portal} commands start and set up, from this installation's
 * settings: the composition root's side of the portal (processes, an identity provider named at run
 * time), so that the commands hold only translation.
 */
@Dependent
public class Portal {

  @Inject ParlanceSettings settings;

  /**
   * Starts (or finds running) the portal and its identity provider, reporting to {@code progress}.
   */
  public PortalLauncher launcher(PrintStream progress) {
    return new PortalLauncher(settings.home(), settings, PortalInstall.fromSystem(), progress);
  }

  /**
   * Provisions realm {@code parlance} on the Keycloak at {@code keycloak}.
   *
   * @throws PortalLaunchException when Keycloak refuses or cannot be reached
   */
  public PortalSetup.Result setUp(URI keycloak, String adminUser, String password, URI portalUrl) {
    try {
      return new PortalSetup(settings.home()).run(keycloak, adminUser, password, portalUrl);
    } catch (KeycloakRequestFailedException e) {
      throw new PortalLaunchException(e.getMessage(), e);
    }
  }

  /** An environment variable (or setting) by its name, e.g. an administrator's password. */
  public Optional<String> variable(String name) {
    return settings.value(name);
  }

  /** The file serve writes once the portal is ready. */
  public Path serveJson() {
    return settings.home().root().resolve("serve.json");
  }

  /** Where the portal's server writes its log. */
  public Path serverLog() {
    return settings.home().logs().resolve("liberty.log");
  }
}
