package dev.parlance.web.session;

import dev.parlance.web.identity.BrowserSession;
import jakarta.enterprise.inject.Instance;
import jakarta.inject.Inject;
import jakarta.servlet.ServletException;
import jakarta.servlet.annotation.WebServlet;
import jakarta.servlet.http.HttpServlet;
import jakarta.servlet.http.HttpServletRequest;
import jakarta.servlet.http.HttpServletResponse;
import jakarta.servlet.http.HttpSession;
import java.io.IOException;
import java.net.URI;
import java.util.Optional;

/**
 * {@code POST /logout} (a state-changing request, so the CSRF filter guards it): ends the portal's
 * session and sends the browser to the provider's end-session address, so that the provider's
 * session ends too and the next visit asks for the password again.
 */
@WebServlet(name = "logout", urlPatterns = "/logout")
public class LogoutServlet extends HttpServlet {

  private static final long serialVersionUID = 1L;

  @Inject Instance<BrowserSession> browserSession;

  @Override
  protected void doPost(HttpServletRequest request, HttpServletResponse response)
      throws IOException, ServletException {
    URI home =
        URI.create(
            request.getScheme()
                + "://"
                + request.getServerName()
                + ":"
                + request.getServerPort()
                + request.getContextPath()
                + "/");
    // Read before logging out: afterwards the session's tokens are gone.
    Optional<URI> provider =
        browserSession.isResolvable()
            ? browserSession.get().providerLogout(request, home)
            : Optional.empty();
    request.logout();
    HttpSession session = request.getSession(false);
    if (session != null) {
      session.invalidate();
    }
    response.sendRedirect(provider.map(URI::toString).orElse(home.toString()));
  }
}
