package dev.parlance.web.pages;

import dev.parlance.application.access.SourceAccess;
import dev.parlance.application.curation.CheckViewUseCase;
import dev.parlance.application.curation.CurateItemsUseCase;
import dev.parlance.application.curation.CurationJobsUseCase;
import dev.parlance.application.curation.CurationQualityUseCase;
import dev.parlance.application.curation.CurationRef;
import dev.parlance.application.curation.ModelRegressionUseCase;
import dev.parlance.application.curation.PublishOutcome;
import dev.parlance.application.curation.RegressionReport;
import dev.parlance.application.curation.ReviewSuggestionsUseCase;
import dev.parlance.application.curation.StewardCurationUseCase;
import dev.parlance.application.curation.StoredCurationQualityUseCase;
import dev.parlance.application.curation.ValidationReport;
import dev.parlance.application.curation.ViewCheck;
import dev.parlance.application.curation.ViewTrial;
import dev.parlance.application.source.UseSourcesUseCase;
import dev.parlance.domain.curation.CuratedView;
import dev.parlance.domain.curation.Curation;
import dev.parlance.domain.curation.CurationVersion;
import dev.parlance.domain.curation.DataDescription;
import dev.parlance.domain.curation.Suggestion;
import dev.parlance.domain.curation.SuggestionStatus;
import dev.parlance.domain.curation.Synonym;
import dev.parlance.domain.curation.TableDescription;
import dev.parlance.domain.curation.ValueLabel;
import dev.parlance.domain.curation.VerifiedQuery;
import dev.parlance.domain.curation.VerifiedStatus;
import dev.parlance.domain.curation.ViewKind;
import dev.parlance.domain.governance.UserIdentity;
import jakarta.inject.Inject;
import jakarta.servlet.http.HttpServletRequest;
import jakarta.servlet.http.HttpServletResponse;
import java.io.IOException;
import java.net.URLEncoder;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;

/**
 * The steward's page ({@code /portal/curation?source=NAME}): the working copy's views, tables and
 * columns with their descriptions, hints, synonyms and verified questions; the suggestions queue;
 * the draft's diff against the published version, validation, publishing, history and rollback.
 * Every change is one call of the curation use cases, which check that the user stewards the
 * source.
 */
public class CurationPages extends PageServlet {

  private static final long serialVersionUID = 1L;
  private static final java.util.logging.Logger LOG =
      java.util.logging.Logger.getLogger(CurationPages.class.getName());

  @Inject transient UseSourcesUseCase sources;
  @Inject transient StewardCurationUseCase curation;
  @Inject transient CurateItemsUseCase items;
  @Inject transient ReviewSuggestionsUseCase suggestions;
  @Inject transient CheckViewUseCase views;
  @Inject transient StoredCurationQualityUseCase quality;
  @Inject transient CurationJobsUseCase jobs;
  @Inject transient ModelRegressionUseCase modelRegression;

  static final String EXPORT_PATH = "/portal/curation/export";
  static final String JOBS_PATH = "/portal/curation/jobs";
  static final String JOB_EVENTS_PATH = "/portal/curation/jobs/events";

  /** How long a plain form post waits for its job (the page without JavaScript). */
  private static final Duration PLAIN_POST_WAIT = Duration.ofMinutes(10);

  /** How often a job's event stream says it is alive while nothing changes. */
  private static final Duration KEEP_ALIVE = Duration.ofSeconds(15);

  private static final String YAML = "application/yaml";
  private static final int QUALITY_VERSIONS = 5;

  private static final Page CURATION =
      Page.of("curation", "Curation", "curation", SourceAccess.STEWARD, SourceAccess.ADMIN);

  @Override
  protected void doGet(HttpServletRequest request, HttpServletResponse response)
      throws IOException {
    if (EXPORT_PATH.equals(request.getServletPath())) {
      page(request, response, CURATION, (user, model) -> export(request, response, user));
      return;
    }
    if (JOB_EVENTS_PATH.equals(request.getServletPath())) {
      jobEvents(request, response);
      return;
    }
    page(
        request,
        response,
        CURATION,
        (user, model) -> show(request, user, chosen(request, user, model), model));
  }

  /** The curation file of the draft or the published curation, as a download. */
  private void export(HttpServletRequest request, HttpServletResponse response, UserIdentity user)
      throws IOException {
    String source = field(request, "source");
    String ref = field(request, "ref").isEmpty() ? "published" : field(request, "ref");
    String yaml = curation.export(user, source, CurationRef.parse(ref));
    response.setContentType(YAML);
    response.setCharacterEncoding(StandardCharsets.UTF_8.name());
    response.setHeader("Cache-Control", "no-store");
    response.setHeader(
        "Content-Disposition",
        "attachment; filename=\"" + fileName(source) + "-curation-" + fileName(ref) + ".yaml\"");
    response.getWriter().write(yaml);
    // Committed now, so the page renders nothing after the file.
    response.flushBuffer();
  }

