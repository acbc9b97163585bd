package dev.parlance.application.identity;

import java.util.List;

/** The provisioned realm: the clients to use, the portal client's secret and the demo logins. */
public record PortalSetUp(
    String realm,
    String portalClientId,
    String portalClientSecret,
    String cliClientId,
    boolean realmCreated,
    List<DemoLogin> logins) {

  public PortalSetUp {
    logins = List.copyOf(logins);
  }

  @Override
  public String toString() {
    return "PortalSetUp[realm="
        + realm
        + ", portalClientId="
        + portalClientId
        + ", cliClientId="
        + cliClientId
        + ", realmCreated="
        + realmCreated
        + ", logins="
        + logins
        + "]";
  }
}
