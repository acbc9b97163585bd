package dev.parlance.web.models;

import dev.parlance.application.access.SourceAccess;
import dev.parlance.application.model.CheckLanguageModelUseCase;
import dev.parlance.application.model.ListModelProfilesUseCase;
import dev.parlance.domain.governance.UserIdentity;
import jakarta.annotation.security.RolesAllowed;
import jakarta.enterprise.context.RequestScoped;
import jakarta.inject.Inject;
import jakarta.ws.rs.GET;
import jakarta.ws.rs.POST;
import jakarta.ws.rs.Path;
import jakarta.ws.rs.PathParam;
import jakarta.ws.rs.Produces;
import jakarta.ws.rs.core.MediaType;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import org.eclipse.microprofile.openapi.annotations.Operation;

/**
 * {@code /api/v1/llm/profiles}: the language-model profiles (admins): listed without keys, and
 * checked with a tiny prompt.
 */
@Path("llm/profiles")
@RequestScoped
public class ModelsResource {

  @Inject UserIdentity caller;
  @Inject ListModelProfilesUseCase profiles;
  @Inject CheckLanguageModelUseCase check;

  public record ProfileJson(String name, String description, boolean isDefault, String problem) {}

  @GET
  @Produces(MediaType.APPLICATION_JSON)
  @RolesAllowed(SourceAccess.ADMIN)
  @Operation(summary = "The configured language-model profiles (never their keys)")
  public List<ProfileJson> profiles() {
    return profiles.profiles().stream()
        .map(
            p ->
                new ProfileJson(p.name(), p.description(), p.isDefault(), p.problem().orElse(null)))
        .toList();
  }

  @POST
  @Path("{profile}/check")
  @Produces(MediaType.APPLICATION_JSON)
  @RolesAllowed(SourceAccess.ADMIN)
  @Operation(summary = "Send a tiny prompt through a profile and say whether it answered")
  public Map<String, Object> check(@PathParam("profile") String profile) {
    Optional<String> chosen = profile.equals("default") ? Optional.empty() : Optional.of(profile);
    return switch (check.check(chosen, Optional.empty(), "Say OK.")) {
      case CheckLanguageModelUseCase.Answered a ->
          Map.of("answered", true, "model", a.model().toString());
      case CheckLanguageModelUseCase.NoAnswer n ->
          Map.of("answered", false, "model", n.model().toString(), "remedy", n.remedy());
      case CheckLanguageModelUseCase.OfflineBatch b ->
          Map.of("answered", false, "model", b.model().toString(), "batch", b.status().toString());
    };
  }
}