  private static String fileName(String text) {
    return text.replaceAll("[^A-Za-z0-9_.-]", "_");
  }

  @Override
  protected void doPost(HttpServletRequest request, HttpServletResponse response)
      throws IOException {
    if (JOBS_PATH.equals(request.getServletPath())) {
      startJob(request, response);
      return;
    }
    page(
        request,
        response,
        CURATION,
        (user, model) -> {
          String source = chosen(request, user, model);
          try {
            model.put("notice", act(request, user, source, model));
          } finally {
            // Whatever the action did, the page shows the working copy as it is now.
            show(request, user, source, model);
          }
        });
  }

  /** The source asked for, else the first the user stewards. */
  private String chosen(HttpServletRequest request, UserIdentity user, Map<String, Object> model) {
    String asked = field(request, "source");
    List<String> stewarded =
        sources.usable(user).stream()
            .map(UseSourcesUseCase.SourceSummary::name)
            .filter(name -> SourceAccess.stewards(user, name))
            .toList();
    String source = asked.isEmpty() ? stewarded.stream().findFirst().orElse("") : asked;
    if (source.isEmpty()) {
      throw new dev.parlance.application.access.AccessDeniedException(
          "you steward no source yet; an administrator names your sources");
    }
    List<Map<String, Object>> options = new ArrayList<>();
    for (String name : stewarded) {
      options.add(Map.of("name", name, "selected", name.equals(source)));
    }
    model.put("sources", options);
    model.put("source", source);
    return source;
  }

  private String act(
      HttpServletRequest request, UserIdentity user, String source, Map<String, Object> model) {
    String action = field(request, "action");
    switch (action) {
      case "describe" -> {
        String target = field(request, "target");
        String text = field(request, "text");
        boolean column = target.contains(".");
        items.describe(
            user,
            source,
            new CurateItemsUseCase.Describe(
                target,
                column ? Optional.empty() : Optional.of(text),
                column ? Optional.of(text) : Optional.empty(),
                Optional.empty(),
                Optional.empty(),
                Optional.empty()));
        return "Saved the description of " + target + " in the draft.";
      }
      case "import" -> {
        // Kept in the box until it is read, so a file that cannot be read is corrected in place.
        model.put("yaml", text(request, "yaml"));
        curation.importFile(user, source, text(request, "yaml"));
        model.remove("yaml");
        return "Imported the curation file as the draft; its changes are below.";
      }
      case "check-view", "define-view" -> {
        CurateItemsUseCase.ViewDefinition definition = viewDefinition(request, model);
        if (action.equals("check-view")) {
          ViewTrial trial = views.check(user, source, definition);
          model.put("trial", trialModel(trial));
          model.put(
              "editor",
              editorModel(
                  definition.name(), field(request, "kind"), definition.sql(), trial.line()));
          return trial.passed()
              ? "View " + trial.view() + " runs: " + trial.rowCount() + " row(s)."
              : "View " + trial.view() + " does not pass the check; see the editor.";
        }
        items.defineView(user, source, definition);
        return "Saved view " + definition.name() + " in the draft.";
      }
      case "dictionary" -> {
        String target = field(request, "target");
        model.put("dictionary", dictionaryModel(target, text(request, "values")));
        items.describe(
            user,
            source,
            new CurateItemsUseCase.Describe(
                target,
                Optional.empty(),
                Optional.empty(),
                Optional.empty(),
                Optional.of(ValueDictionaryText.parse(text(request, "values"))),
                Optional.empty()));
        model.remove("dictionary");
        return "Saved the value dictionary of " + target + " in the draft.";
      }
      case "quality" -> {
        int last = number(request, "versions", QUALITY_VERSIONS);
        model.put("qualityVersions", last);
        CurationQualityUseCase.Quality measured = quality.measureMissing(user, source, last);
        model.put("quality", qualityModel(measured));
        return "The recall of "
            + measured.versions().size()
            + " version(s), those not stored yet measured, in "
            + String.format(Locale.ROOT, "%.1f", measured.elapsedMs() / 1000.0)
            + " s.";
      }
      case "hint" -> {
        items.addHint(user, source, field(request, "hint"));
        return "Added the hint to the draft.";
      }
      case "synonym" -> {
        items.putSynonym(
            user, source, new Synonym(field(request, "term"), field(request, "target")));
        return "Saved the synonym in the draft.";
      }
      case "approve", "retire", "propose" -> {
        String id = field(request, "id");
        VerifiedStatus status =
            switch (action) {
              case "approve" -> VerifiedStatus.APPROVED;
              case "retire" -> VerifiedStatus.RETIRED;
              default -> VerifiedStatus.PROPOSED;
            };
        items.setStatus(user, source, id, status);
        return "Verified question " + id + " is " + status.label() + " in the draft.";
      }
      case "accept" -> {
        Suggestion s = suggestions.accept(user, source, number(request, "suggestion", -1));
        return "Accepted suggestion " + s.id() + " into the draft: " + s.summary();
      }
      case "reject" -> {
        Suggestion s = suggestions.reject(user, source, number(request, "suggestion", -1));
        return "Rejected suggestion " + s.id() + ".";
      }
      case "validate" -> {
        ValidationReport report = curation.validate(user, source);
        model.put("validation", validation(report));
        model.put("hasValidation", true);
        return report.passed()
            ? "Every view of the working copy runs against the database."
            : report.failures().size() + " view(s) fail validation; see below.";
      }
      case "publish", "rollback", "model-check" -> {
        // Without JavaScript the page waits for the job; with it, the script follows the job's
        // events instead (startJob) and opens the job's page when it ends.
        CurationJobsUseCase.Job job = jobs.start(user, source, work(request, action));
        job = awaitEnd(user, job);
        return jobOutcome(job, model);
      }
      case "save-item" -> {
        String target = field(request, "item");
        boolean column = target.contains(".");
        items.describe(
            user,
            source,
            column
                ? new CurateItemsUseCase.Describe(
                    target,
                    Optional.empty(),
                    Optional.of(field(request, "meaning")),
                    Optional.of(field(request, "unit")),
                    Optional.of(ValueDictionaryText.parse(text(request, "values"))),
                    Optional.of(!"on".equals(field(request, "values-hidden"))))
                : new CurateItemsUseCase.Describe(
                    target,
                    Optional.of(field(request, "description")),
                    Optional.empty(),
                    Optional.empty(),
                    Optional.empty(),
                    Optional.empty()));
        return "Saved " + target + " in the draft.";
      }
      case "discard" -> {
        curation.discardDraft(user, source);
        return "Discarded the draft.";
      }
      default -> throw new IllegalArgumentException("action: unknown action '" + action + "'");
    }
  }

