package dev.parlance.web.security;

import dev.parlance.web.problem.BodyTooLargeException;
import jakarta.inject.Inject;
import jakarta.servlet.FilterChain;
import jakarta.servlet.ReadListener;
import jakarta.servlet.ServletException;
import jakarta.servlet.ServletInputStream;
import jakarta.servlet.annotation.WebFilter;
import jakarta.servlet.http.HttpFilter;
import jakarta.servlet.http.HttpServletRequest;
import jakarta.servlet.http.HttpServletRequestWrapper;
import jakarta.servlet.http.HttpServletResponse;
import java.io.IOException;
import org.eclipse.microprofile.config.inject.ConfigProperty;

/**
 * Refuses request bodies over {@code parlance.web.max-body-bytes} (default 1 MiB): at once when the
 * declared length is too large, and while reading when a chunked body grows past it.
 */
@WebFilter(filterName = "body-limit", urlPatterns = "/*", asyncSupported = true)
public class BodyLimitFilter extends HttpFilter {

  private static final long serialVersionUID = 1L;

  @Inject
  @ConfigProperty(name = "parlance.web.max-body-bytes", defaultValue = "1048576")
  long limit;

  @Override
  protected void doFilter(
      HttpServletRequest request, HttpServletResponse response, FilterChain chain)
      throws IOException, ServletException {
    long declared = request.getContentLengthLong();
    if (declared > limit) {
      ProblemResponses.send(
          request,
          response,
          413,
          "the request body is larger than the limit of " + limit + " bytes");
      return;
    }
    chain.doFilter(declared >= 0 ? request : new Limited(request, limit), response);
  }

  /** A request whose body stream fails once more than the limit has been read. */
  static final class Limited extends HttpServletRequestWrapper {

    private final long limit;
    private ServletInputStream stream;

    Limited(HttpServletRequest request, long limit) {
      super(request);
      this.limit = limit;
    }

    @Override
    public ServletInputStream getInputStream() throws IOException {
      if (stream == null) {
        stream = new Counting(super.getInputStream(), limit);
      }
      return stream;
    }
  }

  static final class Counting extends ServletInputStream {

    private final ServletInputStream in;
    private final long limit;
    private long read;

    Counting(ServletInputStream in, long limit) {
      this.in = in;
      this.limit = limit;
    }

    @Override
    public int read() throws IOException {
      int b = in.read();
      if (b >= 0) {
        count(1);
      }
      return b;
    }

    @Override
    public int read(byte[] buffer, int offset, int length) throws IOException {
      int n = in.read(buffer, offset, length);
      if (n > 0) {
        count(n);
      }
      return n;
    }

    private void count(int n) throws BodyTooLargeException {
      read += n;
      if (read > limit) {
        throw new BodyTooLargeException(limit);
      }
    }

    @Override
    public boolean isFinished() {
      return in.isFinished();
    }

    @Override
    public boolean isReady() {
      return in.isReady();
    }

    @Override
    public void setReadListener(ReadListener listener) {
      in.setReadListener(listener);
    }
  }
}
