package dev.parlance.web.curation;

import dev.parlance.application.access.SourceAccess;
import dev.parlance.application.curation.CheckViewUseCase;
import dev.parlance.application.curation.CurateItemsUseCase;
import dev.parlance.application.curation.CurationRef;
import dev.parlance.application.curation.ReviewSuggestionsUseCase;
import dev.parlance.application.curation.StewardCurationUseCase;
import dev.parlance.application.curation.ViewTrial;
import dev.parlance.domain.curation.Suggestion;
import dev.parlance.domain.curation.SuggestionStatus;
import dev.parlance.domain.curation.Synonym;
import dev.parlance.domain.curation.ValueLabel;
import dev.parlance.domain.curation.VerifiedQuery;
import dev.parlance.domain.curation.VerifiedStatus;
import dev.parlance.domain.curation.ViewKind;
import dev.parlance.domain.governance.UserIdentity;
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
import jakarta.ws.rs.PUT;
import jakarta.ws.rs.Path;
import jakarta.ws.rs.PathParam;
import jakarta.ws.rs.Produces;
import jakarta.ws.rs.QueryParam;
import jakarta.ws.rs.core.MediaType;
import jakarta.ws.rs.core.Response;
import java.util.List;
import java.util.Locale;
import java.util.Optional;
import org.eclipse.microprofile.openapi.annotations.Operation;

/**
 * {@code /api/v1/sources/{name}/curation}: a steward's work on a source they steward (admins on
 * any): the draft, validation, publishing, versions and YAML, and the items (descriptions, hints,
 * synonyms, verified questions) and suggestions. Which steward may touch which source is the use
 * cases' rule; this door only keeps analysts out.
 */
@Path("sources/{name}/curation")
@RequestScoped
@Produces(MediaType.APPLICATION_JSON)
@RolesAllowed({SourceAccess.STEWARD, SourceAccess.ADMIN})
public class CurationResource {

  /** The YAML media type of curation files. */
  public static final String YAML = "application/yaml";

  @Inject UserIdentity caller;
  @Inject StewardCurationUseCase curation;
  @Inject CurateItemsUseCase items;
  @Inject ReviewSuggestionsUseCase suggestions;
  @Inject CheckViewUseCase views;

  @PathParam("name")
  String name;

  private String source() {
    return Requests.name(name);
  }

  // ---- the draft and its versions

  @GET
  @Path("draft")
  @Operation(summary = "The working copy: the draft if one exists, else the published curation")
  public Object draft() {
    StewardCurationUseCase.WorkingCopy copy = curation.workingCopy(caller, source());
    return new WorkingCopyJson(
        copy.draft(),
        copy.basedOn(),
        copy.editedBy().orElse(null),
        copy.editedAt().map(Object::toString).orElse(null),
        jakarta.json.Json.createReader(new java.io.StringReader(copy.json())).readValue());
  }

  public record WorkingCopyJson(
      boolean draft,
      int basedOn,
      String editedBy,
      String editedAt,
      jakarta.json.JsonValue curation) {}

  @PUT
  @Path("draft")
  @Consumes(MediaType.APPLICATION_JSON)
  @Operation(summary = "Save the draft (the whole curation document as JSON)")
  public Object saveDraft(String document) {
    return curation.saveDraft(caller, source(), Requests.required(document, "body"));
  }

  @DELETE
  @Path("draft")
  @Operation(summary = "Discard the draft")
  public Response discardDraft() {
    curation.discardDraft(caller, source());
    return Response.noContent().build();
  }

  @POST
  @Path("validate")
  @Operation(summary = "Validate the draft against the source")
  public Object validate() {
    return curation.validate(caller, source());
  }

  @POST
  @Path("publish")
  @Consumes(MediaType.APPLICATION_JSON)
  @Operation(summary = "Publish the draft as the next version")
  public Object publish(NoteRequest body) {
    return curation.publish(caller, source(), body == null ? "" : body.note());
  }

  public record NoteRequest(String note) {}

  @GET
  @Path("history")
  @Operation(summary = "Every published version, newest first")
  public Object history() {
    return curation.history(caller, source());
  }

  @POST
  @Path("rollback/{version}")
  @Operation(summary = "Publish an earlier version again as the next version")
  public Object rollback(@PathParam("version") int version) {
    return curation.rollback(caller, source(), version);
  }

  @GET
  @Path("diff")
  @Operation(summary = "What changed between two curations (draft, published or a version)")
  public Object diff(
      @QueryParam("from") @DefaultValue("published") String from,
      @QueryParam("to") @DefaultValue("draft") String to) {
    return curation.diff(caller, source(), CurationRef.parse(from), CurationRef.parse(to));
  }

  @GET
  @Path("export")
  @Produces(YAML)
  @Operation(summary = "The curation as a YAML file")
  public String export(@QueryParam("ref") @DefaultValue("published") String ref) {
    return curation.export(caller, source(), CurationRef.parse(ref));
  }

  @POST
  @Path("import")
  @Consumes({YAML, "text/yaml", MediaType.TEXT_PLAIN})
  @Operation(summary = "Make a YAML file the draft (validated as a file first)")
  public Object importFile(String yaml) {
    return curation.importFile(caller, source(), Requests.required(yaml, "body"));
  }

  // ---- items