  private static String outcome(PublishOutcome outcome, Map<String, Object> model) {
    model.put("validation", validation(outcome.validation()));
    model.put("hasValidation", true);
    return switch (outcome) {
      case PublishOutcome.Published published -> {
        List<Map<String, Object>> checks = new ArrayList<>();
        for (RegressionReport.Check c : published.regression().checks()) {
          checks.add(
              Map.of(
                  "id", c.id(),
                  "question", c.question(),
                  "result", c.result().name().toLowerCase(Locale.ROOT),
                  "changed",
                      c.result() == RegressionReport.Result.CHANGED
                          || c.result() == RegressionReport.Result.FAILED,
                  "detail", c.detail()));
        }
        model.put("regression", checks);
        model.put("hasRegression", !checks.isEmpty());
        yield "Published version " + published.version().version() + ".";
      }
      case PublishOutcome.Blocked blocked -> "Nothing was published: a view fails validation.";
    };
  }

  private static CurationJobsUseCase.Work work(HttpServletRequest request, String action) {
    return switch (action) {
      case "publish" -> new CurationJobsUseCase.Work.Publish(field(request, "note"));
      case "rollback" -> new CurationJobsUseCase.Work.Rollback(number(request, "version", -1));
      case "model-check" -> new CurationJobsUseCase.Work.ModelCheck();
      default -> throw new IllegalArgumentException("action: not a job: '" + action + "'");
    };
  }

  private CurationJobsUseCase.Job awaitEnd(UserIdentity user, CurationJobsUseCase.Job job) {
    long deadline = System.nanoTime() + PLAIN_POST_WAIT.toNanos();
    try {
      while (!job.ended() && System.nanoTime() < deadline) {
        job = jobs.next(user, job.id(), job.step(), KEEP_ALIVE);
      }
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
    }
    return job;
  }

