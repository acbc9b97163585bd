package dev.parlance.application.identity;

import java.net.URI;
import java.util.Map;
import java.util.Objects;
import java.util.Optional;
import java.util.regex.Pattern;

/**
 * Where the portal answers (its redirect URIs follow from it) and the demo passwords already handed
 * out by an earlier set-up, so that a second run reports them instead of inventing new ones.
 *
 * @param portalClientSecret the portal client's secret, when the caller chose it before the
 *     provider answered ({@code parlance serve}); empty keeps the provider's
 * @param realm the realm to provision: {@link SetUpPortalService#REALM} unless the provider serves
 *     several portals, each with a realm of its own
 */
public record SetUpPortalCommand(
    URI portalUrl,
    Map<String, String> knownPasswords,
    Optional<String> portalClientSecret,
    String realm) {

  private static final Pattern REALM_NAME = Pattern.compile("[A-Za-z0-9][A-Za-z0-9_-]*");

  public SetUpPortalCommand(URI portalUrl, Map<String, String> knownPasswords) {
    this(portalUrl, knownPasswords, Optional.empty());
  }

  public SetUpPortalCommand(
      URI portalUrl, Map<String, String> knownPasswords, Optional<String> portalClientSecret) {
    this(portalUrl, knownPasswords, portalClientSecret, SetUpPortalService.REALM);
  }

  public SetUpPortalCommand {
    portalClientSecret = Objects.requireNonNullElse(portalClientSecret, Optional.empty());
    Objects.requireNonNull(portalUrl, "portalUrl");
    if (realm == null || !REALM_NAME.matcher(realm).matches()) {
      throw new IllegalArgumentException(
          "a realm name is letters, digits, '-' and '_', starting with a letter or digit, got "
              + realm);
    }
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
        + ", realm="
        + realm
        + "]";
  }
}
