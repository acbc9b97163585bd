package dev.parlance.web.session;

import jakarta.servlet.annotation.WebServlet;
import jakarta.servlet.http.HttpServlet;
import jakarta.servlet.http.HttpServletRequest;
import jakarta.servlet.http.HttpServletResponse;
import java.io.IOException;

/**
 * {@code /login}: protected, so reaching it runs the OpenID Connect login flow; once signed in the
 * browser goes on to {@code next} (a path of the portal only, never another site) or the home page.
 */
@WebServlet(name = "login", urlPatterns = "/login")
public class LoginServlet extends HttpServlet {

  private static final long serialVersionUID = 1L;

  @Override
  protected void doGet(HttpServletRequest request, HttpServletResponse response)
      throws IOException {
    response.sendRedirect(request.getContextPath() + localPath(request.getParameter("next")));
  }

  /** Only a path on this site: no scheme, no host, no protocol-relative {@code //}. */
  static String localPath(String next) {
    if (next == null
        || !next.startsWith("/")
        || next.startsWith("//")
        || next.startsWith("/\\")
        || next.chars().anyMatch(c -> c < 0x20)) {
      return "/";
    }
    return next;
  }
}
