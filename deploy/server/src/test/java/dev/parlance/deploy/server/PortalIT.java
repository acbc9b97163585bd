package dev.parlance.deploy.server;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.io.IOException;
import java.net.URI;
import java.net.URL;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.util.ArrayList;
import java.util.Base64;
import java.util.List;
import java.util.Map;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.jboss.arquillian.container.test.api.Deployment;
import org.jboss.arquillian.container.test.api.RunAsClient;
import org.jboss.arquillian.junit5.ArquillianExtension;
import org.jboss.arquillian.test.api.ArquillianResource;
import org.jboss.shrinkwrap.api.spec.WebArchive;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

/**
 * The portal's WAR in a real Open Liberty (Arquillian's managed container) against a real Keycloak:
 * the browser login flow over HTTP, bearer tokens for every demo user, anonymous and bad callers,
 * and the web security every answer carries.
 */
@ExtendWith({PortalEnvironment.Extension.class, ArquillianExtension.class})
@RunAsClient
class PortalIT {

  private static final ObjectMapper JSON = new ObjectMapper();

  @Deployment(testable = false)
  static WebArchive war() {
    return PortalWar.archive();
  }

  @ArquillianResource URL deployed;

  private final PortalEnvironment env = PortalEnvironment.get();
  private final HttpClient http = Browser.client();

  private HttpResponse<String> call(String method, String path, String token, String body) {
    HttpRequest.Builder request = HttpRequest.newBuilder(env.portal().resolve(path));
    if (token != null) {
      request.header("Authorization", "Bearer " + token);
    }
    request.method(
        method,
        body == null
            ? HttpRequest.BodyPublishers.noBody()
            : HttpRequest.BodyPublishers.ofString(body));
    if (body != null) {
      request.header("Content-Type", "application/json");
    }
    try {
      return http.send(request.build(), HttpResponse.BodyHandlers.ofString());
    } catch (IOException e) {
      throw new java.io.UncheckedIOException(e);
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
      throw new IllegalStateException(e);
    }
  }

  private static JsonNode json(HttpResponse<String> response) {
    try {
      return JSON.readTree(response.body());
    } catch (IOException e) {
      throw new java.io.UncheckedIOException(e);
    }
  }

  private static void assertProblem(HttpResponse<String> response, int status) {
    assertThat(response.statusCode()).isEqualTo(status);
    assertThat(response.headers().firstValue("Content-Type").orElse(""))
        .startsWith("application/problem+json");
    JsonNode problem = json(response);
    assertThat(problem.get("status").asInt()).isEqualTo(status);
    assertThat(problem.get("title").asText()).isNotBlank();
    assertThat(response.body()).doesNotContain("Exception").doesNotContain("\tat ");
  }

  @ParameterizedTest(name = "{0}")
  @CsvSource(
      delimiter = '|',
      value = {
        "analyst    | analyst          | ''",
        "analyst-se | analyst,regional | SE",
        "steward    | steward          | ''",
        "admin      | admin            | ''"
      })
  void should_return_the_callers_identity_when_a_demo_user_sends_a_bearer_token(
      String user, String roles, String region) {
    HttpResponse<String> response = call("GET", "/api/v1/me", env.token(user), null);

    assertThat(response.statusCode()).isEqualTo(200);
    JsonNode me = json(response);
    assertThat(me.get("user").asText()).isEqualTo(user);
    List<String> actualRoles = new ArrayList<>();
    me.get("roles").forEach(r -> actualRoles.add(r.asText()));
    assertThat(actualRoles).contains(roles.split(","));
    assertThat(actualRoles).doesNotContain(otherRoles(roles));
    if (region.isEmpty()) {
      assertThat(me.get("attributes").has("region")).isFalse();
    } else {
      assertThat(me.get("attributes").get("region").asText()).isEqualTo(region);
    }
    if (user.equals("steward")) {
      assertThat(me.get("attributes").get("stewarded_sources").asText()).isEqualTo("demo");
    }
  }

  private static String[] otherRoles(String roles) {
    List<String> all = new ArrayList<>(List.of("analyst", "steward", "admin", "regional"));
    all.removeAll(List.of(roles.split(",")));
    return all.toArray(String[]::new);
  }

  @Test
  void should_refuse_anonymous_api_calls_with_a_problem_and_keep_health_public() {
    assertProblem(call("GET", "/api/v1/me", null, null), 401);
    assertThat(call("GET", "/health/live", null, null).statusCode()).isEqualTo(200);
    HttpResponse<String> ready = call("GET", "/health/ready", null, null);
    assertThat(ready.statusCode()).isEqualTo(200);
    assertThat(ready.body()).contains("\"identity\":\"up\"");
    HttpResponse<String> openapi = call("GET", "/openapi", null, null);
    assertThat(openapi.statusCode()).isEqualTo(200);
    // The schemas of the domain types the API returns (an answer record) are in the document too.
    assertThat(openapi.body())
        .contains("/api/v1/me")
        .contains("bearer")
        .contains("AnswerRecord")
        .contains("askedAt");
  }

  @Test
  void should_refuse_bad_tokens_with_401() {
    String good = env.token("analyst");
    String[] parts = good.split("\\.");
    String forgedPayload =
        Base64.getUrlEncoder()
            .withoutPadding()
            .encodeToString(
                new String(Base64.getUrlDecoder().decode(parts[1]))
                    .replace("\"analyst\"", "\"admin\"")
                    .getBytes());
    String forged = parts[0] + "." + forgedPayload + "." + parts[2];
    String otherRealm =
        env.keycloak()
            .passwordGrant("master", "admin-cli", "admin", env.keycloak().admin().password());

    for (String bad :
        List.of("not-a-token", forged, otherRealm, good.substring(0, good.length() - 4))) {
      assertProblem(call("GET", "/api/v1/me", bad, null), 401);
    }
  }

