package dev.parlance.web.pages;

import dev.parlance.application.answer.AnswerHistoryUseCase;
import dev.parlance.application.answer.AnswerQuestionUseCase;
import dev.parlance.application.answer.AnswerQuestionUseCase.RecordedAnswer;
import dev.parlance.application.answer.ChooseReadingUseCase;
import dev.parlance.application.answer.ConversationUseCase;
import dev.parlance.application.answer.GiveFeedbackUseCase;
import dev.parlance.application.answer.OpenAnswerUseCase;
import dev.parlance.application.ask.AskProgress;
import dev.parlance.application.explore.BrowseCatalogUseCase;
import dev.parlance.application.explore.ExampleQuestionsUseCase;
import dev.parlance.application.explore.ResultWordsUseCase;
import dev.parlance.application.source.UseSourcesUseCase;
import dev.parlance.domain.answer.AnswerRecord;
import dev.parlance.domain.answer.Verdict;
import dev.parlance.domain.governance.UserIdentity;
import dev.parlance.web.ask.AskExecutor;
import jakarta.inject.Inject;
import jakarta.servlet.AsyncContext;
import jakarta.servlet.http.HttpServletRequest;
import jakarta.servlet.http.HttpServletResponse;
import java.io.IOException;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;
import java.util.OptionalInt;
import java.util.concurrent.RejectedExecutionException;
import java.util.logging.Level;
import java.util.logging.Logger;

/**
 * Staff pages: ask a question ({@code /portal/ask}), their history ({@code /portal/history}) and
 * feedback on an answer ({@code /portal/feedback}). The answer is rendered in the response to the
 * question itself: the history keeps the question and SQL, never rows, so nothing of a result is
 * held between requests and any portal instance serves the next one.
 */
public class AskPages extends PageServlet {

  private static final long serialVersionUID = 1L;
  private static final Logger LOG = Logger.getLogger(AskPages.class.getName());

  /** The page shows the answer when it is complete; the stages it took are in the answer. */
  private static final Page ASK = Page.of("ask", "Ask", "ask");

  private static final Page HISTORY = Page.of("history", "My questions", "history");
  private static final AskProgress NO_PROGRESS = (stage, done, total) -> {};

  @Inject transient UseSourcesUseCase sources;
  @Inject transient AnswerQuestionUseCase questions;
  @Inject transient AnswerHistoryUseCase history;
  @Inject transient GiveFeedbackUseCase feedback;
  @Inject transient ExampleQuestionsUseCase examples;
  @Inject transient ChooseReadingUseCase readings;
  @Inject transient AskExecutor executor;
  @Inject transient OpenAnswerUseCase answers;
  @Inject transient ResultWordsUseCase resultWords;
  @Inject transient BrowseCatalogUseCase catalog;
  @Inject transient ConversationUseCase conversations;

  @Inject
  @org.eclipse.microprofile.config.inject.ConfigProperty(
      name = "parlance.oidc.client-secret",
      defaultValue = "")
  transient String shareSecret;

  private transient volatile ShareLinks shareLinks;

  /** The answer page: a stored answer, its rows run again as whoever opens it. */
  private static final Page ANSWER = Page.of("answer", "Answer", "history");

  /** A conversation's page: its thread, and its last answer. */
  private static final Page CONVERSATION = Page.of("conversation", "Conversation", "history");

  /** Rows an answer page's table shows; the chart and the downloads hold them all. */
  static final int SHOWN_ROWS = 50;

  /** The cookie that remembers the source a user last asked about (the ask page's default). */
  static final String LAST_SOURCE = "parlance-source";

  @Override
  protected void doGet(HttpServletRequest request, HttpServletResponse response)
      throws IOException {
    switch (request.getServletPath()) {
      case "/portal" -> {
        String rest = request.getPathInfo();
        if (rest == null || rest.equals("/")) {
          home(request, response);
        } else {
          response.sendError(HttpServletResponse.SC_NOT_FOUND);
        }
      }
      case "/portal/history" ->
          page(
              request,
              response,
              HISTORY,
              (user, model) -> HistoryView.history(history, request, user, model));
      case "/portal/ask" ->
          page(request, response, ASK, (user, model) -> form(request, user, model));
      case "/portal/answers" ->
          page(request, response, ANSWER, (user, model) -> answerPage(request, user, model));
      case "/portal/conversations" ->
          page(
              request,
              response,
              CONVERSATION,
              (user, model) -> conversationPage(request, user, model));
      default -> response.sendError(HttpServletResponse.SC_METHOD_NOT_ALLOWED);
    }
  }

