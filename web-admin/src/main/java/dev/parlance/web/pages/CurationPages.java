package dev.parlance.web.pages;

import dev.parlance.application.access.SourceAccess;
import dev.parlance.application.curation.CurateItemsUseCase;
import dev.parlance.application.curation.CurationRef;
import dev.parlance.application.curation.PublishOutcome;
import dev.parlance.application.curation.RegressionReport;
import dev.parlance.application.curation.ReviewSuggestionsUseCase;
import dev.parlance.application.curation.StewardCurationUseCase;
import dev.parlance.application.curation.ValidationReport;
import dev.parlance.application.curation.ViewCheck;
import dev.parlance.application.source.UseSourcesUseCase;
import dev.parlance.domain.curation.CuratedView;
import dev.parlance.domain.curation.Curation;
import dev.parlance.domain.curation.CurationVersion;
import dev.parlance.domain.curation.DataDescription;
import dev.parlance.domain.curation.Suggestion;
import dev.parlance.domain.curation.SuggestionStatus;
import dev.parlance.domain.curation.Synonym;
import dev.parlance.domain.curation.TableDescription;
import dev.parlance.domain.curation.VerifiedQuery;
import dev.parlance.domain.curation.VerifiedStatus;
import dev.parlance.domain.governance.UserIdentity;
import jakarta.inject.Inject;
import jakarta.servlet.http.HttpServletRequest;
import jakarta.servlet.http.HttpServletResponse;
import java.io.IOException;
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

  private static final Page CURATION =
      Page.of("curation", "Curation", "curation", SourceAccess.STEWARD, SourceAccess.ADMIN);

  @Override
  protected void doGet(HttpServletRequest request, HttpServletResponse response)
      throws IOException {
    page(
        request,
        response,
        CURATION,
        (user, model) -> show(user, chosen(request, user, model), model));
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
            show(user, source, model);
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

  private void show(UserIdentity user, String source, Map<String, Object> model) {
    StewardCurationUseCase.WorkingCopy copy = curation.workingCopy(user, source);
    Curation working = copy.curation();
    model.put("draft", copy.draft());
    model.put("basedOn", copy.basedOn());
    copy.editedBy().ifPresent(by -> model.put("editedBy", by));
    List<Map<String, Object>> targets = new ArrayList<>();
    List<Map<String, Object>> views = new ArrayList<>();
    for (CuratedView view : working.views()) {
      views.add(
          described(
              view.name(),
              view.kind().name().toLowerCase(Locale.ROOT),
              view.description(),
              view.columns(),
              targets));
    }
    for (TableDescription table : working.tables()) {
      views.add(described(table.table(), "table", table.description(), table.columns(), targets));
    }
    model.put("views", views);
    model.put("targets", targets);
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
      pending.add(
          Map.of(
              "id", s.id(),
              "kind", s.kind().name().toLowerCase(Locale.ROOT).replace('_', ' '),
              "target", s.target(),
              "summary", s.summary(),
              "proposed", proposed));
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
      List<Map<String, Object>> targets) {
    targets.add(Map.of("target", name));
    List<Map<String, Object>> cols = new ArrayList<>();
    for (DataDescription c : columns) {
      cols.add(Map.of("column", c.column(), "meaning", c.meaning(), "unit", c.unit()));
      targets.add(Map.of("target", name + "." + c.column()));
    }
    return Map.of("name", name, "kind", kind, "description", description, "columns", cols);
  }

  private static List<Map<String, Object>> numbered(List<String> texts) {
    List<Map<String, Object>> out = new ArrayList<>();
    for (int i = 0; i < texts.size(); i++) {
      out.add(Map.of("number", i + 1, "text", texts.get(i)));
    }
    return out;
  }
}