  @Test
  void should_send_security_headers_and_no_stack_traces_on_api_answers() {
    HttpResponse<String> ok = call("GET", "/api/v1/me", env.token("analyst"), null);
    HttpResponse<String> missing = call("GET", "/api/v1/no-such-thing", env.token("analyst"), null);
    HttpResponse<String> anonymous = call("GET", "/api/v1/me", null, null);

    for (HttpResponse<String> response : List.of(ok, missing, anonymous)) {
      String csp = response.headers().firstValue("Content-Security-Policy").orElse("");
      assertThat(csp)
          .contains("frame-ancestors 'none'")
          .contains("default-src 'self'")
          .doesNotContain("unsafe-inline");
      assertThat(response.headers().firstValue("X-Content-Type-Options")).contains("nosniff");
      assertThat(response.headers().firstValue("Strict-Transport-Security")).isPresent();
    }
    assertThat(ok.headers().firstValue("Cache-Control").orElse("")).contains("no-store");
    assertProblem(missing, 404);
  }

  @Test
  void should_answer_413_when_the_body_is_over_the_limit() {
    String huge = "{\"question\":\"" + "x".repeat(1_100_000) + "\"}";

    assertProblem(call("POST", "/api/v1/me", env.token("analyst"), huge), 413);
  }

  @Test
  void should_answer_405_as_a_problem_for_a_method_the_resource_lacks() {
    assertProblem(call("DELETE", "/api/v1/me", env.token("admin"), null), 405);
  }

  @Test
  void should_sign_in_through_the_keycloak_login_page_and_out_again() {
    Browser browser = new Browser();
    URI portal = env.portal();

    // 1. A protected page sends the browser to Keycloak's login page.
    HttpResponse<String> toProvider = browser.get(portal.resolve("/login?next=/portal/session"));
    assertThat(toProvider.statusCode()).isEqualTo(302);
    URI authorize = Browser.location(toProvider);
    assertThat(authorize.toString())
        .startsWith(env.keycloak().url() + "/realms/parlance/protocol/openid-connect/auth");
    HttpResponse<String> loginPage = browser.get(authorize);
    assertThat(loginPage.statusCode()).isEqualTo(200);
    URI formAction = URI.create(formAction(loginPage.body()));

    // 2. The user types a password; Keycloak sends the browser back to the portal with a code.
    HttpResponse<String> back =
        browser.postForm(
            formAction,
            Map.of(
                "username",
                "analyst-se",
                "password",
                env.password("analyst-se"),
                "credentialId",
                ""),
            Map.of());
    assertThat(back.statusCode()).isEqualTo(302);
    assertThat(Browser.location(back).toString()).startsWith(portal.toString()).contains("code=");

    // 3. Liberty redeems the code and lands on the page first asked for, signed in.
    HttpResponse<String> landed = browser.follow(back, 5);
    assertThat(landed.statusCode()).isEqualTo(200);
    assertThat(landed.request().uri().getPath()).isEqualTo("/portal/session");
    JsonNode session = json(landed);
    assertThat(session.get("user").asText()).isEqualTo("analyst-se");
    assertThat(session.get("attributes").get("region").asText()).isEqualTo("SE");
    assertThat(session.toString()).contains("regional");

    // Session cookies are Secure, HttpOnly and SameSite.
    List<String> portalCookies =
        browser.setCookieLines().stream()
            .filter(
                l ->
                    l.startsWith("PARLANCE_SSO=")
                        || l.startsWith("PARLANCE_SESSION=")
                        || l.startsWith("PARLANCE_CSRF="))
            .toList();
    assertThat(portalCookies).isNotEmpty();
    assertThat(portalCookies)
        .allSatisfy(
            line ->
                assertThat(line)
                    .contains("Secure")
                    .contains("HttpOnly")
                    .containsPattern("SameSite=(Lax|Strict)"));
    assertThat(browser.cookie(portal, "PARLANCE_SSO")).isNotBlank();

    // 4. Logging out without the CSRF token is refused; with it, the portal and Keycloak sessions
    // end.
    assertProblem(browser.postForm(portal.resolve("/logout"), Map.of(), Map.of()), 403);
    // Issue 24: an Authorization header that did not authenticate the request (the session cookie
    // did) no longer skips the check.
    assertProblem(
        browser.postForm(
            portal.resolve("/logout"), Map.of(), Map.of("Authorization", "Bearer not-a-token")),
        403);
    HttpResponse<String> home = browser.get(portal.resolve("/"));
    String csrf = home.headers().firstValue("X-CSRF-Token").orElseThrow();
    HttpResponse<String> loggedOut =
        browser.postForm(portal.resolve("/logout"), Map.of(), Map.of("X-CSRF-Token", csrf));
    browser.follow(loggedOut, 5);

    HttpResponse<String> again = browser.get(portal.resolve("/portal/session"));
    assertThat(again.statusCode()).isEqualTo(302);
    HttpResponse<String> provider = browser.get(Browser.location(again));
    assertThat(provider.statusCode())
        .as("Keycloak asks for the password again: its session ended too")
        .isEqualTo(200);
    assertThat(provider.body()).contains("kc-form-login");
  }

  private static String formAction(String html) {
    Matcher form = Pattern.compile("<form[^>]*id=\"kc-form-login\"[^>]*>").matcher(html);
    assertThat(form.find()).as("Keycloak's login form").isTrue();
    Matcher action = Pattern.compile("action=\"([^\"]+)\"").matcher(form.group());
    assertThat(action.find()).isTrue();
    return action.group(1).replace("&amp;", "&");
  }
}
