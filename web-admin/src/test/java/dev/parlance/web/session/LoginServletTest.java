package dev.parlance.web.session;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

class LoginServletTest {

  @ParameterizedTest(name = "{0} -> {1}")
  @CsvSource(
      delimiter = '|',
      value = {
        "/portal/ask?source=demo | /portal/ask?source=demo",
        "/                       | /",
        "https://evil.example    | /",
        "//evil.example/x        | /",
        "/\\evil.example         | /",
        "javascript:alert(1)     | /",
        "portal                  | /"
      })
  void should_only_send_the_browser_on_to_a_path_of_the_portal_when_signed_in(
      String next, String expected) {
    assertThat(LoginServlet.localPath(next)).isEqualTo(expected);
  }

  @org.junit.jupiter.api.Test
  void should_go_home_when_no_page_was_asked_for() {
    assertThat(LoginServlet.localPath(null)).isEqualTo("/");
  }
}