  /**
   * {@code POST /portal/curation/jobs} (the page's script, with the CSRF header): starts the form's
   * job and answers JSON {@code {id, events, page}}: where its events stream and the page that
   * shows its outcome; a refusal answers {@code {status, message}} with its status.
   */
  private void startJob(HttpServletRequest request, HttpServletResponse response)
      throws IOException {
    UserIdentity user = caller.get();
    Map<String, Object> answer = new java.util.LinkedHashMap<>();
    int status = 202;
    try {
      requireRole(user, SourceAccess.STEWARD, SourceAccess.ADMIN);
      String source = field(request, "source");
      CurationJobsUseCase.Job job =
          jobs.start(user, source, work(request, field(request, "action")));
      answer.put("id", job.id());
      answer.put(
          "events",
          request.getContextPath()
              + JOB_EVENTS_PATH
              + "?id="
              + URLEncoder.encode(job.id(), StandardCharsets.UTF_8));
      answer.put("page", jobPage(request, source, job.id()));
    } catch (RuntimeException failure) {
      PageFailure known =
          PageFailure.of(failure)
              .orElseGet(
                  () -> {
                    LOG.log(
                        java.util.logging.Level.SEVERE, "starting a curation job failed", failure);
                    return new PageFailure(500, "Something went wrong on our side.", true);
                  });
      status = known.status();
      answer.put("status", status);
      answer.put("message", known.message());
    }
    response.setStatus(status);
    response.setContentType("application/json");
    response.setCharacterEncoding(StandardCharsets.UTF_8.name());
    response.setHeader("Cache-Control", "no-store");
    response.getWriter().write(Json.of(answer));
  }

  private static String jobPage(HttpServletRequest request, String source, String id) {
    return request.getContextPath()
        + "/portal/curation?source="
        + URLEncoder.encode(source, StandardCharsets.UTF_8)
        + "&job="
        + URLEncoder.encode(id, StandardCharsets.UTF_8)
        + "#publish-title";
  }

  /**
   * {@code GET /portal/curation/jobs/events?id=ID}: the job as Server-Sent Events: {@code progress}
   * {@code {stage, done, total, state}} each time it moves on, then {@code end} {@code {state,
   * page}} naming the page of its outcome. Held while the job runs (a publish: seconds to a
   * minute); a browser gone away ends the stream, never the job.
   */
  private void jobEvents(HttpServletRequest request, HttpServletResponse response)
      throws IOException {
    UserIdentity user = caller.get();
    CurationJobsUseCase.Job job;
    try {
      requireRole(user, SourceAccess.STEWARD, SourceAccess.ADMIN);
      job = jobs.job(user, field(request, "id"));
    } catch (RuntimeException failure) {
      PageFailure known = PageFailure.of(failure).orElse(new PageFailure(500, "no such job", true));
      response.sendError(known.status(), known.message());
      return;
    }
    response.setContentType("text/event-stream");
    response.setCharacterEncoding(StandardCharsets.UTF_8.name());
    response.setHeader("Cache-Control", "no-store");
    java.io.PrintWriter out = response.getWriter();
    long seen = -1;
    try {
      while (true) {
        if (job.step() != seen) {
          seen = job.step();
          Map<String, Object> data = new java.util.LinkedHashMap<>();
          data.put("stage", job.stage());
          data.put("done", job.done());
          data.put("total", job.total());
          data.put("state", job.state().name().toLowerCase(Locale.ROOT));
          out.write("event: progress\ndata: " + Json.of(data) + "\n\n");
        } else {
          out.write(": still working\n\n");
        }
        if (job.ended()) {
          Map<String, Object> end = new java.util.LinkedHashMap<>();
          end.put("state", job.state().name().toLowerCase(Locale.ROOT));
          end.put("page", jobPage(request, job.source(), job.id()));
          out.write("event: end\ndata: " + Json.of(end) + "\n\n");
          out.flush();
          return;
        }
        // Flushes; true once the browser went away (the job goes on).
        if (out.checkError()) {
          return;
        }
        response.flushBuffer();
        job = jobs.next(user, job.id(), seen, KEEP_ALIVE);
      }
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
    }
  }

  /** A job's page: its progress while it runs, its outcome once it ended. */
  private static String jobOutcome(CurationJobsUseCase.Job job, Map<String, Object> model) {
    String what =
        switch (job.kind()) {
          case "publish" -> "The publish";
          case "rollback" -> "The rollback";
          default -> "The check of the verified questions with the model";
        };
    switch (job.state()) {
      case RUNNING -> {
        Map<String, Object> running = new HashMap<>();
        running.put("id", job.id());
        running.put("stage", job.stage());
        running.put("done", job.done());
        running.put("total", job.total());
        model.put("runningJob", running);
        return what + " is still running: " + job.stage() + ".";
      }
      case FAILED ->
          throw new IllegalArgumentException(
              what + " failed: " + job.failure().orElse("no reason given"));
      default -> {
        if (job.outcome().isPresent()) {
          return outcome(job.outcome().get(), model);
        }
        return modelCheck(job.report().orElseThrow(), model);
      }
    }
  }

