package dev.parlance.web.pages;

import dev.parlance.application.curation.CurationQualityUseCase;
import dev.parlance.application.curation.ModelRegressionUseCase;
import dev.parlance.application.curation.ViewTrial;
import dev.parlance.domain.curation.Curation;
import dev.parlance.domain.curation.DataDescription;
import dev.parlance.domain.curation.ValueLabel;
import dev.parlance.domain.curation.ViewKind;
import java.net.URLEncoder;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;

/** Builds the curation page's section models from the working copy and the use cases' answers. */
final class CurationModels {

  private CurationModels() {}

  static Map<String, Object> described(
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
  static List<ValueLabel> dictionaryOf(Curation working, String target) {
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

  static Map<String, Object> dictionaryModel(String target, String values) {
    Map<String, Object> dictionary = new HashMap<>();
    dictionary.put("target", target);
    dictionary.put("values", values);
    return dictionary;
  }

  /** The SQL editor: the view's name, kind and SQL, its lines numbered, a failing one marked. */
  static Map<String, Object> editorModel(
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

  static Map<String, Object> trialModel(ViewTrial trial) {
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
  static Map<String, Object> qualityModel(CurationQualityUseCase.Quality measured) {
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

  static Map<String, Object> estimateModel(ModelRegressionUseCase.Estimate e) {
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

  static List<Map<String, Object>> numbered(List<String> texts) {
    List<Map<String, Object>> out = new ArrayList<>();
    for (int i = 0; i < texts.size(); i++) {
      out.add(Map.of("number", i + 1, "text", texts.get(i)));
    }
    return out;
  }
}
