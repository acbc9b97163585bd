package dev.parlance.web.pages;

import jakarta.servlet.http.Cookie;
import jakarta.servlet.http.HttpServletRequest;
import jakarta.servlet.http.HttpServletRequestWrapper;
import java.util.Collections;
import java.util.Enumeration;
import java.util.HashMap;
import java.util.Locale;
import java.util.Map;

/**
 * The request as read on its own thread, for the ask executor's: its form fields, cookies and
 * paths. Open Liberty keeps a request's parsed parameters per thread, and the body can be read only
 * once, so another thread would find no form at all.
 */
final class ReadRequest extends HttpServletRequestWrapper {

  private final Map<String, String[]> fields;
  private final Cookie[] cookies;
  private final String contextPath;
  private final String requestUri;
  private final Locale locale;

  ReadRequest(HttpServletRequest request) {
    super(request);
    Map<String, String[]> form = new HashMap<>();
    request.getParameterMap().forEach((name, values) -> form.put(name, values.clone()));
    this.fields = Map.copyOf(form);
    this.cookies = request.getCookies();
    this.contextPath = request.getContextPath();
    this.requestUri = request.getRequestURI();
    this.locale = request.getLocale();
  }

  @Override
  public Locale getLocale() {
    return locale;
  }

  @Override
  public String getParameter(String name) {
    String[] values = fields.get(name);
    return values == null || values.length == 0 ? null : values[0];
  }

  @Override
  public String[] getParameterValues(String name) {
    String[] values = fields.get(name);
    return values == null ? null : values.clone();
  }

  @Override
  public Map<String, String[]> getParameterMap() {
    return fields;
  }

  @Override
  public Enumeration<String> getParameterNames() {
    return Collections.enumeration(fields.keySet());
  }

  @Override
  public Cookie[] getCookies() {
    return cookies == null ? null : cookies.clone();
  }

  @Override
  public String getContextPath() {
    return contextPath;
  }

  @Override
  public String getRequestURI() {
    return requestUri;
  }
}