  @Override
  protected void doPost(HttpServletRequest request, HttpServletResponse response)
      throws IOException {
    switch (request.getServletPath()) {
      case "/portal/ask" -> {
        AskForms.remember(request, response);
        page(request, response, ASK, (user, model) -> ask(request, user, model, NO_PROGRESS));
      }
      case "/portal/reading" ->
          page(
              request,
              response,
              ASK,
              (user, model) -> chooseReading(request, response, user, model));
      case "/portal/ask/stream" -> liveAnswer(request, response);
      case "/portal/feedback" ->
          page(
              request,
              response,
              HISTORY,
              (user, model) -> {
                long id = number(request, "answer", -1);
                Verdict verdict = Verdict.valueOf(AskForms.verdictOf(field(request, "verdict")));
                var given =
                    feedback.give(
                        new GiveFeedbackUseCase.Command(
                            user, id, verdict, field(request, "comment")));
                response.sendRedirect(
                    request.getContextPath()
                        + (field(request, "back").equals("answer")
                            ? "/portal/answers/" + given.answer().id() + "?feedback=given"
                            : "/portal/history?feedback=" + given.answer().id()));
              });
      default -> response.sendError(HttpServletResponse.SC_METHOD_NOT_ALLOWED);
    }
  }

  /** The start page of each kind of user: staff ask, stewards curate, admins govern. */
  private void home(HttpServletRequest request, HttpServletResponse response) throws IOException {
    UserIdentity user = caller.get();
    String target =
        user.roles().contains("analyst")
            ? "/portal/ask"
            : user.roles().contains("steward")
                ? "/portal/curation"
                : user.roles().contains("admin") ? "/portal/admin/sources" : "/portal/ask";
    response.sendRedirect(request.getContextPath() + target);
  }

  private void form(HttpServletRequest request, UserIdentity user, Map<String, Object> model) {
    model.put("question", field(request, "q"));
    String chosen = field(request, "source");
    AskSources.sourceChoice(
        sources,
        user,
        chosen.isEmpty() ? AskSources.defaultSource(sources, examples, request, user) : chosen,
        model);
    AskSources.exampleQuestions(examples, request, user, model);
  }

  private RecordedAnswer ask(
      HttpServletRequest request,
      UserIdentity user,
      Map<String, Object> model,
      AskProgress progress) {
    RecordedAnswer answer = questions.ask(command(request, user, model), progress);
    Map<String, Object> view =
        AnswerView.of(answer, presentation(request, user, answer.answer().source()));
    view.put("address", request.getContextPath() + "/portal/answers/" + answer.id());
    view.put("askedAt", answer.askedAt().toString());
    view.put("back", "answer");
    if (answer.follows().isPresent()) {
      view.put("conversation", request.getContextPath() + "/portal/conversations/" + answer.id());
    }
    model.put("answer", view);
    return answer;
  }

  /**
   * How this request shows answers about {@code source}: the reader's locale, the result's words
   * ({@code ResultWordsUseCase}), and the source's example questions and views when there is no
   * answer.
   */
  Presentation presentation(HttpServletRequest request, UserIdentity user, String source) {
    Locale locale = request.getLocale() == null ? Locale.US : request.getLocale();
    Presentation plain = Presentation.plain(locale);
    return new Presentation(
        locale,
        (columns, sqlRun) -> {
          try {
            return resultWords.words(user, source, columns, sqlRun);
          } catch (RuntimeException e) {
            LOG.log(Level.FINE, "no words for a result of " + source, e);
            return plain.words().apply(columns, sqlRun);
          }
        },
        () -> NoAnswerHelp.help(examples, catalog, request, user, source));
  }

  private ShareLinks shareLinks() {
    ShareLinks links = shareLinks;
    if (links == null) {
      links = new ShareLinks(shareSecret);
      shareLinks = links;
    }
    return links;
  }

  /**
   * {@code GET /portal/answers/{id}}: the stored answer as a document, its rows run again now as
   * the reader ({@code OpenAnswerUseCase}); {@code ?share=} is its owner's share link, {@code
   * ?reading=N} the reading chosen instead of the answer.
   */
  private void answerPage(
      HttpServletRequest request, UserIdentity user, Map<String, Object> model) {
    long id = AskForms.pathNumber(request);
    boolean shared = shareLinks().valid(id, field(request, "share"));
    int reading = number(request, "reading", 0);
    OpenAnswerUseCase.OpenedAnswer opened =
        reading > 0
            ? answers.openReading(user, id, shared, reading)
            : answers.open(user, id, shared);
    Map<String, Object> view = storedAnswer(request, user, opened, reading);
    if (field(request, "feedback").equals("given")) {
      model.put("notice", "Thank you: your feedback went to the source's stewards.");
    }
    model.put("title", "Answer " + opened.answer().id());
    model.put("answer", view);
    model.put("question", opened.answer().question());
  }

