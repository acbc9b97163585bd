package dev.parlance.web.answers;

import dev.parlance.application.access.SourceAccess;
import dev.parlance.application.answer.AnswerHistoryUseCase;
import dev.parlance.application.answer.AnswerRowsUseCase;
import dev.parlance.application.answer.ChooseReadingUseCase;
import dev.parlance.application.answer.ConversationUseCase;
import dev.parlance.application.answer.GiveFeedbackUseCase;
import dev.parlance.domain.answer.AnswerRecord;
import dev.parlance.domain.answer.Verdict;
import dev.parlance.domain.governance.QueryResult;
import dev.parlance.domain.governance.UserIdentity;
import dev.parlance.web.problem.Requests;
import jakarta.annotation.security.RolesAllowed;
import jakarta.enterprise.context.RequestScoped;
import jakarta.inject.Inject;
import jakarta.ws.rs.BadRequestException;
import jakarta.ws.rs.Consumes;
import jakarta.ws.rs.DefaultValue;
import jakarta.ws.rs.GET;
import jakarta.ws.rs.POST;
import jakarta.ws.rs.Path;
import jakarta.ws.rs.PathParam;
import jakarta.ws.rs.Produces;
import jakarta.ws.rs.QueryParam;
import jakarta.ws.rs.core.MediaType;
import jakarta.ws.rs.core.Response;
import jakarta.ws.rs.core.StreamingOutput;
import java.util.Map;
import org.eclipse.microprofile.openapi.annotations.Operation;

/**
 * {@code /api/v1/answers}: the caller's own questions (newest first, paged), one answer's rows as
 * an Excel workbook (its SQL run again as the caller), choosing one of the readings an answer
 * showed, and feedback on one of them; a choice and feedback become suggestions for the source's
 * stewards.
 */
@Path("answers")
@RequestScoped
@Produces(MediaType.APPLICATION_JSON)
@RolesAllowed({SourceAccess.ANALYST, SourceAccess.STEWARD, SourceAccess.ADMIN})
public class AnswersResource {

  @Inject UserIdentity caller;
  @Inject AnswerHistoryUseCase history;
  @Inject GiveFeedbackUseCase feedback;
  @Inject AnswerRowsUseCase answerRows;
  @Inject ChooseReadingUseCase readings;
  @Inject ConversationUseCase conversations;

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

  @GET
  @Path("{id}/conversation")
  @Operation(
      summary =
          "The conversation an answer belongs to: its first question and every follow-up, oldest"
              + " first, a follow-up with the model's stand-alone restatement")
  public ConversationUseCase.Conversation conversation(@PathParam("id") long id) {
    return conversations.conversation(caller, id);
  }

  @GET
  @Path("{id}/xlsx")
  @Produces(ResultWorkbook.MEDIA_TYPE)
  @Operation(
      summary =
          "An answer's rows as an Excel workbook: its SQL runs again, governed as the caller and"
              + " audited")
  public Response workbook(@PathParam("id") long id) {
    // Run before the first byte is written, so that a refusal is still a problem answer.
    QueryResult rows = Rerun.rows(answerRows.rows(caller, id));
    StreamingOutput xlsx = out -> ResultWorkbook.write(rows, out);
    return Response.ok(xlsx, ResultWorkbook.MEDIA_TYPE)
        .header(
            "Content-Disposition", "attachment; filename=\"" + ResultWorkbook.fileName(id) + "\"")
        .header("Cache-Control", "no-store")
        .build();
  }

  @POST
  @Path("{id}/reading")
  @Consumes(MediaType.APPLICATION_JSON)
  @Operation(
      summary =
          "Choose one of the readings an answer showed: its SQL runs as the caller, and the choice"
              + " is recorded as the caller's verdict (a suggestion proposing that SQL)")
  public ChosenReadingJson chooseReading(@PathParam("id") long id, ReadingRequest body) {
    Integer reading = Requests.body(body).reading();
    if (reading == null) {
      throw new BadRequestException("reading: required (the number of the reading, from 1)");
    }
    return ChosenReadingJson.of(readings.choose(caller, id, reading));
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
