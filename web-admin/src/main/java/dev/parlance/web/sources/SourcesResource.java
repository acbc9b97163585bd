package dev.parlance.web.sources;

import dev.parlance.application.access.SourceAccess;
import dev.parlance.application.explore.BrowseCatalogUseCase;
import dev.parlance.application.explore.ExampleQuestionsUseCase;
import dev.parlance.application.query.RunStatementUseCase;
import dev.parlance.application.retrieval.FindColumnsUseCase;
import dev.parlance.application.source.ManageSourcesUseCase;
import dev.parlance.application.source.UseSourcesUseCase;
import dev.parlance.domain.governance.QueryOutcome;
import dev.parlance.domain.governance.ResultColumn;
import dev.parlance.domain.source.Credentials;
import dev.parlance.domain.source.SourceCheck;
import dev.parlance.web.ask.CutJson;
import dev.parlance.web.problem.Requests;
import jakarta.annotation.security.RolesAllowed;
import jakarta.enterprise.context.RequestScoped;
import jakarta.inject.Inject;
import jakarta.ws.rs.BadRequestException;
import jakarta.ws.rs.Consumes;
import jakarta.ws.rs.DELETE;
import jakarta.ws.rs.DefaultValue;
import jakarta.ws.rs.GET;
import jakarta.ws.rs.POST;
import jakarta.ws.rs.Path;
import jakarta.ws.rs.PathParam;
import jakarta.ws.rs.Produces;
import jakarta.ws.rs.QueryParam;
import jakarta.ws.rs.core.Context;
import jakarta.ws.rs.core.MediaType;
import jakarta.ws.rs.core.Response;
import jakarta.ws.rs.core.UriInfo;
import java.util.List;
import java.util.Map;
import org.eclipse.microprofile.openapi.annotations.Operation;

/**
 * {@code /api/v1/sources}: the sources a caller may use; admins add, test, index and remove them;
 * stewards and admins run governed SQL; every signed-in role searches a usable source's schema,
 * browses its catalog and reads its example questions. Which source a steward may touch is the use
 * case's rule, not this class's.
 */
@Path("sources")
@RequestScoped
@Produces(MediaType.APPLICATION_JSON)
public class SourcesResource {

  @Inject dev.parlance.domain.governance.UserIdentity caller;
  @Inject UseSourcesUseCase sources;
  @Inject RunStatementUseCase statements;
  @Inject FindColumnsUseCase columns;
  @Inject BrowseCatalogUseCase catalogs;
  @Inject ExampleQuestionsUseCase examples;
  @Context UriInfo uri;

  @GET
  @RolesAllowed({SourceAccess.ANALYST, SourceAccess.STEWARD, SourceAccess.ADMIN})
  @Operation(summary = "The sources the caller may use, each with its name and index state")
  public List<SourceJson> list() {
    return sources.usable(caller).stream().map(SourceJson::of).toList();
  }

  @GET
  @Path("{name}")
  @RolesAllowed({SourceAccess.ANALYST, SourceAccess.STEWARD, SourceAccess.ADMIN})
  @Operation(summary = "One source the caller may use")
  public SourceJson show(@PathParam("name") String name) {
    return SourceJson.of(sources.source(caller, Requests.name(name)));
  }

  @POST
  @Consumes(MediaType.APPLICATION_JSON)
  @RolesAllowed(SourceAccess.ADMIN)
  @Operation(summary = "Add (or replace) a source; it is opened first unless check is false")
  public Response add(AddSourceRequest body) {
    AddSourceRequest request = Requests.body(body);
    Credentials credentials =
        request.credentialsFile() != null
            ? new Credentials.FromFile(request.credentialsFile())
            : request.userEnv() != null || request.passwordEnv() != null
                ? new Credentials.FromEnvironment(request.userEnv(), request.passwordEnv())
                : Credentials.none();
    ManageSourcesUseCase.Added added =
        sources.add(
            caller,
            new ManageSourcesUseCase.AddSource(
                Requests.name(Requests.required(request.name(), "name")),
                Requests.required(request.url(), "url"),
                credentials,
                request.check() == null || request.check()));
    SourceJson json = SourceJson.of(sources.source(caller, added.source().name()));
    return Response.status(added.replaced() ? 200 : 201)
        .location(uri.getBaseUriBuilder().path("sources").path(json.name()).build())
        .entity(json)
        .build();
  }