  @PUT
  @Path("descriptions")
  @Consumes(MediaType.APPLICATION_JSON)
  @Operation(summary = "Describe a view or table, or a column (NAME.COLUMN), in the draft")
  public Object describe(DescribeRequest body) {
    DescribeRequest r = Requests.body(body);
    return items.describe(
        caller,
        source(),
        new CurateItemsUseCase.Describe(
            r.target(),
            Optional.ofNullable(r.description()),
            Optional.ofNullable(r.meaning()),
            Optional.ofNullable(r.unit()),
            Optional.ofNullable(r.values()),
            Optional.ofNullable(r.valuesShown())));
  }

  public record DescribeRequest(
      String target,
      String description,
      String meaning,
      String unit,
      List<ValueLabel> values,
      Boolean valuesShown) {}

  @PUT
  @Path("views/{view}")
  @Consumes(MediaType.APPLICATION_JSON)
  @Operation(summary = "Add a view, or change a view's kind and SQL, in the draft")
  public Object defineView(@PathParam("view") String view, ViewRequest body) {
    ViewRequest r = Requests.body(body);
    return items.defineView(caller, source(), definition(view, r));
  }

  @POST
  @Path("views/{view}/check")
  @Consumes(MediaType.APPLICATION_JSON)
  @Operation(
      summary =
          "Try a view's SQL in the working copy: the problem with its line, or the row count and"
              + " first rows under the caller's policy; saves nothing")
  public ViewTrial checkView(@PathParam("view") String view, ViewRequest body) {
    return views.check(caller, source(), definition(view, Requests.body(body)));
  }

  private static CurateItemsUseCase.ViewDefinition definition(String view, ViewRequest r) {
    return new CurateItemsUseCase.ViewDefinition(
        view, r.kind() == null ? null : ViewKind.parse(r.kind()), r.sql());
  }

  public record ViewRequest(String kind, String sql) {}

  @GET
  @Path("hints")
  @Operation(summary = "The hints the prompt carries")
  public List<String> hints() {
    return items.hints(caller, source());
  }

  @POST
  @Path("hints")
  @Consumes(MediaType.APPLICATION_JSON)
  @Operation(summary = "Add a hint to the draft")
  public Object addHint(HintRequest body) {
    return items.addHint(caller, source(), Requests.required(Requests.body(body).hint(), "hint"));
  }

  public record HintRequest(String hint) {}

  @DELETE
  @Path("hints/{number}")
  @Operation(summary = "Remove a hint (numbered from 1) from the draft")
  public Object removeHint(@PathParam("number") int number) {
    return items.removeHint(caller, source(), number);
  }

  @GET
  @Path("synonyms")
  public List<Synonym> synonyms() {
    return items.synonyms(caller, source());
  }

  @PUT
  @Path("synonyms")
  @Consumes(MediaType.APPLICATION_JSON)
  @Operation(summary = "Add or change a synonym in the draft")
  public Object putSynonym(SynonymRequest body) {
    SynonymRequest r = Requests.body(body);
    return items.putSynonym(caller, source(), new Synonym(r.term(), r.target()));
  }

  public record SynonymRequest(String term, String target) {}

  @DELETE
  @Path("synonyms/{term}")
  public Object removeSynonym(@PathParam("term") String term) {
    return items.removeSynonym(caller, source(), term);
  }

  @GET
  @Path("verified")
  @Operation(summary = "The verified questions")
  public List<VerifiedQuery> verified() {
    return items.verified(caller, source());
  }

  @POST
  @Path("verified")
  @Consumes(MediaType.APPLICATION_JSON)
  @Operation(summary = "Add (propose) a verified question in the draft")
  public Object addVerified(VerifiedRequest body) {
    VerifiedRequest r = Requests.body(body);
    return items.putVerified(
        caller,
        source(),
        new VerifiedQuery(
            Requests.required(r.id(), "id"),
            r.question(),
            r.sql(),
            caller.name(),
            VerifiedStatus.PROPOSED,
            r.difficulty() == null ? "" : r.difficulty()));
  }

  public record VerifiedRequest(String id, String question, String sql, String difficulty) {}

  @POST
  @Path("verified/{id}/approve")
  public Object approve(@PathParam("id") String id) {
    return items.setStatus(caller, source(), id, VerifiedStatus.APPROVED);
  }

  @POST
  @Path("verified/{id}/retire")
  public Object retire(@PathParam("id") String id) {
    return items.setStatus(caller, source(), id, VerifiedStatus.RETIRED);
  }

  @POST
  @Path("verified/check")
  @Operation(summary = "Run every verified question's SQL and compare with its expected rows")
  public Object check() {
    return items.check(caller, source());
  }

  // ---- suggestions

  @GET
  @Path("suggestions")
  @Operation(
      summary = "Suggestions for the source's stewards (pending by default)",
      description =
          "Each with promptText: exactly the lines accepting it puts into every user's prompt.")
  public List<SuggestionJson> suggestions(
      @QueryParam("status") @DefaultValue("pending") String status) {
    SuggestionStatus s;
    try {
      s = SuggestionStatus.valueOf(status.strip().toUpperCase(Locale.ROOT));
    } catch (IllegalArgumentException e) {
      throw new BadRequestException("status: pending, accepted or rejected");
    }
    return suggestions.suggestions(caller, source(), s).stream()
        .map(one -> SuggestionJson.of(one, suggestions.promptText(one)))
        .toList();
  }

  @POST
  @Path("suggestions/{id}/accept")
  public Suggestion accept(@PathParam("id") long id) {
    return suggestions.accept(caller, source(), id);
  }

  @POST
  @Path("suggestions/{id}/reject")
  public Suggestion reject(@PathParam("id") long id) {
    return suggestions.reject(caller, source(), id);
  }
}
