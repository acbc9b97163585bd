package dev.parlance.web.governance;

import dev.parlance.application.access.SourceAccess;
import dev.parlance.application.governance.SourcePoliciesUseCase;
import dev.parlance.domain.governance.UserIdentity;
import dev.parlance.web.problem.Requests;
import jakarta.annotation.security.RolesAllowed;
import jakarta.enterprise.context.RequestScoped;
import jakarta.inject.Inject;
import jakarta.ws.rs.Consumes;
import jakarta.ws.rs.GET;
import jakarta.ws.rs.PUT;
import jakarta.ws.rs.Path;
import jakarta.ws.rs.PathParam;
import jakarta.ws.rs.Produces;
import jakarta.ws.rs.core.MediaType;
import java.util.List;
import org.eclipse.microprofile.openapi.annotations.Operation;

/**
 * {@code /api/v1/sources/{name}/policy}: a source's governance policy; its stewards and admins read
 * it and its versions, admins publish it.
 */
@Path("sources/{name}/policy")
@RequestScoped
@Produces(MediaType.APPLICATION_JSON)
public class PoliciesResource {

  @Inject UserIdentity caller;
  @Inject SourcePoliciesUseCase policies;

  @GET
  @RolesAllowed({SourceAccess.STEWARD, SourceAccess.ADMIN})
  @Operation(summary = "The source's current governance policy")
  public PolicyJson policy(@PathParam("name") String name) {
    return PolicyJson.of(policies.current(caller, Requests.name(name)));
  }

  @GET
  @Path("versions")
  @RolesAllowed({SourceAccess.STEWARD, SourceAccess.ADMIN})
  @Operation(summary = "Every version of the source's policy, newest first")
  public List<PolicyJson> versions(@PathParam("name") String name) {
    return policies.history(caller, Requests.name(name)).stream().map(PolicyJson::of).toList();
  }

  @PUT
  @Consumes(MediaType.APPLICATION_JSON)
  @RolesAllowed(SourceAccess.ADMIN)
  @Operation(summary = "Publish a new version of the source's policy")
  public PolicyJson publish(@PathParam("name") String name, PolicyJson draft) {
    String source = Requests.name(name);
    return PolicyJson.of(policies.publish(caller, source, Requests.body(draft).draft(source)));
  }
}
