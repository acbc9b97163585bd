package dev.parlance.web.models;

import dev.parlance.application.access.SourceAccess;
import dev.parlance.application.evaluation.BenchmarkRunsUseCase;
import dev.parlance.domain.governance.UserIdentity;
import jakarta.annotation.security.RolesAllowed;
import jakarta.enterprise.context.RequestScoped;
import jakarta.inject.Inject;
import jakarta.ws.rs.GET;
import jakarta.ws.rs.Path;
import jakarta.ws.rs.PathParam;
import jakarta.ws.rs.Produces;
import jakarta.ws.rs.core.MediaType;
import java.util.List;
import org.eclipse.microprofile.openapi.annotations.Operation;

/**
 * {@code /api/v1/benchmarks/runs}: the benchmark runs on this installation and their HTML reports
 * (admins).
 */
@Path("benchmarks/runs")
@RequestScoped
public class BenchmarksResource {

  @Inject UserIdentity caller;
  @Inject BenchmarkRunsUseCase runs;

  public record RunJson(String name, String updatedAt, List<String> logs, boolean hasReport) {}

  @GET
  @Produces(MediaType.APPLICATION_JSON)
  @RolesAllowed(SourceAccess.ADMIN)
  @Operation(summary = "The benchmark runs on this installation")
  public List<RunJson> runs() {
    return runs.runs(caller).stream()
        .map(r -> new RunJson(r.name(), r.updatedAt().toString(), r.logs(), r.hasReport()))
        .toList();
  }

  @GET
  @Path("{run}/report")
  @Produces(MediaType.TEXT_HTML)
  @RolesAllowed(SourceAccess.ADMIN)
  @Operation(summary = "A run's HTML report")
  public String report(@PathParam("run") String run) {
    return runs.report(caller, run);
  }
}
