package dev.parlance.web.pages;

import static org.assertj.core.api.Assertions.assertThat;

import dev.parlance.application.access.AccessDeniedException;
import dev.parlance.application.answer.AnswerQuestionUseCase;
import dev.parlance.application.answer.QuotaExceededException;
import dev.parlance.application.ask.Answer;
import dev.parlance.application.ask.AskProgress;
import dev.parlance.application.retrieval.Progress;
import dev.parlance.application.source.IndexSourceUseCase;
import dev.parlance.application.source.UseSourcesUseCase;
import dev.parlance.domain.governance.UserIdentity;
import dev.parlance.domain.source.Dialect;
import dev.parlance.web.ask.AskExecutor;
import dev.parlance.web.identity.CallerIdentity;
import dev.parlance.web.security.CsrfFilter;
import jakarta.servlet.AsyncContext;
import jakarta.servlet.ServletOutputStream;
import jakarta.servlet.WriteListener;
import jakarta.servlet.http.Cookie;
import jakarta.servlet.http.HttpServletRequest;
import jakarta.servlet.http.HttpServletResponse;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.PrintWriter;
import java.io.StringWriter;
import java.io.Writer;
import java.lang.reflect.Proxy;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.concurrent.Executor;
import java.util.concurrent.RejectedExecutionException;
import java.util.function.Function;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.junit.jupiter.api.Test;

/**
 * The ask page's live answer ({@code POST /portal/ask/stream}) through the real servlet, templates
 * and event writer, with the use cases faked: the pipeline's stage events as Server-Sent Events,
 * then the answer's page; refusals as pages with their status before any stream.
 */
class LiveAnswerTest {

  private static final UserIdentity ANALYST =
      new UserIdentity("analyst", Set.of("analyst"), Map.of());
  private static final Pattern EVENT = Pattern.compile("event: (\\w+)\ndata: (.*)\n\n");

  private final List<String> asked = new ArrayList<>();
  private final FakeResponse sent = new FakeResponse();
  private final HttpServletResponse response = proxy(sent);
  private final FakeAsync async = new FakeAsync();

  /** The pipeline faked: reports two stages, then answers, or fails as {@code outcome} says. */
  private AskPages pages(
      Function<AskProgress, AnswerQuestionUseCase.RecordedAnswer> outcome, Executor executor) {
    AskPages pages = new AskPages();
    pages.caller =
        new CallerIdentity() {
          @Override
          public UserIdentity get() {
            return ANALYST;
          }
        };
    pages.sources =
        (UseSourcesUseCase)
            Proxy.newProxyInstance(
                getClass().getClassLoader(),
                new Class<?>[] {UseSourcesUseCase.class},
                (proxy, method, args) ->
                    List.of(
                        new UseSourcesUseCase.SourceSummary(
                            "demo",
                            Dialect.SQLITE,
                            new IndexSourceUseCase.Ready(),
                            Optional.empty())));
    pages.questions =
        new AnswerQuestionUseCase() {
          @Override
          public RecordedAnswer ask(Command command, Progress progress) {
            asked.add(command.question());
            return outcome.apply((AskProgress) progress);
          }

          @Override
          public void requireAllowed(UserIdentity user, String source) {
            if (!source.equals("demo")) {
              throw new AccessDeniedException("you may not use source " + source);
            }
          }
        };
    pages.executor =
        new AskExecutor() {
          @Override
          public Executor get() {
            return executor;
          }
        };
    return pages;
  }

  private static AnswerQuestionUseCase.RecordedAnswer answered(AskProgress progress) {
    progress.stageStarted("retrieval");
    progress.update("values", 3, 10);
    progress.stageEnded("retrieval");
    progress.stageStarted("generation");
    progress.stageEnded("generation");
    return AnswerPageTest.answer(Answer.Status.ANSWERED, List.of(List.of("SE", 12)));
  }

