package dev.parlance.web.governance;

import dev.parlance.application.access.SourceAccess;
import dev.parlance.application.query.PreviewAsUserUseCase;
import dev.parlance.domain.governance.UserIdentity;
import dev.parlance.web.problem.Requests;
import jakarta.annotation.security.RolesAllowed;
import jakarta.enterprise.context.RequestScoped;
import jakarta.inject.Inject;
import jakarta.ws.rs.Consumes;
import jakarta.ws.rs.POST;
import jakarta.ws.rs.Path;
import jakarta.ws.rs.PathParam;
import jakarta.ws.rs.Produces;
import jakarta.ws.rs.core.MediaType;
import org.eclipse.microprofile.openapi.annotations.Operation;

/**
 * {@code /api/v1/sources/{name}/policies/preview}: "preview as user" (admins): what a statement
 * gives another identity under the source's current policy.
 */
@Path("sources/{name}/policies/preview")
@RequestScoped
@Produces(MediaType.APPLICATION_JSON)
public class PolicyPreviewResource {

  @Inject UserIdentity caller;
  @Inject PreviewAsUserUseCase previews;

  @POST
  @Consumes(MediaType.APPLICATION_JSON)
  @RolesAllowed(SourceAccess.ADMIN)
  @Operation(
      summary = "Run a statement as another user to see what they would get (admins)",
      description =
          "Body: sql, user, roles, attributes. 200 with outcome ran (columns, rows, sql_run),"
              + " refused or failed (reason).")
  public PreviewJson preview(@PathParam("name") String name, PreviewRequest body) {
    PreviewRequest request = Requests.body(body);
    String sql = Requests.required(request.sql(), "sql");
    return PreviewJson.of(previews.preview(caller, Requests.name(name), request.identity(), sql));
  }
}
