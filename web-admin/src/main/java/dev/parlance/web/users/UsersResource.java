package dev.parlance.web.users;

import dev.parlance.application.access.SourceAccess;
import dev.parlance.application.identity.ManageUsersUseCase;
import dev.parlance.domain.governance.UserIdentity;
import dev.parlance.domain.identity.PortalUser;
import dev.parlance.web.problem.Requests;
import jakarta.annotation.security.RolesAllowed;
import jakarta.enterprise.context.RequestScoped;
import jakarta.inject.Inject;
import jakarta.ws.rs.Consumes;
import jakarta.ws.rs.DELETE;
import jakarta.ws.rs.DefaultValue;
import jakarta.ws.rs.GET;
import jakarta.ws.rs.PUT;
import jakarta.ws.rs.Path;
import jakarta.ws.rs.PathParam;
import jakarta.ws.rs.Produces;
import jakarta.ws.rs.QueryParam;
import jakarta.ws.rs.core.MediaType;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import org.eclipse.microprofile.openapi.annotations.Operation;

/**
 * {@code /api/v1/users}: the portal's users in the identity provider (admins): list, grant and
 * revoke realm roles, set policy attributes such as {@code region} or {@code stewarded_sources}.
 */
@Path("users")
@RequestScoped
@Produces(MediaType.APPLICATION_JSON)
public class UsersResource {

  @Inject UserIdentity caller;
  @Inject ManageUsersUseCase users;

  /** A user as the API shows them: roles sorted, attributes by name. */
  public record UserJson(
      String username, boolean enabled, List<String> roles, Map<String, List<String>> attributes) {
    static UserJson of(PortalUser user) {
      return new UserJson(
          user.username(),
          user.enabled(),
          user.roles().stream().sorted().toList(),
          new TreeMap<>(user.attributes()));
    }
  }

  /** {@code PUT …/attributes/{attribute}}: the attribute's values (none removes it). */
  public record AttributeRequest(List<String> values) {}

  @GET
  @RolesAllowed(SourceAccess.ADMIN)
  @Operation(summary = "The portal's users with their roles and policy attributes, by name")
  public List<UserJson> list(
      @QueryParam("page") @DefaultValue("0") int page,
      @QueryParam("size") @DefaultValue("50") int size) {
    return users.users(caller, page, size).stream().map(UserJson::of).toList();
  }

  @PUT
  @Path("{user}/roles/{role}")
  @RolesAllowed(SourceAccess.ADMIN)
  @Operation(summary = "Grant a realm role")
  public UserJson grant(@PathParam("user") String user, @PathParam("role") String role) {
    return UserJson.of(users.grantRole(caller, user, role));
  }

  @DELETE
  @Path("{user}/roles/{role}")
  @RolesAllowed(SourceAccess.ADMIN)
  @Operation(summary = "Revoke a realm role")
  public UserJson revoke(@PathParam("user") String user, @PathParam("role") String role) {
    return UserJson.of(users.revokeRole(caller, user, role));
  }

  @PUT
  @Path("{user}/attributes/{attribute}")
  @Consumes(MediaType.APPLICATION_JSON)
  @RolesAllowed(SourceAccess.ADMIN)
  @Operation(summary = "Set a policy attribute (no values remove it)")
  public UserJson attribute(
      @PathParam("user") String user,
      @PathParam("attribute") String attribute,
      AttributeRequest body) {
    List<String> values = Requests.body(body).values();
    return UserJson.of(
        users.setAttribute(caller, user, attribute, values == null ? List.of() : values));
  }
}
