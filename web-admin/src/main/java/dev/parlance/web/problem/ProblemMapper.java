package dev.parlance.web.problem;

import jakarta.ws.rs.core.Context;
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

  @Override
  public Response toResponse(Throwable failure) {
    String instance = uri == null ? null : "/" + uri.getPath().replaceFirst("^/", "");
    Problem problem =
        ProblemTable.problemFor(failure, instance)
            .orElseGet(
                () -> {
                  String reference = UUID.randomUUID().toString();
                  LOG.log(Level.SEVERE, "unexpected failure, reference " + reference, failure);
                  return Problem.of(
                      500, "an unexpected error occurred; reference " + reference, instance);
                });
    return Response.status(problem.status())
        .type(Problem.MEDIA_TYPE)
        .entity(problem.toJson())
        .build();
  }
}
