package dev.parlance.web.pages;

import dev.parlance.application.answer.AnswerHistoryUseCase;
import dev.parlance.application.answer.AnswerHistoryUseCase.HistoryPage;
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
import dev.parlance.domain.governance.QueryOutcome;
import dev.parlance.domain.governance.QueryResult;
import dev.parlance.domain.governance.UserIdentity;
import dev.parlance.web.ask.AskExecutor;
import jakarta.inject.Inject;
import jakarta.servlet.AsyncContext;
import jakarta.servlet.http.Cookie;
import jakarta.servlet.http.HttpServletRequest;
import jakarta.servlet.http.HttpServletRequestWrapper;
import jakarta.servlet.http.HttpServletResponse;
import java.io.IOException;
import java.io.OutputStreamWriter;
import java.net.URLEncoder;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.Collections;
import java.util.Enumeration;
import java.util.HashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;
import java.util.OptionalInt;
import java.util.OptionalLong;
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
          page(request, response, HISTORY, (user, model) -> history(request, user, model));
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
        remember(request, response);
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
                Verdict verdict = Verdict.valueOf(verdictOf(field(request, "verdict")));
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
    sourceChoice(user, chosen.isEmpty() ? defaultSource(request, user) : chosen, model);
    exampleQuestions(request, user, model);
  }

  /**
   * The source the ask page starts on: the one the user last asked about (a cookie), else the first
   * that has example questions (a curated source), else the first. A newly added source does not
   * become everyone's default by its name.
   */
  private String defaultSource(HttpServletRequest request, UserIdentity user) {
    var usable = sources.usable(user).stream().map(s -> s.name()).toList();
    if (request.getCookies() != null) {
      for (Cookie cookie : request.getCookies()) {
        if (LAST_SOURCE.equals(cookie.getName())) {
          String last = java.net.URLDecoder.decode(cookie.getValue(), StandardCharsets.UTF_8);
          if (usable.contains(last)) {
            return last;
          }
        }
      }
    }
    for (String name : usable) {
      try {
        if (!examples.examples(user, name).isEmpty()) {
          return name;
        }
      } catch (RuntimeException notNow) {
        // a source that cannot list examples now is no default
      }
    }
    return "";
  }

  /** Remembers the source asked about for the next visit of the ask page. */
  private static void remember(HttpServletRequest request, HttpServletResponse response) {
    String source = field(request, "source");
    if (source.isEmpty()) {
      return;
    }
    Cookie cookie = new Cookie(LAST_SOURCE, URLEncoder.encode(source, StandardCharsets.UTF_8));
    cookie.setPath(request.getContextPath().isEmpty() ? "/" : request.getContextPath());
    cookie.setMaxAge(60 * 60 * 24 * 365);
    cookie.setHttpOnly(true);
    cookie.setSecure("https".equalsIgnoreCase(request.getScheme()));
    cookie.setAttribute("SameSite", "Lax");
    response.addCookie(cookie);
  }

  private void sourceChoice(UserIdentity user, String chosen, Map<String, Object> model) {
    List<Map<String, Object>> options = new ArrayList<>();
    var usable = sources.usable(user);
    for (var source : usable) {
      boolean selected = source.name().equals(chosen) || (chosen.isEmpty() && options.isEmpty());
      options.add(Map.of("name", source.name(), "selected", selected));
    }
    model.put("sources", options);
    model.put("noSources", options.isEmpty());
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
        () -> help(request, user, source));
  }

  /** What to ask instead: the source's example questions and the views it knows. */
  private Map<String, Object> help(HttpServletRequest request, UserIdentity user, String source) {
    Map<String, Object> help = new HashMap<>();
    try {
      List<Map<String, Object>> links = new ArrayList<>();
      for (var example : examples.examples(user, source)) {
        if (links.size() < 3) {
          links.add(
              Map.of(
                  "question",
                  example.question(),
                  "href",
                  askLink(request, source, example.question())));
        }
      }
      help.put("examples", links);
      help.put("hasExamples", !links.isEmpty());
      var entries = catalog.catalog(user, source, "").entries();
      List<Map<String, Object>> views = new ArrayList<>();
      for (var entry : entries) {
        if (views.size() >= 10) {
          break;
        }
        views.add(
            new HashMap<>(
                Map.of(
                    "name",
                    entry.name().replace('_', ' '),
                    "href",
                    request.getContextPath()
                        + "/portal/catalog?source="
                        + URLEncoder.encode(source, StandardCharsets.UTF_8)
                        + "&q="
                        + URLEncoder.encode(entry.name(), StandardCharsets.UTF_8),
                    "last",
                    false)));
      }
      if (!views.isEmpty()) {
        views.get(views.size() - 1).put("last", true);
      }
      help.put("views", views);
      help.put("hasViews", !views.isEmpty());
      help.put(
          "catalog",
          request.getContextPath()
              + "/portal/catalog?source="
              + URLEncoder.encode(source, StandardCharsets.UTF_8));
    } catch (RuntimeException e) {
      LOG.log(Level.FINE, "no suggestions for " + source, e);
    }
    return help;
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
    long id = pathNumber(request);
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

  /** The number at the end of a page's path ({@code /portal/answers/42}). */
  private static long pathNumber(HttpServletRequest request) {
    String rest = request.getPathInfo() == null ? "" : request.getPathInfo().replace("/", "");
    try {
      return Long.parseLong(rest);
    } catch (NumberFormatException e) {
      throw new dev.parlance.application.answer.UnknownAnswerException(-1);
    }
  }

  /**
   * {@code GET /portal/conversations/{id}}: the thread of a conversation ({@code
   * ConversationUseCase}), each question as typed with its restatement, and its last answer in
   * full, run again now, with the follow-up form (live stages) that continues it.
   */
  private void conversationPage(
      HttpServletRequest request, UserIdentity user, Map<String, Object> model) {
    var conversation = conversations.conversation(user, pathNumber(request));
    List<Map<String, Object>> turns = new ArrayList<>();
    var all = conversation.turns();
    for (int i = 0; i < all.size(); i++) {
      AnswerRecord a = all.get(i);
      Map<String, Object> turn = new HashMap<>();
      turn.put("id", a.id());
      turn.put("number", i + 1);
      turn.put("question", a.question());
      a.standaloneQuestion()
          .filter(q -> !q.equals(a.question()))
          .ifPresent(q -> turn.put("standalone", q));
      turn.put("status", a.status().replace('_', ' '));
      turn.put("rows", a.rowCount() == 1 ? "1 row" : a.rowCount() + " rows");
      turn.put("askedAt", a.askedAt().toString());
      turn.put("href", request.getContextPath() + "/portal/answers/" + a.id());
      turn.put("current", i == all.size() - 1);
      turns.add(turn);
    }
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

  /** A stored answer's part of a page: its record, and its rows run again as the reader. */
  private Map<String, Object> storedAnswer(
      HttpServletRequest request,
      UserIdentity user,
      OpenAnswerUseCase.OpenedAnswer opened,
      int reading) {
    AnswerRecord record = opened.answer();
    Presentation presentation = presentation(request, user, record.source());
    Map<String, Object> view = new HashMap<>();
    view.put("id", record.id());
    view.put("question", record.question());
    if (opened.own()) {
      record.standaloneQuestion().ifPresent(q -> view.put("standalone", q));
    }
    view.put("source", record.source());
    view.put("status", record.status().replace('_', ' '));
    view.put("unsure", record.status().equals("unsure"));
    view.put("confidence", Math.round(record.confidence() * 100));
    view.put("askedAt", record.askedAt().toString());
    view.put("address", request.getContextPath() + "/portal/answers/" + record.id());
    opened.sql().ifPresent(sql -> view.put("sql", sql));
    if (reading > 0) {
      view.put("status", "chosen reading");
      view.put("isChosen", true);
      view.put("chosenReading", reading);
      String suggestion = field(request, "suggestion");
      if (suggestion.matches("\\d+")) {
        view.put("proposedSuggestion", suggestion);
      }
    }
    opened
        .rows()
        .ifPresent(
            outcome -> {
              switch (outcome) {
                case QueryOutcome.Ran ran -> {
                  QueryResult all = ran.result();
                  QueryResult shown =
                      all.rowCount() <= SHOWN_ROWS
                          ? all
                          : new QueryResult(
                              all.columns(),
                              all.rows().subList(0, SHOWN_ROWS),
                              all.truncated(),
                              all.elapsedMs(),
                              all.sqlAsked(),
                              all.sqlRun());
                  view.putAll(AnswerView.result(shown, all, presentation));
                }
                case QueryOutcome.Refused refused ->
                    view.put(
                        "problem",
                        "Your access does not allow this answer's SQL now: "
                            + refused.refusal().reason());
                case QueryOutcome.Failed failed ->
                    view.put("problem", "This answer's SQL does not run now: " + failed.message());
              }
            });
    if (opened.sql().isEmpty()) {
      view.put("noAnswer", true);
      view.put(
          "problem", "This question got no answer (" + record.status().replace('_', ' ') + ").");
      Map<String, Object> help = presentation.help().get();
      if (!help.isEmpty()) {
        view.put("help", help);
      }
    }
    if (reading == 0) {
      List<Map<String, Object>> readings = new ArrayList<>();
      for (int n = 1; n <= record.readings().size(); n++) {
        Map<String, Object> r = new HashMap<>();
        r.put("number", n);
        r.put("sql", record.readings().get(n - 1));
        r.put("explanation", "Reading " + n);
        r.put("rowWords", "its rows once used");
        r.put("votes", "some");
        r.put("share", "");
        r.put("header", List.of());
        r.put("rows", List.of());
        r.put("answer", record.id());
        readings.add(r);
      }
      view.put("readings", readings);
      view.put("hasReadings", !readings.isEmpty() && opened.own());
    }
    if (record.followsUp().isPresent() && opened.own()) {
      view.put("conversation", request.getContextPath() + "/portal/conversations/" + record.id());
    }
    if (!opened.own()) {
      view.put("shared", true);
      view.put("sharedBy", "Another user");
    } else {
      view.put(
          "shareLink",
          request.getContextPath()
              + "/portal/answers/"
              + record.id()
              + "?share="
              + shareLinks().mark(record.id()));
      view.put("mayFollowUp", reading == 0);
      view.put("back", "answer");
    }
    return view;
  }

  /** The question the ask form posted; the form stays filled whatever happens next. */
  private AnswerQuestionUseCase.Command command(
      HttpServletRequest request, UserIdentity user, Map<String, Object> model) {
    String source = field(request, "source");
    String question = field(request, "question");
    model.put("question", question);
    sourceChoice(user, source, model);
    if (source.isEmpty()) {
      throw new IllegalArgumentException("source: choose a source to ask about");
    }
    return new AnswerQuestionUseCase.Command(
        user, source, question, Optional.empty(), OptionalInt.empty(), followUp(request));
  }

  /**
   * The chosen source's example questions (approved verified ones), each a link that asks it: the
   * link fills the question box (portal.js does so without leaving the page).
   */
  private void exampleQuestions(
      HttpServletRequest request, UserIdentity user, Map<String, Object> model) {
    @SuppressWarnings("unchecked")
    List<Map<String, Object>> options = (List<Map<String, Object>>) model.get("sources");
    Optional<String> chosen =
        options.stream()
            .filter(o -> Boolean.TRUE.equals(o.get("selected")))
            .map(o -> (String) o.get("name"))
            .findFirst();
    if (chosen.isEmpty()) {
      return;
    }
    List<Map<String, Object>> links = new ArrayList<>();
    for (var example : examples.examples(user, chosen.get())) {
      links.add(
          Map.of(
              "question",
              example.question(),
              "href",
              askLink(request, chosen.get(), example.question())));
    }
    model.put("examples", links);
    model.put("hasExamples", !links.isEmpty());
    model.put("examplesSource", chosen.get());
  }

  // The "Ask a follow-up" form under an answer carries the answer's number.
  private static OptionalLong followUp(HttpServletRequest request) {
    String id = field(request, "follow_up");
    if (id.isEmpty()) {
      return OptionalLong.empty();
    }
    try {
      return OptionalLong.of(Long.parseLong(id));
    } catch (NumberFormatException e) {
      throw new IllegalArgumentException("follow_up: not an answer number: " + id);
    }
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
    sourceChoice(user, chosen.answer().source(), model);
    model.put(
        "answer", AnswerView.chosen(chosen, presentation(request, user, chosen.answer().source())));
  }

  private void history(HttpServletRequest request, UserIdentity user, Map<String, Object> model) {
    int page = Math.max(0, number(request, "page", 0));
    HistoryPage answers = history.history(user, page, 20);
    List<Map<String, Object>> rows = new ArrayList<>();
    String given = field(request, "feedback");
    for (AnswerRecord a : answers.answers()) {
      Map<String, Object> row = new HashMap<>();
      row.put("id", a.id());
      row.put("askedAt", a.askedAt().toString().replace('T', ' ').replaceAll("\\.\\d+Z$", "Z"));
      row.put("askedIso", a.askedAt().toString());
      row.put("view", request.getContextPath() + "/portal/answers/" + a.id());
      row.put("source", a.source());
      row.put("question", a.question());
      row.put("status", a.status().replace('_', ' '));
      row.put("rowCount", a.rowCount());
      row.put("confidence", Math.round(a.confidence() * 100));
      row.put("millis", a.wallMillis());
      a.sql().ifPresent(sql -> row.put("sql", sql));
      a.feedback()
          .ifPresent(
              f -> row.put("verdict", f.verdict().name().toLowerCase(java.util.Locale.ROOT)));
      row.put("again", again(request, a));
      row.put("justGiven", given.equals(String.valueOf(a.id())));
      rows.add(row);
    }
    model.put("answers", rows);
    model.put("empty", rows.isEmpty());
    model.put("total", answers.total());
    if (page > 0) {
      model.put("previous", String.valueOf(page - 1));
    }
    if ((long) (page + 1) * answers.size() < answers.total()) {
      model.put("next", String.valueOf(page + 1));
    }
    if (!given.isEmpty()) {
      model.put("notice", "Thank you: your feedback went to the source's stewards.");
    }
  }

  /**
   * The link that asks a question again: what the history "re-run" and "share" give. Whoever opens
   * it asks under their own permissions; the link holds only the source and the question.
   */
  static String again(HttpServletRequest request, AnswerRecord answer) {
    return askLink(request, answer.source(), answer.question());
  }

  /** The ask page with {@code source} chosen and {@code question} in the box. */
  static String askLink(HttpServletRequest request, String source, String question) {
    return request.getContextPath()
        + "/portal/ask?source="
        + URLEncoder.encode(source, StandardCharsets.UTF_8)
        + "&q="
        + URLEncoder.encode(question, StandardCharsets.UTF_8);
  }

  private static String verdictOf(String text) {
    return switch (text) {
      case "right", "RIGHT" -> "RIGHT";
      case "wrong", "WRONG" -> "WRONG";
      default -> throw new IllegalArgumentException("verdict: say right or wrong");
    };
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
    remember(request, response);
    Rendered refused =
        render(
            request,
            response,
            user,
            ASK,
            (u, model) -> questions.requireAllowed(u, command(request, u, model).source()));
    if (refused.status() != HttpServletResponse.SC_OK) {
      send(response, refused);
      return;
    }
    AsyncContext async = request.startAsync();
    async.setTimeout(LIVE_ANSWER_TIMEOUT_MILLIS);
    try {
      HttpServletRequest read = new ReadRequest(request);
      executor.get().execute(() -> streamAnswer(read, response, user, async));
    } catch (RejectedExecutionException busy) {
      send(
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

  /** The events of one question, ending with its page; runs on the ask executor. */
  private void streamAnswer(
      HttpServletRequest request,
      HttpServletResponse response,
      UserIdentity user,
      AsyncContext async) {
    try {
      response.setContentType("text/event-stream");
      response.setCharacterEncoding(StandardCharsets.UTF_8.name());
      response.setHeader("Cache-Control", "no-store");
      AskEvents events =
          new AskEvents(new OutputStreamWriter(response.getOutputStream(), StandardCharsets.UTF_8));
      RecordedAnswer[] answered = new RecordedAnswer[1];
      Rendered page =
          render(
              request,
              response,
              user,
              ASK,
              (u, model) -> answered[0] = ask(request, u, model, events));
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

  /**
   * The request as read on its own thread, for the ask executor's: its form fields, cookies and
   * paths. Open Liberty keeps a request's parsed parameters per thread, and the body can be read
   * only once, so another thread would find no form at all.
   */
  static final class ReadRequest extends HttpServletRequestWrapper {

    private final Map<String, String[]> fields;
    private final Cookie[] cookies;
    private final String contextPath;
    private final String requestUri;
    private final Locale locale;

    ReadRequest(HttpServletRequest request) {
      super(request);
      Map<String, String[]> form = new HashMap<>();
      request.getParameterMap().forEach((name, values) -> form.put(name, values.clone()));
      this.fields = Map.copyOf(form);
      this.cookies = request.getCookies();
      this.contextPath = request.getContextPath();
      this.requestUri = request.getRequestURI();
      this.locale = request.getLocale();
    }

    @Override
    public Locale getLocale() {
      return locale;
    }

    @Override
    public String getParameter(String name) {
      String[] values = fields.get(name);
      return values == null || values.length == 0 ? null : values[0];
    }

    @Override
    public String[] getParameterValues(String name) {
      String[] values = fields.get(name);
      return values == null ? null : values.clone();
    }

    @Override
    public Map<String, String[]> getParameterMap() {
      return fields;
    }

    @Override
    public Enumeration<String> getParameterNames() {
      return Collections.enumeration(fields.keySet());
    }

    @Override
    public Cookie[] getCookies() {
      return cookies == null ? null : cookies.clone();
    }

    @Override
    public String getContextPath() {
      return contextPath;
    }

    @Override
    public String getRequestURI() {
      return requestUri;
    }
  }

  private static void send(HttpServletResponse response, Rendered page) throws IOException {
    response.setStatus(page.status());
    write(response, page.html());
  }
}
