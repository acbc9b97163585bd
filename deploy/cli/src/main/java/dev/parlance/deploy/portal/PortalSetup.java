package dev.parlance.deploy.portal;

import dev.parlance.adapters.identity.keycloak.KeycloakAdmin;
import dev.parlance.adapters.identity.keycloak.KeycloakIdentity;
import dev.parlance.application.identity.PortalSetUp;
import dev.parlance.application.identity.SetUpPortalCommand;
import dev.parlance.application.identity.SetUpPortalService;
import dev.parlance.deploy.wiring.ParlanceHome;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.net.URI;
import java.nio.file.Path;

/**
 * {@code parlance portal setup}: provisions realm {@code parlance} on an existing Keycloak. The
 * portal client's secret goes to a file readable by its owner only (never to the terminal or a
 * log); demo passwords this run created are returned for the command to show once.
 */
public final class PortalSetup {

  private final ParlanceHome home;

  public PortalSetup(ParlanceHome home) {
    this.home = home;
  }

  public record Result(PortalSetUp setUp, Path secretFile) {}

  public Result run(URI keycloak, String adminUser, String adminPassword, URI portalUrl) {
    PortalState state = new PortalState(home.root());
    PortalSetUp setUp;
    try (KeycloakIdentity identity =
        KeycloakIdentity.connect(new KeycloakAdmin(keycloak, adminUser, adminPassword))) {
      setUp =
          new SetUpPortalService(identity.provisioning())
              .setUp(new SetUpPortalCommand(portalUrl, state.demoPasswords()));
    }
    var passwords = state.demoPasswords();
    setUp.logins().forEach(l -> l.password().ifPresent(p -> passwords.put(l.username(), p)));
    state.saveDemoPasswords(passwords);
    Path secretFile = state.dir().resolve("portal-client-secret");
    try {
      PortalState.writePrivate(secretFile, setUp.portalClientSecret());
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
    return new Result(setUp, secretFile);
  }
}
