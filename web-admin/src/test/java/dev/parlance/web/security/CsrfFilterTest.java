package dev.parlance.web.security;

import static org.assertj.core.api.Assertions.assertThat;

import jakarta.servlet.http.Cookie;
import jakarta.servlet.http.HttpServletRequest;
import jakarta.servlet.http.HttpServletResponse;
import java.io.PrintWriter;
import java.io.StringWriter;
import java.lang.reflect.Proxy;
import java.util.HashMap;
import java.util.Map;
import org.junit.jupiter.api.Test;

class CsrfFilterTest {

  private static final String TOKEN = "t".repeat(43);
  private static final String PAGE_ACCEPT = "text/html,application/xhtml+xml,*/*;q=0.8";

  private final Map<String, String> requestHeaders = new HashMap<>();
  private final Map<String, String> parameters = new HashMap<>();
  private final Map<String, String> responseHeaders = new HashMap<>();
  private final StringWriter body = new StringWriter();
  private Cookie[] cookies;
  private String uri = "/portal/ask";
  private String query;
  private int status = 200;
  private boolean passedOn;
  private java.security.Principal principal;

  @Test
  void should_send_a_pages_form_back_to_the_page_when_the_browser_lost_its_token_cookie() {
    requestHeaders.put("Accept", PAGE_ACCEPT);
    parameters.put("_csrf", "an-old-token-of-the-expired-session-xxxxxxxx");
    query = "source=demo";

    post();

    assertThat(status).isEqualTo(303);
    assertThat(responseHeaders).containsEntry("Location", "/portal/ask?source=demo");
    assertThat(passedOn).as("nothing done").isFalse();
  }

  @Test
  void should_refuse_a_form_whose_token_differs_from_the_cookie() {
    requestHeaders.put("Accept", PAGE_ACCEPT);
    cookies = new Cookie[] {new Cookie(CsrfFilter.COOKIE, TOKEN)};
    parameters.put("_csrf", "u".repeat(43));

    post();

    assertThat(status).isEqualTo(403);
    assertThat(body.toString()).contains("CSRF protection");
    assertThat(passedOn).isFalse();
  }

  @Test
  void should_refuse_a_script_or_api_request_without_a_token_rather_than_redirect_it() {
    requestHeaders.put("Accept", "text/event-stream");
    post();
    assertThat(status).isEqualTo(403);

    status = 200;
    requestHeaders.put("Accept", PAGE_ACCEPT);
    uri = "/api/v1/sources";
    post();
    assertThat(status).isEqualTo(403);
    assertThat(passedOn).isFalse();
  }

  @Test
  void should_refuse_a_page_navigation_from_another_site_before_anything_else() {
    requestHeaders.put("Accept", PAGE_ACCEPT);
    requestHeaders.put("Origin", "https://elsewhere.example");

    post();

    assertThat(status).isEqualTo(403);
    assertThat(responseHeaders).doesNotContainKey("Location");
  }

  @Test
  void should_pass_a_form_whose_token_equals_the_cookie() {
    requestHeaders.put("Accept", PAGE_ACCEPT);
    cookies = new Cookie[] {new Cookie(CsrfFilter.COOKIE, TOKEN)};
    parameters.put("_csrf", TOKEN);

    post();

    assertThat(passedOn).isTrue();
    assertThat(status).isEqualTo(200);
  }

  // Issue 24: any "Authorization: Bearer <anything>" used to skip the check, even on a request
  // the session cookie authenticated.
  @Test
  void should_refuse_a_cookie_authenticated_request_that_merely_carries_a_bearer_header() {
    uri = "/portal/sources";
    requestHeaders.put("Authorization", "Bearer anything-at-all");
    cookies = new Cookie[] {new Cookie(CsrfFilter.COOKIE, TOKEN)};
    principal = () -> "admin"; // the session cookie's caller, not a token

    post();

    assertThat(status).isEqualTo(403);
    assertThat(passedOn).isFalse();
  }

  @Test
  void should_refuse_a_request_whose_bearer_header_is_not_the_token_that_authenticated_it() {
    uri = "/api/v1/sources";
    requestHeaders.put("Authorization", "Bearer forged.token.text");
    principal = token("the.real.token");

    post();

    assertThat(status).isEqualTo(403);
    assertThat(passedOn).isFalse();
  }

  @Test
  void should_pass_a_request_that_its_bearer_token_authenticated_without_a_csrf_token() {
    uri = "/api/v1/sources";
    requestHeaders.put("Authorization", "Bearer the.real.token");
    principal = token("the.real.token");

    post();

    assertThat(passedOn).isTrue();
    assertThat(status).isEqualTo(200);
  }

  private static org.eclipse.microprofile.jwt.JsonWebToken token(String raw) {
    return (org.eclipse.microprofile.jwt.JsonWebToken)
        Proxy.newProxyInstance(
            CsrfFilterTest.class.getClassLoader(),
            new Class<?>[] {org.eclipse.microprofile.jwt.JsonWebToken.class},
            (proxy, method, args) ->
                switch (method.getName()) {
                  case "getRawToken" -> raw;
                  case "getName" -> "analyst";
                  default -> throw new UnsupportedOperationException(method.getName());
                });
  }

  private void post() {
    try {
      new CsrfFilter().doFilter(request(), response(), (req, res) -> passedOn = true);
    } catch (Exception e) {
      throw new AssertionError(e);
    }
  }

  private HttpServletRequest request() {
    Map<String, java.util.function.Function<Object[], Object>> answers = new HashMap<>();
    answers.put("getMethod", args -> "POST");
    answers.put("getHeader", args -> requestHeaders.get((String) args[0]));
    answers.put("getParameter", args -> parameters.get((String) args[0]));
    answers.put("getContentType", args -> "application/x-www-form-urlencoded");
    answers.put("getCookies", args -> cookies);
    answers.put("getContextPath", args -> "");
    answers.put("getRequestURI", args -> uri);
    answers.put("getQueryString", args -> query);
    answers.put("getScheme", args -> "https");
    answers.put("getServerName", args -> "localhost");
    answers.put("getServerPort", args -> 9443);
    answers.put("getUserPrincipal", args -> principal);
    return fake(HttpServletRequest.class, answers);
  }

  private HttpServletResponse response() {
    PrintWriter writer = new PrintWriter(body, true);
    Map<String, java.util.function.Function<Object[], Object>> answers = new HashMap<>();
    answers.put("setStatus", args -> status = (Integer) args[0]);
    answers.put("setHeader", args -> responseHeaders.put((String) args[0], (String) args[1]));
    answers.put("setContentType", args -> null);
    answers.put("setCharacterEncoding", args -> null);
    answers.put("getWriter", args -> writer);
    return fake(HttpServletResponse.class, answers);
  }

  private static <T> T fake(
      Class<T> type, Map<String, java.util.function.Function<Object[], Object>> answers) {
    return type.cast(
        Proxy.newProxyInstance(
            type.getClassLoader(),
            new Class<?>[] {type},
            (proxy, method, args) -> {
              var answer = answers.get(method.getName());
              if (answer == null) {
                throw new UnsupportedOperationException(method.getName());
              }
              return answer.apply(args);
            }));
  }
}