  /** A stored answer's part of a page: its record, and its rows run again as the reader. */
  private Map<String, Object> storedAnswer(
      HttpServletRequest request,
      UserIdentity user,
      OpenAnswerUseCase.OpenedAnswer opened,
      int reading) {
    return StoredAnswerView.of(
        request,
        opened,
        reading,
        presentation(request, user, opened.answer().source()),
        this::shareLinks);
  }

  /**
   * {@code GET /portal/conversations/{id}}: the thread of a conversation ({@code
   * ConversationUseCase}), each question as typed with its restatement, and its last answer in
   * full, run again now, with the follow-up form (live stages) that continues it.
   */
  private void conversationPage(
      HttpServletRequest request, UserIdentity user, Map<String, Object> model) {
    var conversation = conversations.conversation(user, AskForms.pathNumber(request));
    var all = conversation.turns();
    List<Map<String, Object>> turns = StoredAnswerView.turns(request, all);
    AnswerRecord last = all.get(all.size() - 1);
    Map<String, Object> view = storedAnswer(request, user, answers.open(user, last.id(), false), 0);
    view.put("then", "conversation");
    view.remove("conversation");
    model.put("title", "Conversation " + conversation.id());
    model.put("turns", turns);
    model.put("conversationId", conversation.id());
    model.put("conversationSource", conversation.source());
    model.put("answer", view);
  }

  /** The question the ask form posted; the form stays filled whatever happens next. */
  private AnswerQuestionUseCase.Command command(
      HttpServletRequest request, UserIdentity user, Map<String, Object> model) {
    String source = field(request, "source");
    String question = field(request, "question");
    model.put("question", question);
    AskSources.sourceChoice(sources, user, source, model);
    if (source.isEmpty()) {
      throw new IllegalArgumentException("source: choose a source to ask about");
    }
    return new AnswerQuestionUseCase.Command(
        user, source, question, Optional.empty(), OptionalInt.empty(), AskForms.followUp(request));
  }

  // "Use this reading": the form carries the answer's number and the reading's; the use case runs
  // the reading as the user, and the page shows its rows as the answer.
  private void chooseReading(
      HttpServletRequest request,
      HttpServletResponse response,
      UserIdentity user,
      Map<String, Object> model)
      throws IOException {
    long answer = number(request, "answer", -1);
    int reading = number(request, "reading", -1);
    var chosen = readings.choose(user, answer, reading);
    if (chosen.answer().user().equals(user.name())) {
      // The answer's own page shows the choice: the reading's rows, run again as the user.
      response.sendRedirect(
          request.getContextPath()
              + "/portal/answers/"
              + chosen.answer().id()
              + "?reading="
              + chosen.reading()
              + chosen.proposed().map(s -> "&suggestion=" + s.id()).orElse(""));
      return;
    }
    model.put("question", chosen.answer().question());
    AskSources.sourceChoice(sources, user, chosen.answer().source(), model);
    model.put(
        "answer", AnswerView.chosen(chosen, presentation(request, user, chosen.answer().source())));
  }

  // Live answer (branch report): the ask page's script posts the ask form here and shows the
  // pipeline's stages as they happen, then the answer.

  /** How long a streamed question may run before the container ends its request. */
  static final long LIVE_ANSWER_TIMEOUT_MILLIS = 10 * 60 * 1000L;

  /**
   * {@code POST /portal/ask/stream}: the ask form's question, answered on the ask executor while
   * its stages stream to the page as Server-Sent Events ({@link AskEvents}); the last event carries
   * the page the plain form post answers with. Bad input and refusals come before the stream opens,
   * as that page with its status (400, 403, 404); a full executor answers 503 the same way. One
   * request does the whole question: nothing is kept for a later request.
   */
  private void liveAnswer(HttpServletRequest request, HttpServletResponse response)
      throws IOException {
    UserIdentity user = caller.get();
    AskForms.remember(request, response);
    Rendered refused =
        render(
            request,
            response,
            user,
            ASK,
            (u, model) -> questions.requireAllowed(u, command(request, u, model).source()));
    if (refused.status() != HttpServletResponse.SC_OK) {
      LiveAnswer.send(response, refused);
      return;
    }
    AsyncContext async = request.startAsync();
    async.setTimeout(LIVE_ANSWER_TIMEOUT_MILLIS);
    try {
      HttpServletRequest read = new ReadRequest(request);
      executor
          .get()
          .execute(() -> LiveAnswer.streamAnswer(read, response, user, async, ASK, this::ask));
    } catch (RejectedExecutionException busy) {
      LiveAnswer.send(
          response,
          render(
              request,
              response,
              user,
              ASK,
              (u, model) -> {
                command(request, u, model);
                throw busy;
              }));
      async.complete();
    }
  }
}
