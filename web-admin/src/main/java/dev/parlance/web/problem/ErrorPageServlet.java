package dev.parlance.web.problem;

import dev.parlance.web.security.SecurityHeaders;
import jakarta.servlet.RequestDispatcher;
import jakarta.servlet.annotation.WebServlet;
import jakarta.servlet.http.HttpServlet;
import jakarta.servlet.http.HttpServletRequest;
import jakarta.servlet.http.HttpServletResponse;
import java.io.IOException;
import java.nio.charset.StandardCharsets;

/**
 * The error page of the web application (web.xml): errors the container answers itself, before any
 * resource runs (no token, no such path, a failure in a filter), become problem+json too.
 */
@WebServlet(name = "problem", urlPatterns = "/problem")
public class ErrorPageServlet extends HttpServlet {

  private static final long serialVersionUID = 1L;

  @Override
  protected void service(HttpServletRequest request, HttpServletResponse response)
      throws IOException {
    Object code = request.getAttribute(RequestDispatcher.ERROR_STATUS_CODE);
    Object uri = request.getAttribute(RequestDispatcher.ERROR_REQUEST_URI);
    int status = code instanceof Integer i && i >= 400 ? i : 404;
    String instance = uri == null ? request.getRequestURI() : uri.toString();
    String detail =
        switch (status) {
          case 401 -> "sign in first: send a bearer token from the identity provider";
          case 403 -> "your roles do not allow this";
          case 404 -> "no resource at " + instance;
          case 405 -> "this resource does not accept that method";
          case 500 -> "an unexpected error occurred";
          default -> ProblemTable.title(status);
        };
    Problem problem = Problem.of(status, detail, instance);
    SecurityHeaders.applyTo(request, response);
    response.setStatus(status);
    response.setContentType(Problem.MEDIA_TYPE);
    response.setCharacterEncoding(StandardCharsets.UTF_8.name());
    response.getWriter().write(problem.toJson());
  }
}
