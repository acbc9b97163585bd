package dev.parlance.web.security;

import dev.parlance.web.problem.Problem;
import jakarta.servlet.http.HttpServletRequest;
import jakarta.servlet.http.HttpServletResponse;
import java.io.IOException;
import java.nio.charset.StandardCharsets;

/** Answers a problem from a servlet filter, before the request reaches JAX-RS. */
final class ProblemResponses {

  private ProblemResponses() {}

  static void send(
      HttpServletRequest request, HttpServletResponse response, int status, String detail)
      throws IOException {
    Problem problem = Problem.of(status, detail, request.getRequestURI());
    response.setStatus(status);
    response.setContentType(Problem.MEDIA_TYPE);
    response.setCharacterEncoding(StandardCharsets.UTF_8.name());
    response.getWriter().write(problem.toJson());
  }
}