  /** The model-based check's report: each question, whether the model's answer has its rows. */
  private static String modelCheck(RegressionReport report, Map<String, Object> model) {
    List<Map<String, Object>> rows = new ArrayList<>();
    int agree = 0;
    for (RegressionReport.Check c : report.checks()) {
      String verdict =
          switch (c.pipeline()) {
            case AGREES -> "right: the verified rows";
            case DISAGREES -> "different rows";
            case FAILED -> "no usable answer (no SQL, or SQL that did not run)";
            case NOT_RUN ->
                c.result() == RegressionReport.Result.FAILED
                    ? "not asked: " + c.detail()
                    : "not asked";
          };
      if (c.pipeline() == RegressionReport.Pipeline.AGREES) {
        agree++;
      }
      rows.add(
          Map.of(
              "id", c.id(),
              "question", c.question(),
              "rows", c.rows().map(String::valueOf).orElse("–"),
              "verdict", verdict,
              "wrong", c.pipeline() != RegressionReport.Pipeline.AGREES));
    }
    model.put("modelCheck", rows);
    model.put("hasModelCheck", true);
    return "The model answered "
        + agree
        + " of "
        + rows.size()
        + " verified question(s) of version "
        + report.toVersion()
        + " with the verified rows.";
  }

  private static List<Map<String, Object>> validation(ValidationReport report) {
    List<Map<String, Object>> views = new ArrayList<>();
    for (ViewCheck check : report.checks()) {
      views.add(
          Map.of(
              "view", check.view(),
              "passed", check.passed(),
              "problems", String.join("; ", check.problems())));
    }
    return views;
  }

  private void show(
      HttpServletRequest request, UserIdentity user, String source, Map<String, Object> model) {
    String jobId = field(request, "job");
    if (!jobId.isEmpty() && !model.containsKey("notice") && !model.containsKey("error")) {
      try {
        model.put("notice", jobOutcome(jobs.job(user, jobId), model));
      } catch (IllegalArgumentException | CurationJobsUseCase.UnknownJobException e) {
        model.put("error", e.getMessage());
      }
    }
    StewardCurationUseCase.WorkingCopy copy = curation.workingCopy(user, source);
    Curation working = copy.curation();
    ModelRegressionUseCase.Estimate estimate = modelRegression.estimate(user, source);
    model.put("estimate", estimateModel(estimate));
    model.put("draft", copy.draft());
    model.put("basedOn", copy.basedOn());
    copy.editedBy().ifPresent(by -> model.put("editedBy", by));
    String here =
        request.getContextPath()
            + "/portal/curation?source="
            + URLEncoder.encode(source, StandardCharsets.UTF_8);
    String export =
        request.getContextPath()
            + EXPORT_PATH
            + "?source="
            + URLEncoder.encode(source, StandardCharsets.UTF_8);
    model.put("exportPublished", export + "&ref=published");
    model.put("exportDraft", export + "&ref=draft");
    model.put("hasPublished", copy.basedOn() > 0);
    List<Map<String, Object>> targets = new ArrayList<>();
    List<Map<String, Object>> columnTargets = new ArrayList<>();
    List<Map<String, Object>> views = new ArrayList<>();
    for (CuratedView view : working.views()) {
      Map<String, Object> shown =
          described(
              view.name(),
              view.kind().label(),
              view.description(),
              view.columns(),
              here,
              targets,
              columnTargets);
      shown.put(
          "editHref", here + "&view=" + URLEncoder.encode(view.name(), StandardCharsets.UTF_8));
      views.add(shown);
    }
    for (TableDescription table : working.tables()) {
      views.add(
          described(
              table.table(),
              "table",
              table.description(),
              table.columns(),
              here,
              targets,
              columnTargets));
    }
    model.put("views", views);
    model.put("targets", targets);
    workspace(request, working, copy, model);
    model.putIfAbsent("qualityVersions", QUALITY_VERSIONS);
    if (!model.containsKey("quality")) {
      // The versions measured so far (each in the background after its publish), at once.
      CurationQualityUseCase.Quality stored = quality.stored(user, source, QUALITY_VERSIONS);
      if (!stored.versions().isEmpty()) {
        model.put("quality", qualityModel(stored));
      }
    }
    if (!model.containsKey("editor")) {
      String chosenView = field(request, "view");
      model.put(
          "editor",
          working
              .view(chosenView)
              .map(v -> editorModel(v.name(), v.kind().label(), v.sql(), Optional.empty()))
              .orElseGet(() -> editorModel("", ViewKind.CONCEPTUAL.label(), "", Optional.empty())));
    }
    if (!model.containsKey("dictionary")) {
      String column = field(request, "column");
      model.put(
          "dictionary",
          dictionaryModel(column, ValueDictionaryText.format(dictionaryOf(working, column))));
    }
    Object dictionaryTarget = ((Map<?, ?>) model.get("dictionary")).get("target");
    for (Map<String, Object> option : columnTargets) {
      option.put("selected", option.get("target").equals(dictionaryTarget));
    }
    model.put("columnTargets", columnTargets);
    model.put("hints", numbered(working.hints()));
    List<Map<String, Object>> synonyms = new ArrayList<>();
    for (Synonym s : working.synonyms()) {
      synonyms.add(Map.of("term", s.term(), "target", s.target()));
    }
    model.put("synonyms", synonyms);
    List<Map<String, Object>> verified = new ArrayList<>();
    for (VerifiedQuery q : working.verified()) {
      Map<String, Object> v = new HashMap<>();
      v.put("id", q.id());
      v.put("question", q.question());
      v.put("sql", q.sql());
      v.put("status", q.status().label());
      v.put("approvable", q.status() != VerifiedStatus.APPROVED);
      v.put("retirable", q.status() != VerifiedStatus.RETIRED);
      verified.add(v);
    }
    model.put("verified", verified);
    List<Map<String, Object>> pending = new ArrayList<>();
    for (Suggestion s : suggestions.suggestions(user, source, SuggestionStatus.PENDING)) {
      // What accepting brings into the draft, shown in full: a "right" answer's summary names only
      // the answer, the steward decides on its question and SQL.
      List<Map<String, Object>> proposed = new ArrayList<>();
      for (VerifiedQuery q : s.proposal().verified()) {
        proposed.add(Map.of("question", q.question(), "sql", q.sql()));
      }
      // And what it puts into every user's prompt, to the character (issue 24).
      List<String> prompt = suggestions.promptText(s);
      pending.add(
          Map.of(
              "id", s.id(),
              "kind", s.kind().name().toLowerCase(Locale.ROOT).replace('_', ' '),
              "target", s.target(),
              "summary", s.summary(),
              "proposed", proposed,
              "prompt", prompt.isEmpty() ? List.of() : List.of(String.join("\n", prompt))));
    }
    model.put("suggestions", pending);
    model.put("suggestionCount", pending.size());
    List<Map<String, Object>> diff = new ArrayList<>();
    if (copy.draft()) {
      for (var change :
          curation
              .diff(user, source, new CurationRef.Published(), new CurationRef.Draft())
              .changes()) {
        diff.add(
            Map.of("change", change.change(), "item", change.item(), "detail", change.detail()));
      }
    }
    model.put("diff", diff);
    model.put("hasDiff", !diff.isEmpty());
    List<Map<String, Object>> versions = new ArrayList<>();
    for (CurationVersion v : curation.history(user, source)) {
      versions.add(
          Map.of(
              "version", v.version(),
              "by", v.publishedBy(),
              "at", v.publishedAt().toString().replace('T', ' ').replaceAll("\\.\\d+Z$", "Z"),
              "iso", v.publishedAt().toString(),
              "note", v.note(),
              "current", v.version() == copy.basedOn()));
    }
    model.put("versions", versions);
  }