  @POST
  @Path("{name}/test")
  @RolesAllowed(SourceAccess.ADMIN)
  @Operation(summary = "Open the source read-only and count its tables")
  public Map<String, Object> test(@PathParam("name") String name) {
    return switch (sources.test(caller, Requests.name(name))) {
      case SourceCheck.Reachable r -> Map.of("reachable", true, "tables", r.tables());
      case SourceCheck.Unreachable u ->
          Map.of(
              "reachable",
              false,
              "problem",
              u.problem().name().toLowerCase(java.util.Locale.ROOT),
              "message",
              u.problem().description() + ": " + u.message());
    };
  }

  @POST
  @Path("{name}/index")
  @RolesAllowed(SourceAccess.ADMIN)
  @Operation(summary = "Start rebuilding the source's indexes; GET the source to follow progress")
  public Response index(@PathParam("name") String name) {
    return Response.accepted(SourceJson.IndexJson.of(sources.index(caller, Requests.name(name))))
        .build();
  }

  @GET
  @Path("{name}/index")
  @RolesAllowed({SourceAccess.ANALYST, SourceAccess.STEWARD, SourceAccess.ADMIN})
  @Operation(summary = "How far the source's indexes are")
  public SourceJson.IndexJson indexState(@PathParam("name") String name) {
    return SourceJson.of(sources.source(caller, Requests.name(name))).index();
  }

  @DELETE
  @Path("{name}")
  @RolesAllowed(SourceAccess.ADMIN)
  @Operation(summary = "Forget a source (its audit trail stays)")
  public Response remove(@PathParam("name") String name) {
    sources.remove(caller, Requests.name(name));
    return Response.noContent().build();
  }

  @POST
  @Path("{name}/sql")
  @Consumes(MediaType.APPLICATION_JSON)
  @RolesAllowed({SourceAccess.STEWARD, SourceAccess.ADMIN})
  @Operation(
      summary = "Run a statement under the source's governance (stewards of the source, admins)",
      description = "A statement the policy refuses (e.g. a write) answers 403 with the reason.")
  public Response sql(@PathParam("name") String name, SqlRequest body) {
    String sql = Requests.required(Requests.body(body).sql(), "sql");
    QueryOutcome outcome = statements.run(caller, Requests.name(name), sql);
    return switch (outcome) {
      case QueryOutcome.Ran ran ->
          Response.ok(
                  new SqlResult(
                      ran.result().columns().stream().map(ResultColumn::name).toList(),
                      ran.result().rows(),
                      ran.result().truncated(),
                      CutJson.of(ran.result())))
              .build();
      case QueryOutcome.Refused refused -> Requests.problem(403, refused.refusal().reason(), uri);
      case QueryOutcome.Failed failed -> Requests.problem(400, failed.message(), uri);
    };
  }

  @GET
  @Path("{name}/schema")
  @RolesAllowed({SourceAccess.ANALYST, SourceAccess.STEWARD, SourceAccess.ADMIN})
  @Operation(summary = "The columns most relevant to a question (schema search)")
  public Object schema(
      @PathParam("name") String name,
      @QueryParam("q") String question,
      @QueryParam("budget") @DefaultValue("20") int budget) {
    if (question == null || question.isBlank()) {
      throw new BadRequestException("q: give the question or words to search the schema for");
    }
    return columns.find(caller, Requests.name(name), question, budget);
  }

  @GET
  @Path("{name}/catalog")
  @RolesAllowed({SourceAccess.ANALYST, SourceAccess.STEWARD, SourceAccess.ADMIN})
  @Operation(
      summary = "The source's views and columns in the users' words, as the caller may see them",
      description =
          "The published views (or the tables, when nothing is published) with their"
              + " descriptions and value dictionaries; columns the caller's policy hides are left"
              + " out. q keeps the views and columns whose name, description or value labels"
              + " hold every one of its words.")
  public BrowseCatalogUseCase.SourceCatalog catalog(
      @PathParam("name") String name, @QueryParam("q") String query) {
    return catalogs.catalog(caller, Requests.name(name), query);
  }

  @GET
  @Path("{name}/examples")
  @RolesAllowed({SourceAccess.ANALYST, SourceAccess.STEWARD, SourceAccess.ADMIN})
  @Operation(summary = "Example questions: the source's newest approved verified questions")
  public List<ExampleQuestionsUseCase.ExampleQuestion> examples(@PathParam("name") String name) {
    return examples.examples(caller, Requests.name(name));
  }
}
