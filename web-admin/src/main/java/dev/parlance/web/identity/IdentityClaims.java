package dev.parlance.web.identity;

import dev.parlance.domain.governance.UserIdentity;
import java.util.Collection;
import java.util.Collections;
import java.util.HashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeSet;
import java.util.stream.Collectors;

/**
 * Turns a token's claims into the {@link UserIdentity} governance applies, exactly what {@code --as
 * --roles --attr} give the command line: the name from {@code preferred_username} (else {@code
 * upn}, else {@code sub}); the roles from {@code groups} (where the realm puts its roles) and
 * Keycloak's {@code realm_access.roles}; the attributes from the {@code parlance} claim object
 * (each policy attribute, e.g. {@code region}; several values are joined with commas) and from any
 * top-level claim named in {@code extraAttributeClaims} (for providers that cannot nest claims).
 */
public final class IdentityClaims {

  public static final String ATTRIBUTES_CLAIM = "parlance";

  // The claims identity() reads besides the attribute claims, named once for it and claimNames().
  private static final List<String> NAME_CLAIMS = List.of("preferred_username", "upn", "sub");
  private static final String GROUPS_CLAIM = "groups";
  private static final String REALM_ACCESS_CLAIM = "realm_access";

  private final Set<String> extraAttributeClaims;
  private final Set<String> claimNames;

  public IdentityClaims(Collection<String> extraAttributeClaims) {
    this.extraAttributeClaims = Set.copyOf(extraAttributeClaims);
    Set<String> names = new LinkedHashSet<>(NAME_CLAIMS);
    names.addAll(List.of(GROUPS_CLAIM, REALM_ACCESS_CLAIM, ATTRIBUTES_CLAIM));
    names.addAll(extraAttributeClaims);
    this.claimNames = Collections.unmodifiableSet(names);
  }

  /** The top-level claims {@link #identity} reads; any other claim of a token is ignored. */
  public Set<String> claimNames() {
    return claimNames;
  }

  /**
   * @param claims JSON values as Java: strings, numbers, booleans, lists and maps
   */
  public UserIdentity identity(Map<String, ?> claims) {
    String name =
        firstText(claims, NAME_CLAIMS)
            .orElseThrow(() -> new IllegalArgumentException("the token names no user"));
    Set<String> roles = new TreeSet<>(texts(claims.get(GROUPS_CLAIM)));
    if (claims.get(REALM_ACCESS_CLAIM) instanceof Map<?, ?> realmAccess) {
      roles.addAll(texts(realmAccess.get("roles")));
    }
    Map<String, String> attributes = new HashMap<>();
    for (String claim : extraAttributeClaims) {
      List<String> values = texts(claims.get(claim));
      if (!values.isEmpty()) {
        attributes.put(claim, String.join(",", values));
      }
    }
    if (claims.get(ATTRIBUTES_CLAIM) instanceof Map<?, ?> nested) {
      nested.forEach(
          (key, value) -> {
            List<String> values = texts(value);
            if (key != null && !values.isEmpty()) {
              attributes.put(key.toString(), String.join(",", values));
            }
          });
    }
    return new UserIdentity(name, roles, attributes);
  }

  private static java.util.Optional<String> firstText(Map<String, ?> claims, List<String> names) {
    for (String name : names) {
      if (claims.get(name) instanceof String text && !text.isBlank()) {
        return java.util.Optional.of(text);
      }
    }
    return java.util.Optional.empty();
  }

  private static List<String> texts(Object value) {
    return switch (value) {
      case null -> List.of();
      case Collection<?> many ->
          many.stream()
              .filter(v -> v instanceof String || v instanceof Number || v instanceof Boolean)
              .map(Object::toString)
              .collect(Collectors.toCollection(LinkedHashSet::new))
              .stream()
              .toList();
      case String text -> List.of(text);
      case Number number -> List.of(number.toString());
      case Boolean bool -> List.of(bool.toString());
      default -> List.of();
    };
  }
}