  /**
   * The workspace: the working copy's views, tables and columns as a list to move through (a search
   * keeps the items holding every word, its words marked), the chosen item's editor with its
   * current text filled in, and the draft's changes beside them.
   */
  private static void workspace(
      HttpServletRequest request,
      Curation working,
      StewardCurationUseCase.WorkingCopy copy,
      Map<String, Object> model) {
    String source = working.source();
    String q = field(request, "q");
    String chosen = field(request, "item");
    List<String> words = Highlight.words(q);
    String base =
        request.getContextPath()
            + "/portal/curation?source="
            + URLEncoder.encode(source, StandardCharsets.UTF_8)
            + (q.isEmpty() ? "" : "&q=" + URLEncoder.encode(q, StandardCharsets.UTF_8))
            + "&item=";
    List<Map<String, Object>> list = new ArrayList<>();
    int shown = 0;
    int total = 0;
    record Item(String name, String kind, String description, List<DataDescription> columns) {}
    List<Item> all = new ArrayList<>();
    for (CuratedView v : working.views()) {
      all.add(new Item(v.name(), v.kind().label(), v.description(), v.columns()));
    }
    for (TableDescription t : working.tables()) {
      all.add(new Item(t.table(), "table", t.description(), t.columns()));
    }
    Map<String, Object> editor = null;
    for (Item item : all) {
      total++;
      boolean itemHit =
          words.isEmpty() || Highlight.matchesAll(words, item.name(), item.description());
      List<Map<String, Object>> columns = new ArrayList<>();
      for (DataDescription c : item.columns()) {
        String target = item.name() + "." + c.column();
        boolean hit =
            words.isEmpty()
                || itemHit
                || Highlight.matchesAll(
                    words, item.name(), c.column(), c.meaning(), c.unit(), c.dictionaryText());
        if (target.equalsIgnoreCase(chosen)) {
          editor = columnEditor(item.name(), c);
        }
        if (!hit && !target.equalsIgnoreCase(chosen)) {
          continue;
        }
        Map<String, Object> col = new HashMap<>();
        col.put("target", target);
        col.put("nameHtml", Highlight.html(c.column(), words));
        col.put("meaningHtml", Highlight.html(c.meaning(), words));
        col.put("href", base + URLEncoder.encode(target, StandardCharsets.UTF_8) + "#item-editor");
        col.put("selected", target.equalsIgnoreCase(chosen));
        col.put("undescribed", c.meaning().isBlank());
        columns.add(col);
      }
      if (item.name().equalsIgnoreCase(chosen)) {
        editor = itemEditor(item.name(), item.kind(), item.description());
      }
      if (columns.isEmpty() && !itemHit && !item.name().equalsIgnoreCase(chosen)) {
        continue;
      }
      shown++;
      Map<String, Object> entry = new HashMap<>();
      entry.put("name", item.name());
      entry.put("kind", item.kind());
      entry.put("nameHtml", Highlight.html(item.name(), words));
      entry.put("descriptionHtml", Highlight.html(item.description(), words));
      entry.put(
          "href", base + URLEncoder.encode(item.name(), StandardCharsets.UTF_8) + "#item-editor");
      entry.put("selected", item.name().equalsIgnoreCase(chosen));
      boolean holdsChosen =
          chosen.toLowerCase(Locale.ROOT).startsWith(item.name().toLowerCase(Locale.ROOT) + ".");
      entry.put("open", !words.isEmpty() || holdsChosen || item.name().equalsIgnoreCase(chosen));
      entry.put("columns", columns);
      entry.put("columnCount", item.columns().size());
      list.add(entry);
    }
    Map<String, Object> ws = new HashMap<>();
    ws.put("q", q);
    ws.put("searched", !words.isEmpty());
    ws.put("items", list);
    ws.put("shown", shown);
    ws.put("total", total);
    ws.put("nothing", list.isEmpty());
    if (editor != null) {
      editor.put("q", q);
      ws.put("itemEditor", editor);
    } else if (!chosen.isEmpty()) {
      ws.put("unknownItem", chosen);
    }
    model.put("workspace", ws);
  }

