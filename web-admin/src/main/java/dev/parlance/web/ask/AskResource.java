package dev.parlance.web.ask;

import dev.parlance.application.access.SourceAccess;
import dev.parlance.application.answer.AnswerQuestionUseCase;
import dev.parlance.application.answer.AskAdmission;
import dev.parlance.application.ask.AskProgress;
import dev.parlance.application.ask.StrategySelection;
import dev.parlance.domain.governance.UserIdentity;
import dev.parlance.web.problem.ProblemMapper;
import dev.parlance.web.problem.Requests;
import jakarta.annotation.security.RolesAllowed;
import jakarta.enterprise.context.RequestScoped;
import jakarta.inject.Inject;
import jakarta.ws.rs.Consumes;
import jakarta.ws.rs.POST;
import jakarta.ws.rs.Path;
import jakarta.ws.rs.PathParam;
import jakarta.ws.rs.Produces;
import jakarta.ws.rs.container.AsyncResponse;
import jakarta.ws.rs.container.Suspended;
import jakarta.ws.rs.core.Context;
import jakarta.ws.rs.core.MediaType;
import jakarta.ws.rs.core.Response;
import jakarta.ws.rs.core.UriInfo;
import jakarta.ws.rs.sse.OutboundSseEvent;
import jakarta.ws.rs.sse.Sse;
import jakarta.ws.rs.sse.SseEventSink;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.OptionalInt;
import java.util.OptionalLong;
import java.util.concurrent.RejectedExecutionException;
import org.eclipse.microprofile.openapi.annotations.Operation;

/**
 * {@code POST /api/v1/sources/{name}/ask}: a question about a source, answered on the bounded ask
 * executor; {@code …/ask/stream} sends the same answer as Server-Sent Events after one event per
 * stage start and end ({@code stage}) and per indexing step ({@code progress}).
 */
@Path("sources/{name}/ask")
@RequestScoped
public class AskResource {

  @Inject UserIdentity caller;
  @Inject AnswerQuestionUseCase questions;
  @Inject AskExecutor executor;
  @Context UriInfo uri;

  @POST
  @Consumes(MediaType.APPLICATION_JSON)
  @Produces(MediaType.APPLICATION_JSON)
  @RolesAllowed({SourceAccess.ANALYST, SourceAccess.STEWARD, SourceAccess.ADMIN})
  @Operation(
      summary = "Ask a question; the answer record",
      description =
          "status, sql, columns, rows, confidence, readings, explanation, tokens, cost, stages and"
              + " what the prompt used. With follow_up (the id of an earlier answer of yours about"
              + " the same source) the question continues that conversation (\"and in 2023?\"):"
              + " its question and SQL are the prompt's context, and followsUp names it in the"
              + " answer. 400 for a follow_up that is not a positive number or is about another"
              + " source, 404 when it is not an answer of yours; 409 with Retry-After while the"
              + " source is indexed, 429 with Retry-After when a rate or a daily budget is spent,"
              + " 503 when no model is set.")
  public void ask(
      @PathParam("name") String name, AskRequest body, @Suspended AsyncResponse response) {
    AnswerQuestionUseCase.Command command = command(name, body);
    // The user's place is taken as the question arrives: one beyond their share is refused now
    // (429), never queued behind other users' questions (issue 24).
    AskAdmission.Ticket admitted = questions.admit(command);
    try {
      executor
          .get()
          .execute(
              () -> {
                try (admitted) {
                  AnswerJson answer =
                      AnswerJson.of(
                          questions.ask(
                              command,
                              new AskProgress() {
                                @Override
                                public void update(String stage, long done, long total) {}
                              },
                              admitted));
                  // The type named here: resumed with the entity alone, RESTEasy answers
                  // "application/json;resteasy-server-has-produces=true".
                  response.resume(Response.ok(answer, MediaType.APPLICATION_JSON_TYPE).build());
                } catch (RuntimeException e) {
                  response.resume(e);
                }
              });
    } catch (RejectedExecutionException e) {
      admitted.close();
      response.resume(e);
    }
  }

  @POST
  @Path("stream")
  @Consumes(MediaType.APPLICATION_JSON)
  @Produces(MediaType.SERVER_SENT_EVENTS)
  @RolesAllowed({SourceAccess.ANALYST, SourceAccess.STEWARD, SourceAccess.ADMIN})
  @Operation(
      summary = "Ask a question; stage progress as Server-Sent Events, then the answer",
      description =
          "Events: 'stage' {stage, event: started|ended}, 'progress' {stage, done, total}, then"
              + " 'answer' (the answer record) or 'problem' (an RFC 9457 problem).")
  public void stream(
      @PathParam("name") String name,
      AskRequest body,
      @Context SseEventSink sink,
      @Context Sse sse) {
    AnswerQuestionUseCase.Command command = command(name, body);
    // Refusals are statuses (403, 404, 429) before the stream opens, not events after a 200.
    AskAdmission.Ticket admitted = questions.admit(command);
    String instance = ProblemMapper.instance(uri);
    Runnable work =
        () -> {
          try (admitted;
              sink) {
            AskProgress progress =
                new AskProgress() {
                  @Override
                  public void update(String stage, long done, long total) {
                    send(
                        sink,
                        sse,
                        "progress",
                        Map.of("stage", stage, "done", done, "total", total));
                  }

                  @Override
                  public void stageStarted(String stage) {
                    send(sink, sse, "stage", Map.of("stage", stage, "event", "started"));
                  }

                  @Override
                  public void stageEnded(String stage) {
                    send(sink, sse, "stage", Map.of("stage", stage, "event", "ended"));
                  }
                };
            try {
              send(sink, sse, "answer", AnswerJson.of(questions.ask(command, progress, admitted)));
            } catch (RuntimeException e) {
              sink.send(
                  sse.newEventBuilder()
                      .name("problem")
                      .mediaType(MediaType.APPLICATION_JSON_TYPE)
                      .data(
                          String.class, ProblemMapper.response(e, instance).getEntity().toString())
                      .build());
            }
          }
        };
    try {
      executor.get().execute(work);
    } catch (RejectedExecutionException e) {
      admitted.close();
      throw e;
    }
  }

  private static void send(SseEventSink sink, Sse sse, String name, Object data) {
    if (sink.isClosed()) {
      return;
    }
    OutboundSseEvent event =
        sse.newEventBuilder()
            .name(name)
            .mediaType(MediaType.APPLICATION_JSON_TYPE)
            .data(data.getClass(), data)
            .build();
    sink.send(event);
  }

  private AnswerQuestionUseCase.Command command(String name, AskRequest body) {
    return command(caller, name, body);
  }

  static AnswerQuestionUseCase.Command command(UserIdentity caller, String name, AskRequest body) {
    AskRequest request = Requests.body(body);
    StrategySelection chosen =
        StrategySelection.parse(
            request.strategy() == null ? List.of() : List.of(request.strategy()),
            request.select(),
            "strategy",
            "select");
    return new AnswerQuestionUseCase.Command(
        caller,
        Requests.name(name),
        Requests.required(request.question(), "question"),
        chosen.strategy(),
        request.candidates() == null ? OptionalInt.empty() : OptionalInt.of(request.candidates()),
        request.followUp() == null ? OptionalLong.empty() : OptionalLong.of(request.followUp()),
        Optional.empty(),
        chosen.voteAcross());
  }
}
