package dev.parlance.web.identity;

import dev.parlance.domain.governance.UserIdentity;
import jakarta.enterprise.context.RequestScoped;
import jakarta.enterprise.inject.Instance;
import jakarta.enterprise.inject.Produces;
import jakarta.inject.Inject;
import jakarta.json.JsonArray;
import jakarta.json.JsonNumber;
import jakarta.json.JsonObject;
import jakarta.json.JsonString;
import jakarta.json.JsonValue;
import jakarta.servlet.http.HttpServletRequest;
import java.security.Principal;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import org.eclipse.microprofile.jwt.JsonWebToken;

/**
 * Who is calling, once per request: a bearer token's claims (MicroProfile JWT), or a browser
 * session's through {@link BrowserSession}, made into the {@link UserIdentity} that governance
 * applies. Resources inject {@code UserIdentity}; nothing reads the caller from a global.
 */
@RequestScoped
public class CallerIdentity {

  /** The roles a portal user can hold, asked of the container when no claims are at hand. */
  static final List<String> PORTAL_ROLES = List.of("analyst", "steward", "admin", "regional");

  @Inject HttpServletRequest request;

  @Inject Instance<BrowserSession> browserSession;

  @Inject IdentityClaims mapping;

  private UserIdentity identity;

  /** The caller; fails (401 to the caller) when the request is anonymous. */
  public UserIdentity get() {
    if (identity == null) {
      identity = resolve();
    }
    return identity;
  }

  @Produces
  UserIdentity produce() {
    return get();
  }

  private UserIdentity resolve() {
    Principal principal = request.getUserPrincipal();
    if (principal == null) {
      throw new jakarta.ws.rs.NotAuthorizedException("Bearer");
    }
    if (principal instanceof JsonWebToken token) {
      // Only the claims the mapping reads: a token holds many more, each a JSON-P value to convert.
      Map<String, Object> claims = new HashMap<>();
      for (String name : mapping.claimNames()) {
        Object value = token.getClaim(name);
        if (value != null) {
          claims.put(name, plain(value));
        }
      }
      return mapping.identity(claims);
    }
    Optional<Map<String, Object>> claims =
        browserSession.isResolvable() ? browserSession.get().claims(request) : Optional.empty();
    if (claims.isPresent()) {
      return mapping.identity(claims.get());
    }
    List<String> roles = PORTAL_ROLES.stream().filter(request::isUserInRole).toList();
    return new UserIdentity(principal.getName(), java.util.Set.copyOf(roles), Map.of());
  }

  /** JSON-P values (how MicroProfile JWT hands out structured claims) as plain Java values. */
  static Object plain(Object value) {
    return switch (value) {
      case null -> null;
      case JsonString text -> text.getString();
      case JsonNumber number -> number.isIntegral() ? number.longValue() : number.doubleValue();
      case JsonArray array -> array.stream().map(CallerIdentity::plain).toList();
      case JsonObject object -> {
        Map<String, Object> map = new HashMap<>();
        object.forEach((k, v) -> map.put(k, plain(v)));
        yield map;
      }
      case JsonValue json when json == JsonValue.TRUE -> Boolean.TRUE;
      case JsonValue json when json == JsonValue.FALSE -> Boolean.FALSE;
      case JsonValue json -> null;
      case java.util.Set<?> set -> set.stream().map(CallerIdentity::plain).toList();
      default -> value;
    };
  }
}
