package dev.parlance.domain.identity;

import java.util.List;
import java.util.Objects;
import java.util.Set;
import java.util.regex.Pattern;

/**
 * What an identity realm must hold for Parlance: the portal's confidential client, the public
 * command-line client, the realm roles, the user attributes that tokens carry (the ones governance
 * policies name, such as {@code region}), and the users to create when missing.
 *
 * @param tokenAttributes user attributes copied into every token under the {@code parlance} claim
 */
public record RealmSpec(
    String realm,
    PortalClientSpec portal,
    String cliClientId,
    Set<String> roles,
    List<String> tokenAttributes,
    List<UserSpec> users) {

  private static final Pattern NAME = Pattern.compile("[A-Za-z0-9][A-Za-z0-9_.-]{0,63}");

  public RealmSpec {
    requireName(realm, "realm");
    Objects.requireNonNull(portal, "portal");
    requireName(cliClientId, "command-line client id");
    roles = Set.copyOf(roles);
    roles.forEach(role -> requireName(role, "role"));
    tokenAttributes = List.copyOf(tokenAttributes);
    tokenAttributes.forEach(attribute -> requireName(attribute, "token attribute"));
    users = List.copyOf(users);
    for (UserSpec user : users) {
      for (String role : user.roles()) {
        if (!roles.contains(role)) {
          throw new IllegalArgumentException(
              "user "
                  + user.username()
                  + " has role "
                  + role
                  + ", which the realm does not define");
        }
      }
    }
  }

  static String requireName(String value, String what) {
    if (value == null || !NAME.matcher(value).matches()) {
      throw new IllegalArgumentException(
          what + " must be 1-64 letters, digits, '.', '_' or '-', got '" + value + "'");
    }
    return value;
  }
}
