package dev.parlance.web.models;

import dev.parlance.application.access.SourceAccess;
import dev.parlance.application.answer.SpendReportUseCase;
import dev.parlance.domain.governance.UserIdentity;
import jakarta.annotation.security.RolesAllowed;
import jakarta.enterprise.context.RequestScoped;
import jakarta.inject.Inject;
import jakarta.ws.rs.DefaultValue;
import jakarta.ws.rs.GET;
import jakarta.ws.rs.Path;
import jakarta.ws.rs.Produces;
import jakarta.ws.rs.QueryParam;
import jakarta.ws.rs.core.MediaType;
import org.eclipse.microprofile.openapi.annotations.Operation;

/** {@code /api/v1/llm/spend}: what answers cost per day, user and source (admins). */
@Path("llm/spend")
@RequestScoped
public class SpendResource {

  @Inject UserIdentity caller;
  @Inject SpendReportUseCase spend;

  @GET
  @Produces(MediaType.APPLICATION_JSON)
  @RolesAllowed(SourceAccess.ADMIN)
  @Operation(summary = "Tokens and cost of answers per day (UTC), user and source")
  public SpendReportUseCase.SpendReport spend(@QueryParam("days") @DefaultValue("30") int days) {
    return spend.spend(caller, days);
  }
}
