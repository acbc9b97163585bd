package dev.parlance.application.identity;

import java.net.URI;
import java.util.Map;
import java.util.Objects;

/**
 * Where the portal answers (its redirect URIs follow from it) and the demo passwords already handed
 * out by an earlier set-up, so that a second run reports them instead of inventing new ones.
 */
public record SetUpPortalCommand(URI portalUrl, Map<String, String> knownPasswords) {

  public SetUpPortalCommand {
    Objects.requireNonNull(portalUrl, "portalUrl");
    if (!portalUrl.isAbsolute() || portalUrl.getHost() == null) {
      throw new IllegalArgumentException("the portal URL must be absolute, got " + portalUrl);
    }
    knownPasswords = Map.copyOf(knownPasswords);
  }

  @Override
  public String toString() {
    return "SetUpPortalCommand[portalUrl="
        + portalUrl
        + ", knownPasswords="
        + knownPasswords.keySet()
        + "]";
  }
}
