package dev.parlance.web.security;

import jakarta.servlet.FilterChain;
import jakarta.servlet.ServletException;
import jakarta.servlet.annotation.WebFilter;
import jakarta.servlet.http.HttpFilter;
import jakarta.servlet.http.HttpServletRequest;
import jakarta.servlet.http.HttpServletResponse;
import java.io.IOException;

/** Puts {@link SecurityHeaders} on every answer of the application. */
@WebFilter(filterName = "security-headers", urlPatterns = "/*", asyncSupported = true)
public class SecurityHeadersFilter extends HttpFilter {

  private static final long serialVersionUID = 1L;

  @Override
  protected void doFilter(
      HttpServletRequest request, HttpServletResponse response, FilterChain chain)
      throws IOException, ServletException {
    SecurityHeaders.applyTo(request, response);
    chain.doFilter(request, response);
  }
}
