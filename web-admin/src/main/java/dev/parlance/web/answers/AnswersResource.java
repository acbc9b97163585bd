package dev.parlance.web.answers;

import dev.parlance.application.access.SourceAccess;
import dev.parlance.application.answer.AnswerHistoryUseCase;
import dev.parlance.application.answer.GiveFeedbackUseCase;
import dev.parlance.domain.answer.AnswerRecord;
import dev.parlance.domain.answer.Verdict;
import dev.parlance.domain.governance.UserIdentity;
import dev.parlance.web.problem.Requests;
import jakarta.annotation.security.RolesAllowed;
import jakarta.enterprise.context.RequestScoped;
import jakarta.inject.Inject;
import jakarta.ws.rs.Consumes;
import jakarta.ws.rs.DefaultValue;
import jakarta.ws.rs.GET;
import jakarta.ws.rs.POST;
import jakarta.ws.rs.Path;
import jakarta.ws.rs.PathParam;
import jakarta.ws.rs.Produces;
import jakarta.ws.rs.QueryParam;
import jakarta.ws.rs.core.MediaType;
import java.util.Map;
import org.eclipse.microprofile.openapi.annotations.Operation;

/**
 * {@code /api/v1/answers}: the caller's own questions (newest first, paged) and feedback on one of
 * them, which becomes a suggestion for the source's stewards.
 */
@Path("answers")
@RequestScoped
@Produces(MediaType.APPLICATION_JSON)
@RolesAllowed({SourceAccess.ANALYST, SourceAccess.STEWARD, SourceAccess.ADMIN})
public class AnswersResource {

  @Inject UserIdentity caller;
  @Inject AnswerHistoryUseCase history;
  @Inject GiveFeedbackUseCase feedback;

  @GET
  @Operation(summary = "The caller's answer history, newest first")
  public AnswerHistoryUseCase.HistoryPage list(
      @QueryParam("page") @DefaultValue("0") int page,
      @QueryParam("size") @DefaultValue("20") int size) {
    return history.history(caller, page, size);
  }

  @GET
  @Path("{id}")
  @Operation(summary = "One answer of the caller's history")
  public AnswerRecord show(@PathParam("id") long id) {
    return history.answer(caller, id);
  }

  @POST
  @Path("{id}/feedback")
  @Consumes(MediaType.APPLICATION_JSON)
  @Operation(summary = "Say an answer was right or wrong; it becomes a suggestion for stewards")
  public Map<String, Object> give(@PathParam("id") long id, FeedbackRequest body) {
    FeedbackRequest request = Requests.body(body);
    GiveFeedbackUseCase.FeedbackGiven given =
        feedback.give(
            new GiveFeedbackUseCase.Command(
                caller,
                id,
                Verdict.parse(Requests.required(request.verdict(), "verdict")),
                request.comment()));
    return Map.of("answer", given.answer().id(), "suggestion", given.suggestion().id());
  }
}