  @Test
  void should_stream_the_pipelines_stages_then_name_the_answer_with_its_page() throws Exception {
    pages(LiveAnswerTest::answered, LiveAnswerTest::onAnotherThread)
        .doPost(request("demo", "How many installations per region?"), response);

    assertThat(sent.contentType).startsWith("text/event-stream");
    assertThat(sent.headers).containsEntry("Cache-Control", "no-store");
    List<String[]> events = events(sent.body());
    assertThat(events)
        .extracting(e -> e[0] + " " + e[1])
        .startsWith(
            "stage {\"stage\":\"retrieval\",\"event\":\"started\"}",
            "progress {\"stage\":\"values\",\"done\":3,\"total\":10}",
            "stage {\"stage\":\"retrieval\",\"event\":\"ended\"}",
            "stage {\"stage\":\"generation\",\"event\":\"started\"}",
            "stage {\"stage\":\"generation\",\"event\":\"ended\"}");
    assertThat(events).hasSize(6);
    String[] last = events.get(5);
    assertThat(last[0]).isEqualTo("answer");
    assertThat(last[1]).startsWith("{\"id\":42,\"page\":\"");
    // The page the plain form post answers with, as JSON text: the rows, the feedback form.
    assertThat(last[1])
        .contains("\\u003ctd\\u003eSE\\u003c/td\\u003e")
        .contains("id=\\\"answer-status\\\"\\u003eanswered")
        .contains("name=\\\"answer\\\" value=\\\"42\\\"")
        .contains("name=\\\"_csrf\\\" value=\\\"csrf-token-of-this-browser\\\"");
    assertThat(asked).containsExactly("How many installations per region?");
    assertThat(async.timeout).isEqualTo(AskPages.LIVE_ANSWER_TIMEOUT_MILLIS);
    assertThat(async.completed).isTrue();
  }

  @Test
  void should_end_with_a_problem_and_the_filled_form_when_the_question_fails_midway()
      throws Exception {
    pages(
            progress -> {
              progress.stageStarted("retrieval");
              throw new QuotaExceededException(
                  "your daily token budget is spent", Duration.ofHours(1));
            },
            LiveAnswerTest::onAnotherThread)
        .doPost(request("demo", "Spent?"), response);

    List<String[]> events = events(sent.body());
    assertThat(events).extracting(e -> e[0]).containsExactly("stage", "problem");
    assertThat(events.get(1)[1])
        .startsWith("{\"status\":429,\"message\":\"your daily token budget is spent\",\"page\":")
        .contains("Spent?\\u003c/textarea\\u003e");
    assertThat(async.completed).isTrue();
  }

  @Test
  void should_refuse_with_a_page_and_no_stream_when_the_user_may_not_use_the_source()
      throws Exception {
    pages(LiveAnswerTest::answered, Runnable::run).doPost(request("secret", "Anything?"), response);

    assertThat(sent.status).isEqualTo(403);
    assertThat(sent.contentType).isEqualTo("text/html");
    assertThat(sent.body()).contains("you may not use source secret").doesNotContain("event:");
    assertThat(asked).isEmpty();
    assertThat(async.started).isFalse();
  }

  @Test
  void should_refuse_an_empty_question_before_the_stream_opens() throws Exception {
    pages(LiveAnswerTest::answered, Runnable::run).doPost(request("demo", " "), response);

    assertThat(sent.status).isEqualTo(400);
    assertThat(sent.body()).contains("the question is empty");
    assertThat(async.started).isFalse();
  }

  @Test
  void should_answer_503_with_the_filled_form_when_the_ask_executor_is_full() throws Exception {
    pages(
            LiveAnswerTest::answered,
            work -> {
              throw new RejectedExecutionException("queue full");
            })
        .doPost(request("demo", "Busy?"), response);

    assertThat(sent.status).isEqualTo(503);
    assertThat(sent.body())
        .contains("answering as many questions as it can")
        .contains("Busy?</textarea>");
    assertThat(asked).isEmpty();
    assertThat(async.completed).isTrue();
  }

  @Test
  void should_keep_answering_when_the_browser_has_gone_away() {
    Writer gone =
        new Writer() {
          @Override
          public void write(char[] buffer, int offset, int length) throws IOException {
            throw new IOException("Broken pipe");
          }

          @Override
          public void flush() {}

          @Override
          public void close() {}
        };
    AskEvents events = new AskEvents(gone);

    events.stageStarted("retrieval");
    events.answer(1, "<p>page</p>");
    // Nothing thrown: the question goes on and is recorded; only the events stop.
  }

