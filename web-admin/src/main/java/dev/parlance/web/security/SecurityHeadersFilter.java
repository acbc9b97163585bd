package dev.parlance.web.security;

import dev.parlance.web.identity.BrowserSession;
import jakarta.enterprise.inject.Instance;
import jakarta.inject.Inject;
import jakarta.servlet.FilterChain;
import jakarta.servlet.ServletException;
import jakarta.servlet.annotation.WebFilter;
import jakarta.servlet.http.HttpFilter;
import jakarta.servlet.http.HttpServletRequest;
import jakarta.servlet.http.HttpServletResponse;
import java.io.IOException;
import java.util.Optional;

/** Puts {@link SecurityHeaders} on every answer of the application. */
@WebFilter(filterName = "security-headers", urlPatterns = "/*", asyncSupported = true)
public class SecurityHeadersFilter extends HttpFilter {

  private static final long serialVersionUID = 1L;

  @Inject transient Instance<BrowserSession> browserSession;

  // The policy names the provider's origin, which the configuration fixes at start: made once.
  private transient volatile String policy;

  @Override
  protected void doFilter(
      HttpServletRequest request, HttpServletResponse response, FilterChain chain)
      throws IOException, ServletException {
    SecurityHeaders.applyTo(request, response, policy());
    chain.doFilter(request, response);
  }

  private String policy() {
    String made = policy;
    if (made == null) {
      Optional<String> provider =
          browserSession != null && browserSession.isResolvable()
              ? browserSession.get().providerOrigin()
              : Optional.empty();
      made = SecurityHeaders.contentSecurityPolicy(provider);
      policy = made;
    }
    return made;
  }
}
