package dev.parlance.web.pages;

import dev.parlance.application.curation.CurationRef;
import dev.parlance.application.curation.ReviewSuggestionsUseCase;
import dev.parlance.application.curation.StewardCurationUseCase;
import dev.parlance.domain.curation.CuratedView;
import dev.parlance.domain.curation.Curation;
import dev.parlance.domain.curation.CurationVersion;
import dev.parlance.domain.curation.Suggestion;
import dev.parlance.domain.curation.SuggestionStatus;
import dev.parlance.domain.curation.Synonym;
import dev.parlance.domain.curation.TableDescription;
import dev.parlance.domain.curation.VerifiedQuery;
import dev.parlance.domain.curation.VerifiedStatus;
import dev.parlance.domain.governance.UserIdentity;
import java.net.URLEncoder;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;

/**
 * The curation page's lists: the working copy's views and tables with their columns, its synonyms
 * and verified questions, the pending suggestions, the draft's changes and the published versions.
 */
final class CurationLists {

  private CurationLists() {}

  /**
   * The views, then the tables, each with its columns; every item and column also becomes a target
   * of the description form ({@code targets}) and every column one of the dictionary form.
   */
  static List<Map<String, Object>> views(
      Curation working,
      String here,
      List<Map<String, Object>> targets,
      List<Map<String, Object>> columnTargets) {
    List<Map<String, Object>> views = new ArrayList<>();
    for (CuratedView view : working.views()) {
      Map<String, Object> shown =
          CurationModels.described(
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
          CurationModels.described(
              table.table(),
              "table",
              table.description(),
              table.columns(),
              here,
              targets,
              columnTargets));
    }
    return views;
  }

  static List<Map<String, Object>> synonyms(Curation working) {
    List<Map<String, Object>> synonyms = new ArrayList<>();
    for (Synonym s : working.synonyms()) {
      synonyms.add(Map.of("term", s.term(), "target", s.target()));
    }
    return synonyms;
  }

  static List<Map<String, Object>> verified(Curation working) {
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
    return verified;
  }

  /** The pending suggestions, each with what accepting it brings into the draft and the prompt. */
  static List<Map<String, Object>> pending(
      ReviewSuggestionsUseCase suggestions, UserIdentity user, String source) {
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
    return pending;
  }

  /** The draft's changes against the published version; none without a draft. */
  static List<Map<String, Object>> diff(
      StewardCurationUseCase curation,
      UserIdentity user,
      String source,
      StewardCurationUseCase.WorkingCopy copy) {
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
    return diff;
  }

  /** The published versions, the one the working copy is based on marked current. */
  static List<Map<String, Object>> versions(
      StewardCurationUseCase curation,
      UserIdentity user,
      String source,
      StewardCurationUseCase.WorkingCopy copy) {
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
    return versions;
  }
}
