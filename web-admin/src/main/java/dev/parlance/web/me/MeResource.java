package dev.parlance.web.me;

import dev.parlance.domain.governance.UserIdentity;
import dev.parlance.web.problem.Problem;
import jakarta.enterprise.context.RequestScoped;
import jakarta.inject.Inject;
import jakarta.ws.rs.GET;
import jakarta.ws.rs.Path;
import jakarta.ws.rs.Produces;
import jakarta.ws.rs.core.MediaType;
import org.eclipse.microprofile.openapi.annotations.Operation;
import org.eclipse.microprofile.openapi.annotations.media.Content;
import org.eclipse.microprofile.openapi.annotations.media.Schema;
import org.eclipse.microprofile.openapi.annotations.responses.APIResponse;

/** {@code GET /api/v1/me}: who the API takes the caller for. */
@Path("me")
@RequestScoped
public class MeResource {

  @Inject UserIdentity caller;

  @GET
  @Produces(MediaType.APPLICATION_JSON)
  @Operation(
      summary = "The caller's identity",
      description =
          "User name, roles and the policy attributes (e.g. region) that row filters and masks"
              + " read, as taken from the caller's token.")
  @APIResponse(
      responseCode = "200",
      content =
          @Content(
              mediaType = MediaType.APPLICATION_JSON,
              schema = @Schema(implementation = Me.class)))
  @APIResponse(
      responseCode = "401",
      description = "No or an invalid bearer token",
      content = @Content(mediaType = Problem.MEDIA_TYPE))
  public Me me() {
    return Me.of(caller);
  }
}
