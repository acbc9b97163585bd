package dev.parlance.web.pages;

import dev.parlance.application.source.IndexSourceUseCase;
import dev.parlance.application.source.UseSourcesUseCase;
import dev.parlance.domain.governance.UserIdentity;
import dev.parlance.domain.source.Dialect;
import dev.parlance.web.identity.CallerIdentity;
import jakarta.servlet.http.HttpServletRequest;
import jakarta.servlet.http.HttpServletResponse;
import java.io.PrintWriter;
import java.io.StringWriter;
import java.lang.reflect.Proxy;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.function.Function;
import java.util.function.Supplier;

/**
 * One request to a page servlet and its response, in memory: what a page test needs of the servlet
 * API (parameters, headers, the body written, whether the response was committed), and fakes of
 * use-case interfaces that answer the methods a test names and refuse the rest.
 */
final class PageExchange {

  final Map<String, String> parameters = new HashMap<>();
  final Map<String, String> headers = new HashMap<>();
  final StringWriter body = new StringWriter();
  final String servletPath;
  int status = 200;
  String contentType;
  boolean committed;

  PageExchange(String servletPath) {
    this.servletPath = servletPath;
  }

  PageExchange with(String name, String value) {
    parameters.put(name, value);
    return this;
  }

  HttpServletRequest request() {
    return fake(
        HttpServletRequest.class,
        Map.of(
            "getParameter", args -> parameters.get((String) args[0]),
            "getContextPath", args -> "",
            "getServletPath", args -> servletPath,
            "getRequestURI", args -> servletPath,
            "getCookies", args -> null));
  }

  HttpServletResponse response() {
    PrintWriter writer = new PrintWriter(body);
    Map<String, Function<Object[], Object>> answers = new HashMap<>();
    answers.put("setStatus", args -> status = (Integer) args[0]);
    answers.put("getStatus", args -> status);
    answers.put("setHeader", args -> headers.put((String) args[0], (String) args[1]));
    answers.put("getHeader", args -> headers.get((String) args[0]));
    answers.put("setContentType", args -> contentType = (String) args[0]);
    answers.put("setCharacterEncoding", args -> null);
    answers.put("getWriter", args -> writer);
    answers.put("isCommitted", args -> committed);
    answers.put(
        "flushBuffer",
        args -> {
          writer.flush();
          return committed = true;
        });
    return fake(HttpServletResponse.class, answers);
  }

  /**
   * The page written, with the references the template engine writes for = and a line break
   * decoded.
   */
  String page() {
    return body.toString().replace("&#61;", "=").replace("&#10;", "\n");
  }

  /** A fake of {@code type} answering the named methods; any other call fails the test. */
  @SuppressWarnings("unchecked")
  /** The caller a page sees: whoever {@code who} names when asked (a test may change it). */
  static CallerIdentity caller(Supplier<UserIdentity> who) {
    return new CallerIdentity() {
      @Override
      public UserIdentity get() {
        return who.get();
      }
    };
  }

  /** The sources a caller may use: the demo, on H2, indexed. */
  static UseSourcesUseCase usableDemo() {
    return fake(
        UseSourcesUseCase.class,
        Map.of(
            "usable",
            args ->
                List.of(
                    new UseSourcesUseCase.SourceSummary(
                        "demo", Dialect.H2, new IndexSourceUseCase.Ready(), Optional.empty()))));
  }

  static <T> T fake(Class<T> type, Map<String, Function<Object[], Object>> answers) {
    return (T)
        Proxy.newProxyInstance(
            type.getClassLoader(),
            new Class<?>[] {type},
            (proxy, method, args) -> {
              Function<Object[], Object> answer = answers.get(method.getName());
              if (answer != null) {
                return answer.apply(args == null ? new Object[0] : args);
              }
              if (method.getName().equals("toString")) {
                return "fake " + type.getSimpleName();
              }
              if (method.isDefault()) {
                // What the interface itself says (e.g. an overload that passes a default on).
                return java.lang.reflect.InvocationHandler.invokeDefault(proxy, method, args);
              }
              throw new UnsupportedOperationException(
                  type.getSimpleName() + "." + method.getName() + " is not part of this test");
            });
  }
}