  private static Map<String, Object> columnEditor(String owner, DataDescription c) {
    Map<String, Object> editor = new HashMap<>();
    editor.put("target", owner + "." + c.column());
    editor.put("isColumn", true);
    editor.put("owner", owner);
    editor.put("column", c.column());
    editor.put("meaning", c.meaning());
    editor.put("unit", c.unit());
    editor.put("values", ValueDictionaryText.format(c.values()));
    editor.put("valuesHidden", !c.valuesShown());
    return editor;
  }

  private static Map<String, Object> itemEditor(String name, String kind, String description) {
    Map<String, Object> editor = new HashMap<>();
    editor.put("target", name);
    editor.put("isColumn", false);
    editor.put("kind", kind);
    editor.put("description", description);
    editor.put("isView", !"table".equals(kind));
    return editor;
  }

  private static Map<String, Object> estimateModel(ModelRegressionUseCase.Estimate e) {
    Map<String, Object> shown = new HashMap<>();
    shown.put("questions", e.questions());
    shown.put("version", e.version());
    shown.put("calls", String.format(Locale.ROOT, "%,d", e.calls()));
    shown.put("tokens", String.format(Locale.ROOT, "%,d", e.tokens()));
    shown.put("known", e.known());
    shown.put("basis", e.basis());
    shown.put("ready", e.modelConfigured() && e.questions() > 0);
    shown.put("noModel", !e.modelConfigured());
    return shown;
  }

  private static Map<String, Object> described(
      String name,
      String kind,
      String description,
      List<DataDescription> columns,
      String here,
      List<Map<String, Object>> targets,
      List<Map<String, Object>> columnTargets) {
    targets.add(Map.of("target", name, "current", description));
    List<Map<String, Object>> cols = new ArrayList<>();
    for (DataDescription c : columns) {
      String target = name + "." + c.column();
      cols.add(
          Map.of(
              "column", c.column(),
              "meaning", c.meaning(),
              "unit", c.unit(),
              "values", c.dictionaryText(),
              "dictionaryHref",
                  here
                      + "&column="
                      + URLEncoder.encode(target, StandardCharsets.UTF_8)
                      + "#dictionary-form"));
      targets.add(Map.of("target", target, "current", c.meaning()));
      columnTargets.add(new HashMap<>(Map.of("target", target)));
    }
    Map<String, Object> shown = new HashMap<>();
    shown.put("name", name);
    shown.put("kind", kind);
    shown.put("description", description);
    shown.put("columns", cols);
    return shown;
  }

