package dev.parlance.web.problem;

import jakarta.ws.rs.BadRequestException;
import jakarta.ws.rs.NotSupportedException;
import jakarta.ws.rs.core.Context;
import jakarta.ws.rs.core.HttpHeaders;
import jakarta.ws.rs.core.Response;
import jakarta.ws.rs.core.UriInfo;
import jakarta.ws.rs.ext.ExceptionMapper;
import jakarta.ws.rs.ext.Provider;
import java.util.UUID;
import java.util.logging.Level;
import java.util.logging.Logger;

/**
 * Every exception a resource or the runtime throws becomes a problem+json answer: expected ones
 * through {@link ProblemTable}, anything else as a 500 with a reference the log also holds (the
 * trace goes to the log, never to the caller).
 */
@Provider
public class ProblemMapper implements ExceptionMapper<Throwable> {

  private static final Logger LOG = Logger.getLogger(ProblemMapper.class.getName());

  @Context UriInfo uri;
  @Context HttpHeaders headers;

  @Override
  public Response toResponse(Throwable failure) {
    if (failure instanceof NotSupportedException && sentNothing(headers)) {
      // The runtime matches a request without Content-Type as having no media type at all (415);
      // to the caller it is a missing body, which the API's contract answers with 400.
      failure = new BadRequestException("send a JSON body (Content-Type: application/json)");
    }
    return response(failure, instance(uri));
  }

  /** No media type and no body: a request that left its body out rather than sent another kind. */
  static boolean sentNothing(HttpHeaders headers) {
    if (headers == null || headers.getMediaType() != null) {
      return false;
    }
    String length = headers.getHeaderString(HttpHeaders.CONTENT_LENGTH);
    String chunked = headers.getHeaderString("Transfer-Encoding");
    return chunked == null && (length == null || length.strip().equals("0"));
  }

  /** The request path a problem names, taken while the request is at hand. */
  public static String instance(UriInfo uri) {
    return uri == null ? null : "/" + uri.getPath().replaceFirst("^/", "");
  }

  /** The answer to a failure, also for work that ends off the request thread (asks, streams). */
  public static Response response(Throwable failure, String instance) {
    Problem problem =
        ProblemTable.problemFor(failure, instance)
            .orElseGet(
                () -> {
                  String reference = UUID.randomUUID().toString();
                  LOG.log(Level.SEVERE, "unexpected failure, reference " + reference, failure);
                  return Problem.of(
                      500, "an unexpected error occurred; reference " + reference, instance);
                });
    Response.ResponseBuilder response =
        Response.status(problem.status()).type(Problem.MEDIA_TYPE).entity(problem.toJson());
    ProblemTable.retryAfter(failure)
        .ifPresent(wait -> response.header("Retry-After", Math.max(1, wait.toSeconds())));
    return response.build();
  }
}
