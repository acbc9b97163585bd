package dev.parlance.web.pages;

import dev.parlance.application.access.SourceAccess;
import dev.parlance.application.curation.CheckViewUseCase;
import dev.parlance.application.curation.CurateItemsUseCase;
import dev.parlance.application.curation.CurationJobsUseCase;
import dev.parlance.application.curation.CurationQualityUseCase;
import dev.parlance.application.curation.CurationRef;
import dev.parlance.application.curation.ModelRegressionUseCase;
import dev.parlance.application.curation.ReviewSuggestionsUseCase;
import dev.parlance.application.curation.StewardCurationUseCase;
import dev.parlance.application.curation.StoredCurationQualityUseCase;
import dev.parlance.application.curation.ValidationReport;
import dev.parlance.application.curation.ViewTrial;
import dev.parlance.application.source.UseSourcesUseCase;
import dev.parlance.domain.curation.Curation;
import dev.parlance.domain.curation.Suggestion;
import dev.parlance.domain.curation.Synonym;
import dev.parlance.domain.curation.VerifiedStatus;
import dev.parlance.domain.curation.ViewKind;
import dev.parlance.domain.governance.UserIdentity;
import jakarta.inject.Inject;
import jakarta.servlet.http.HttpServletRequest;
import jakarta.servlet.http.HttpServletResponse;
import java.io.IOException;
import java.net.URLEncoder;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
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
      CurationJobEvents.jobEvents(jobs, caller.get(), request, response);
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
      CurationJobEvents.startJob(jobs, caller.get(), request, response);
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
        model.put("yaml", CurationForms.text(request, "yaml"));
        curation.importFile(user, source, CurationForms.text(request, "yaml"));
        model.remove("yaml");
        return "Imported the curation file as the draft; its changes are below.";
      }
      case "check-view", "define-view" -> {
        CurateItemsUseCase.ViewDefinition definition = CurationForms.viewDefinition(request, model);
        if (action.equals("check-view")) {
          ViewTrial trial = views.check(user, source, definition);
          model.put("trial", CurationModels.trialModel(trial));
          model.put(
              "editor",
              CurationModels.editorModel(
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
        model.put(
            "dictionary",
            CurationModels.dictionaryModel(target, CurationForms.text(request, "values")));
        items.describe(
            user,
            source,
            new CurateItemsUseCase.Describe(
                target,
                Optional.empty(),
                Optional.empty(),
                Optional.empty(),
                Optional.of(ValueDictionaryText.parse(CurationForms.text(request, "values"))),
                Optional.empty()));
        model.remove("dictionary");
        return "Saved the value dictionary of " + target + " in the draft.";
      }
      case "quality" -> {
        int last = number(request, "versions", QUALITY_VERSIONS);
        model.put("qualityVersions", last);
        CurationQualityUseCase.Quality measured = quality.measureMissing(user, source, last);
        model.put("quality", CurationModels.qualityModel(measured));
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
        model.put("validation", CurationOutcomes.validation(report));
        model.put("hasValidation", true);
        return report.passed()
            ? "Every view of the working copy runs against the database."
            : report.failures().size() + " view(s) fail validation; see below.";
      }
      case "publish", "rollback", "model-check" -> {
        // Without JavaScript the page waits for the job; with it, the script follows the job's
        // events instead (startJob) and opens the job's page when it ends.
        CurationJobsUseCase.Job job = jobs.start(user, source, CurationForms.work(request, action));
        job = CurationJobEvents.awaitEnd(jobs, user, job);
        return CurationOutcomes.jobOutcome(job, model);
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
                    Optional.of(ValueDictionaryText.parse(CurationForms.text(request, "values"))),
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

  private void show(
      HttpServletRequest request, UserIdentity user, String source, Map<String, Object> model) {
    String jobId = field(request, "job");
    if (!jobId.isEmpty() && !model.containsKey("notice") && !model.containsKey("error")) {
      try {
        model.put("notice", CurationOutcomes.jobOutcome(jobs.job(user, jobId), model));
      } catch (IllegalArgumentException | CurationJobsUseCase.UnknownJobException e) {
        model.put("error", e.getMessage());
      }
    }
    StewardCurationUseCase.WorkingCopy copy = curation.workingCopy(user, source);
    Curation working = copy.curation();
    ModelRegressionUseCase.Estimate estimate = modelRegression.estimate(user, source);
    model.put("estimate", CurationModels.estimateModel(estimate));
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
    List<Map<String, Object>> views = CurationLists.views(working, here, targets, columnTargets);
    model.put("views", views);
    model.put("targets", targets);
    CurationWorkspace.workspace(request, working, copy, model);
    model.putIfAbsent("qualityVersions", QUALITY_VERSIONS);
    if (!model.containsKey("quality")) {
      // The versions measured so far (each in the background after its publish), at once.
      CurationQualityUseCase.Quality stored = quality.stored(user, source, QUALITY_VERSIONS);
      if (!stored.versions().isEmpty()) {
        model.put("quality", CurationModels.qualityModel(stored));
      }
    }
    if (!model.containsKey("editor")) {
      String chosenView = field(request, "view");
      model.put(
          "editor",
          working
              .view(chosenView)
              .map(
                  v ->
                      CurationModels.editorModel(
                          v.name(), v.kind().label(), v.sql(), Optional.empty()))
              .orElseGet(
                  () ->
                      CurationModels.editorModel(
                          "", ViewKind.CONCEPTUAL.label(), "", Optional.empty())));
    }
    if (!model.containsKey("dictionary")) {
      String column = field(request, "column");
      model.put(
          "dictionary",
          CurationModels.dictionaryModel(
              column, ValueDictionaryText.format(CurationModels.dictionaryOf(working, column))));
    }
    Object dictionaryTarget = ((Map<?, ?>) model.get("dictionary")).get("target");
    for (Map<String, Object> option : columnTargets) {
      option.put("selected", option.get("target").equals(dictionaryTarget));
    }
    model.put("columnTargets", columnTargets);
    model.put("hints", CurationModels.numbered(working.hints()));
    model.put("synonyms", CurationLists.synonyms(working));
    model.put("verified", CurationLists.verified(working));
    List<Map<String, Object>> pending = CurationLists.pending(suggestions, user, source);
    model.put("suggestions", pending);
    model.put("suggestionCount", pending.size());
    List<Map<String, Object>> diff = CurationLists.diff(curation, user, source, copy);
    model.put("diff", diff);
    model.put("hasDiff", !diff.isEmpty());
    model.put("versions", CurationLists.versions(curation, user, source, copy));
  }
}
