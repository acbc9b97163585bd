package dev.parlance.application.identity;

import java.net.URI;
import java.util.Map;
import java.util.Objects;
import java.util.Optional;

/**
 * Where the portal answers (its redirect URIs follow from it) and the demo passwords already handed
 * out by an earlier set-up, so that a second run reports them instead of inventing new ones.
 *
 * @param portalClientSecret the portal client's secret, when the caller chose it before the
 *     provider answered ({@code parlance serve}); empty keeps the provider's
 */
public record SetUpPortalCommand(
    URI portalUrl, Map<String, String> knownPasswords, Optional<String> portalClientSecret) {

  public SetUpPortalCommand(URI portalUrl, Map<String, String> knownPasswords) {
    this(portalUrl, knownPasswords, Optional.empty());
  }

  public SetUpPortalCommand {
    portalClientSecret = Objects.requireNonNullElse(portalClientSecret, Optional.empty());
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
        + ", portalClientSecret="
        + (portalClientSecret.isPresent() ? "(chosen)" : "(the provider's)")
        + "]";
  }
}
