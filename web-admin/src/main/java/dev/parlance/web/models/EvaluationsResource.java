package dev.parlance.web.models;

import dev.parlance.application.access.SourceAccess;
import dev.parlance.application.evaluation.EvaluationJobsUseCase;
import dev.parlance.application.evaluation.EvaluationJobsUseCase.EvaluationJob;
import dev.parlance.domain.governance.UserIdentity;
import dev.parlance.web.problem.Requests;
import jakarta.annotation.security.RolesAllowed;
import jakarta.enterprise.context.RequestScoped;
import jakarta.inject.Inject;
import jakarta.ws.rs.Consumes;
import jakarta.ws.rs.GET;
import jakarta.ws.rs.POST;
import jakarta.ws.rs.Path;
import jakarta.ws.rs.PathParam;
import jakarta.ws.rs.Produces;
import jakarta.ws.rs.core.Context;
import jakarta.ws.rs.core.MediaType;
import jakarta.ws.rs.core.Response;
import jakarta.ws.rs.core.UriInfo;
import java.util.List;
import java.util.Locale;
import java.util.OptionalInt;
import org.eclipse.microprofile.openapi.annotations.Operation;

/**
 * {@code /api/v1/evaluations}: evaluation runs over a source's verified questions, started in the
 * background (admins): start one, follow its progress, list those this server started. The run's
 * report is then {@code /api/v1/benchmarks/runs/{id}/report}.
 */
@Path("evaluations")
@RequestScoped
@Produces(MediaType.APPLICATION_JSON)
public class EvaluationsResource {

  @Inject UserIdentity caller;
  @Inject EvaluationJobsUseCase jobs;

  /**
   * @param source the source whose approved verified questions are asked
   * @param limit only the first N questions (all when absent)
   */
  public record StartRequest(String source, Integer limit) {}

  /**
   * A run's state: {@code running}, {@code done} or {@code failed} (with {@code failure}), {@code
   * done} of {@code total} questions answered.
   */
  public record JobJson(
      String id,
      String source,
      String state,
      long done,
      long total,
      String failure,
      String startedBy,
      String startedAt,
      String endedAt) {
    static JobJson of(EvaluationJob job) {
      return new JobJson(
          job.id(),
          job.source(),
          job.state().name().toLowerCase(Locale.ROOT),
          job.done(),
          job.total(),
          job.failure().orElse(null),
          job.startedBy(),
          job.startedAt().toString(),
          job.endedAt().map(Object::toString).orElse(null));
    }
  }

  @POST
  @Consumes(MediaType.APPLICATION_JSON)
  @RolesAllowed(SourceAccess.ADMIN)
  @Operation(
      summary = "Start an evaluation run over a source's verified questions (admins)",
      description =
          "Body: source, optional limit. 202 with the run and its Location; 409 while a run of the"
              + " source is under way; 400 when the source has no approved verified questions.")
  public Response start(StartRequest body, @Context UriInfo uri) {
    StartRequest request = Requests.body(body);
    EvaluationJob job =
        jobs.start(
            caller,
            Requests.required(request.source(), "source"),
            request.limit() == null ? OptionalInt.empty() : OptionalInt.of(request.limit()));
    return Response.accepted(JobJson.of(job))
        .location(uri.getAbsolutePathBuilder().path(job.id()).build())
        .build();
  }

  @GET
  @RolesAllowed(SourceAccess.ADMIN)
  @Operation(summary = "The evaluation runs this server started, newest first (admins)")
  public List<JobJson> list() {
    return jobs.jobs(caller).stream().map(JobJson::of).toList();
  }

  @GET
  @Path("{id}")
  @RolesAllowed(SourceAccess.ADMIN)
  @Operation(summary = "An evaluation run's state and progress (admins)")
  public JobJson job(@PathParam("id") String id) {
    return JobJson.of(jobs.job(caller, id));
  }
}
