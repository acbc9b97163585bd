package dev.parlance.web.pages;

import static dev.parlance.web.pages.PageServlet.render;
import static dev.parlance.web.pages.PageServlet.write;

import dev.parlance.application.answer.AnswerQuestionUseCase.RecordedAnswer;
import dev.parlance.application.ask.AskProgress;
import dev.parlance.domain.governance.UserIdentity;
import jakarta.servlet.AsyncContext;
import jakarta.servlet.http.HttpServletRequest;
import jakarta.servlet.http.HttpServletResponse;
import java.io.IOException;
import java.io.OutputStreamWriter;
import java.nio.charset.StandardCharsets;
import java.util.Map;
import java.util.logging.Level;
import java.util.logging.Logger;

/**
 * The live answer's stream ({@code POST /portal/ask/stream}, routed by {@link AskPages}): one
 * question's stages as Server-Sent Events on the ask executor, ending with the page a plain form
 * post answers with.
 */
final class LiveAnswer {

  private static final Logger LOG = Logger.getLogger(AskPages.class.getName());

  /** Asks the form's question, reporting its stages to {@code progress}. */
  @FunctionalInterface
  interface Asking {
    RecordedAnswer ask(
        HttpServletRequest request,
        UserIdentity user,
        Map<String, Object> model,
        AskProgress progress);
  }

  private LiveAnswer() {}

  /** The events of one question, ending with its page; runs on the ask executor. */
  static void streamAnswer(
      HttpServletRequest request,
      HttpServletResponse response,
      UserIdentity user,
      AsyncContext async,
      PageServlet.Page askPage,
      Asking asking) {
    try {
      response.setContentType("text/event-stream");
      response.setCharacterEncoding(StandardCharsets.UTF_8.name());
      response.setHeader("Cache-Control", "no-store");
      AskEvents events =
          new AskEvents(new OutputStreamWriter(response.getOutputStream(), StandardCharsets.UTF_8));
      RecordedAnswer[] answered = new RecordedAnswer[1];
      PageServlet.Rendered page =
          render(
              request,
              response,
              user,
              askPage,
              (u, model) -> answered[0] = asking.ask(request, u, model, events));
      if (answered[0] != null && page.status() == HttpServletResponse.SC_OK) {
        events.answer(answered[0].id(), page.html());
      } else {
        events.problem(page.status(), page.error(), page.html());
      }
    } catch (IOException | RuntimeException e) {
      LOG.log(Level.WARNING, "the live answer of " + user.name() + " failed", e);
    } finally {
      async.complete();
    }
  }

  static void send(HttpServletResponse response, PageServlet.Rendered page) throws IOException {
    response.setStatus(page.status());
    write(response, page.html());
  }
}