  /** The value dictionary of NAME.COLUMN in the working copy; empty when it has none. */
  private static List<ValueLabel> dictionaryOf(Curation working, String target) {
    int dot = target.indexOf('.');
    if (dot < 0) {
      return List.of();
    }
    String name = target.substring(0, dot);
    String column = target.substring(dot + 1);
    Optional<DataDescription> described =
        working
            .view(name)
            .flatMap(v -> v.column(column))
            .or(() -> working.table(name).flatMap(t -> t.column(column)));
    return described.map(DataDescription::values).orElse(List.of());
  }

  private static Map<String, Object> dictionaryModel(String target, String values) {
    Map<String, Object> dictionary = new HashMap<>();
    dictionary.put("target", target);
    dictionary.put("values", values);
    return dictionary;
  }

  /** The view the form posted, kept in the editor whatever becomes of it. */
  private static CurateItemsUseCase.ViewDefinition viewDefinition(
      HttpServletRequest request, Map<String, Object> model) {
    String name = field(request, "view");
    String kind = field(request, "kind");
    String sql = text(request, "sql");
    model.put("editor", editorModel(name, kind, sql, Optional.empty()));
    return new CurateItemsUseCase.ViewDefinition(name, ViewKind.parse(kind), sql);
  }

  /** The SQL editor: the view's name, kind and SQL, its lines numbered, a failing one marked. */
  private static Map<String, Object> editorModel(
      String name, String kind, String sql, Optional<Integer> badLine) {
    Map<String, Object> editor = new HashMap<>();
    editor.put("name", name);
    editor.put("sql", sql);
    editor.put("isNew", name.isEmpty());
    List<Map<String, Object>> kinds = new ArrayList<>();
    for (ViewKind k : ViewKind.values()) {
      kinds.add(
          Map.of(
              "value", k.label(),
              "label", k.label().replace('-', ' '),
              "selected", k.label().equals(kind)));
    }
    editor.put("kinds", kinds);
    List<Map<String, Object>> lines = new ArrayList<>();
    List<String> texts = sql.lines().toList();
    for (int i = 0; i < texts.size(); i++) {
      lines.add(
          Map.of(
              "number",
              i + 1,
              "text",
              texts.get(i),
              "bad",
              badLine.isPresent() && badLine.get() == i + 1));
    }
    editor.put("lines", lines);
    return editor;
  }

  private static Map<String, Object> trialModel(ViewTrial trial) {
    Map<String, Object> shown = new HashMap<>();
    shown.put("passed", trial.passed());
    shown.put("problems", trial.problems());
    trial.line().ifPresent(line -> shown.put("line", line));
    shown.put("rowCount", trial.rowCount());
    shown.put("columns", trial.columns());
    List<Map<String, Object>> rows = new ArrayList<>();
    for (List<Object> row : trial.sample()) {
      rows.add(Map.of("cells", row.stream().map(v -> v == null ? "NULL" : v.toString()).toList()));
    }
    shown.put("rows", rows);
    shown.put("hasRows", !rows.isEmpty());
    return shown;
  }

  /** The recall per version as a table and as the chart's data (a line per budget). */
  private static Map<String, Object> qualityModel(CurationQualityUseCase.Quality measured) {
    List<Map<String, Object>> rows = new ArrayList<>();
    List<String> labels = new ArrayList<>();
    Map<String, List<Object>> series = new java.util.LinkedHashMap<>();
    for (int budget : measured.budgets()) {
      series.put("R@" + budget, new ArrayList<>());
    }
    for (CurationQualityUseCase.VersionRecall v : measured.versions()) {
      labels.add("v" + v.version());
      List<Map<String, Object>> cells = new ArrayList<>();
      for (int budget : measured.budgets()) {
        Double recall = v.recall().get(budget);
        series.get("R@" + budget).add(recall);
        cells.add(
            Map.of("value", recall == null ? "–" : String.format(Locale.ROOT, "%.3f", recall)));
      }
      Map<String, Object> row = new HashMap<>();
      row.put("version", v.version());
      row.put("note", v.note());
      row.put("questions", v.questions());
      row.put("cells", cells);
      row.put("skipped", v.skipped().orElse(""));
      rows.add(row);
    }
    Map<String, Object> shown = new HashMap<>();
    shown.put("budgets", measured.budgets().stream().map(b -> "R@" + b).toList());
    shown.put("rows", rows);
    shown.put("data", Json.of(Map.of("labels", labels, "series", series)));
    return shown;
  }

  /** A text field as typed (line breaks and indentation kept); empty when absent. */
  private static String text(HttpServletRequest request, String name) {
    String value = request.getParameter(name);
    return value == null ? "" : value;
  }

  private static List<Map<String, Object>> numbered(List<String> texts) {
    List<Map<String, Object>> out = new ArrayList<>();
    for (int i = 0; i < texts.size(); i++) {
      out.add(Map.of("number", i + 1, "text", texts.get(i)));
    }
    return out;
  }
}
