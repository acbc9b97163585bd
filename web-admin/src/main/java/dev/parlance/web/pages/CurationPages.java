package dev.parlance.web.pages;

import dev.parlance.application.access.SourceAccess;
import dev.parlance.application.curation.CheckViewUseCase;
import dev.parlance.application.curation.CurateItemsUseCase;
import dev.parlance.application.curation.CurationQualityUseCase;
import dev.parlance.application.curation.CurationRef;
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

  @Inject transient UseSourcesUseCase sources;
  @Inject transient StewardCurationUseCase curation;
  @Inject transient CurateItemsUseCase items;
  @Inject transient ReviewSuggestionsUseCase suggestions;
  @Inject transient CheckViewUseCase views;
  @Inject transient StoredCurationQualityUseCase quality;

  static final String EXPORT_PATH = "/portal/curation/export";
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
      case "publish" -> {
        return outcome(curation.publish(user, source, field(request, "note")), model);
      }
      case "rollback" -> {
        return outcome(curation.rollback(user, source, number(request, "version", -1)), model);
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
    StewardCurationUseCase.WorkingCopy copy = curation.workingCopy(user, source);
    Curation working = copy.curation();
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
              "note", v.note(),
              "current", v.version() == copy.basedOn()));
    }
    model.put("versions", versions);
  }

  private static Map<String, Object> described(
      String name,
      String kind,
      String description,
      List<DataDescription> columns,
      String here,
      List<Map<String, Object>> targets,
      List<Map<String, Object>> columnTargets) {
    targets.add(Map.of("target", name));
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
      targets.add(Map.of("target", target));
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