  /** The ask executor: the question runs on a thread of its own, as on the server. */
  private static void onAnotherThread(Runnable work) {
    Thread thread = new Thread(work, "ask-executor");
    thread.start();
    try {
      thread.join();
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
      throw new IllegalStateException(e);
    }
  }

  private static List<String[]> events(String body) {
    List<String[]> events = new ArrayList<>();
    Matcher m = EVENT.matcher(body);
    int end = 0;
    while (m.find()) {
      assertThat(m.start()).as("events follow one another").isEqualTo(end);
      events.add(new String[] {m.group(1), m.group(2)});
      end = m.end();
    }
    assertThat(end).as("nothing but events").isEqualTo(body.length());
    return events;
  }

  /**
   * The ask form's post. As in Open Liberty, the form's fields and the cookies are there only on
   * the request's own thread (the container keeps parsed parameters per thread).
   */
  private HttpServletRequest request(String source, String question) {
    Map<String, String[]> parameters =
        Map.of("source", new String[] {source}, "question", new String[] {question});
    Thread requestThread = Thread.currentThread();
    return (HttpServletRequest)
        Proxy.newProxyInstance(
            getClass().getClassLoader(),
            new Class<?>[] {HttpServletRequest.class},
            (proxy, method, args) ->
                switch (method.getName()) {
                  case "getServletPath" -> "/portal/ask/stream";
                  case "getRequestURI" -> "/portal/ask/stream";
                  case "getMethod" -> "POST";
                  case "getContextPath" -> "";
                  case "getParameter" ->
                      Thread.currentThread() == requestThread
                          ? parameters.getOrDefault((String) args[0], new String[] {null})[0]
                          : null;
                  case "getParameterMap" ->
                      Thread.currentThread() == requestThread ? parameters : Map.of();
                  case "getCookies" ->
                      Thread.currentThread() == requestThread
                          ? new Cookie[] {
                            new Cookie(CsrfFilter.COOKIE, "csrf-token-of-this-browser")
                          }
                          : null;
                  case "startAsync" -> {
                    async.started = true;
                    yield async.proxy();
                  }
                  default -> null;
                });
  }

  /** What the servlet does with its request's asynchronous context. */
  private static final class FakeAsync {
    boolean started;
    boolean completed;
    long timeout;

    AsyncContext proxy() {
      return (AsyncContext)
          Proxy.newProxyInstance(
              getClass().getClassLoader(),
              new Class<?>[] {AsyncContext.class},
              (proxy, method, args) -> {
                switch (method.getName()) {
                  case "setTimeout" -> timeout = (Long) args[0];
                  case "complete" -> completed = true;
                  default -> throw new UnsupportedOperationException(method.getName());
                }
                return null;
              });
    }
  }

  /** A response that keeps its status, headers and body. */
  private static final class FakeResponse {
    int status = 200;
    String contentType;
    final Map<String, String> headers = new HashMap<>();
    final ByteArrayOutputStream bytes = new ByteArrayOutputStream();
    final StringWriter text = new StringWriter();

    String body() {
      return bytes.toString(StandardCharsets.UTF_8) + text;
    }
  }

  private static HttpServletResponse proxy(FakeResponse fake) {
    ServletOutputStream out =
        new ServletOutputStream() {
          @Override
          public boolean isReady() {
            return true;
          }

          @Override
          public void setWriteListener(WriteListener listener) {}

          @Override
          public void write(int b) {
            fake.bytes.write(b);
          }
        };
    PrintWriter writer = new PrintWriter(fake.text);
    return (HttpServletResponse)
        Proxy.newProxyInstance(
            LiveAnswerTest.class.getClassLoader(),
            new Class<?>[] {HttpServletResponse.class},
            (proxy, method, args) ->
                switch (method.getName()) {
                  case "setStatus" -> {
                    fake.status = (Integer) args[0];
                    yield null;
                  }
                  case "setContentType" -> {
                    fake.contentType = (String) args[0];
                    yield null;
                  }
                  case "setHeader" -> {
                    fake.headers.put((String) args[0], (String) args[1]);
                    yield null;
                  }
                  case "getHeader" -> fake.headers.get((String) args[0]);
                  case "getOutputStream" -> out;
                  case "getWriter" -> writer;
                  case "isCommitted" -> fake.bytes.size() > 0 || fake.text.getBuffer().length() > 0;
                  default -> null;
                });
  }
}
