package dev.parlance.deploy.server;

import com.ibm.websphere.security.openidconnect.PropagationHelper;
import com.ibm.websphere.security.openidconnect.token.IdToken;
import dev.parlance.web.identity.BrowserSession;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.inject.Inject;
import jakarta.json.Json;
import jakarta.json.JsonArray;
import jakarta.json.JsonNumber;
import jakarta.json.JsonObject;
import jakarta.json.JsonReader;
import jakarta.json.JsonString;
import jakarta.json.JsonValue;
import jakarta.servlet.http.HttpServletRequest;
import java.io.StringReader;
import java.net.URI;
import java.net.URLEncoder;
import java.nio.charset.StandardCharsets;
import java.util.Base64;
import java.util.HashMap;
import java.util.Map;
import java.util.Optional;
import org.eclipse.microprofile.config.inject.ConfigProperty;

/**
 * A browser session held by Liberty's OpenID Connect client. Its claims come from the access token
 * the client fetched itself from the provider's token endpoint during the login flow (so trusted as
 * it stands); logout goes to the provider's end-session endpoint with the session's ID token as the
 * hint, which ends the provider's session without asking the user to confirm.
 */
@ApplicationScoped
public class LibertyBrowserSession implements BrowserSession {

  @Inject
  @ConfigProperty(name = "parlance.oidc.end-session-endpoint")
  Optional<String> endSessionEndpoint;

  @Inject
  @ConfigProperty(name = "parlance.oidc.issuer")
  String issuer;

  @Inject
  @ConfigProperty(name = "parlance.oidc.client-id", defaultValue = "parlance-portal")
  String clientId;

  @Override
  public Optional<Map<String, Object>> claims(HttpServletRequest request) {
    String token;
    try {
      token = PropagationHelper.getAccessToken();
    } catch (RuntimeException | LinkageError e) {
      return Optional.empty();
    }
    if (token == null || token.chars().filter(c -> c == '.').count() != 2) {
      return Optional.empty();
    }
    String payload =
        new String(Base64.getUrlDecoder().decode(token.split("\\.")[1]), StandardCharsets.UTF_8);
    try (JsonReader reader = Json.createReader(new StringReader(payload))) {
      Map<String, Object> claims = new HashMap<>();
      reader.readObject().forEach((name, value) -> claims.put(name, plain(value)));
      return Optional.of(claims);
    }
  }

  @Override
  public Optional<URI> providerLogout(HttpServletRequest request, URI returnTo) {
    String idToken;
    try {
      IdToken token = PropagationHelper.getIdToken();
      idToken = token == null ? null : token.getRawIdToken();
    } catch (Exception | LinkageError e) {
      return Optional.empty();
    }
    if (idToken == null) {
      return Optional.empty();
    }
    String endpoint = endSession();
    return Optional.of(
        URI.create(
            endpoint
                + (endpoint.contains("?") ? "&" : "?")
                + "id_token_hint="
                + encode(idToken)
                + "&client_id="
                + encode(clientId)
                + "&post_logout_redirect_uri="
                + encode(returnTo.toString())));
  }

  @Override
  public Optional<String> providerOrigin() {
    try {
      URI endpoint = URI.create(endSession());
      if (endpoint.getScheme() == null || endpoint.getHost() == null) {
        return Optional.empty();
      }
      return Optional.of(
          endpoint.getScheme()
              + "://"
              + endpoint.getHost()
              + (endpoint.getPort() == -1 ? "" : ":" + endpoint.getPort()));
    } catch (IllegalArgumentException e) {
      return Optional.empty();
    }
  }

  private String endSession() {
    return endSessionEndpoint
        .filter(e -> !e.isBlank())
        .orElse(issuer.replaceAll("/+$", "") + "/protocol/openid-connect/logout");
  }

  private static String encode(String value) {
    return URLEncoder.encode(value, StandardCharsets.UTF_8);
  }

  private static Object plain(JsonValue value) {
    return switch (value) {
      case JsonString text -> text.getString();
      case JsonNumber number -> number.longValue();
      case JsonArray array -> array.stream().map(LibertyBrowserSession::plain).toList();
      case JsonObject object -> {
        Map<String, Object> map = new HashMap<>();
        object.forEach((k, v) -> map.put(k, plain(v)));
        yield map;
      }
      default ->
          value == JsonValue.TRUE ? Boolean.TRUE : value == JsonValue.FALSE ? Boolean.FALSE : null;
    };
  }
}
