package dev.parlance.web.security;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.Optional;
import org.junit.jupiter.api.Test;

class SecurityHeadersTest {

  @Test
  void should_let_forms_reach_only_the_portal_when_no_provider_is_named() {
    assertThat(SecurityHeaders.CONTENT_SECURITY_POLICY)
        .contains("form-action 'self';")
        .contains("script-src 'self';")
        .doesNotContain("unsafe-inline");
  }

  @Test
  void should_let_the_sign_out_redirect_reach_the_provider_when_its_origin_is_named() {
    String policy = SecurityHeaders.contentSecurityPolicy(Optional.of("http://localhost:8080"));

    assertThat(policy)
        .contains("form-action 'self' http://localhost:8080;")
        .contains("frame-ancestors 'none'")
        .contains("default-src 'self';");
  }
}
