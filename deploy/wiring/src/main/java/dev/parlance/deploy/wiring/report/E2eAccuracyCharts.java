package dev.parlance.deploy.wiring.report;

import static dev.parlance.deploy.wiring.report.E2eChart.bars;
import static dev.parlance.deploy.wiring.report.E2eChart.dataset;
import static dev.parlance.deploy.wiring.report.E2eFormat.barLabel;
import static dev.parlance.deploy.wiring.report.E2eFormat.pct;

import dev.parlance.application.evaluation.report.E2eReport;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;

/**
 * The report's accuracy charts: by difficulty, by strategy and evaluator, by how a question ended.
 */
final class E2eAccuracyCharts {

  private E2eAccuracyCharts() {}

  // Grouped vertical bars: one group per difficulty, one bar per series.
  static E2eChart byDifficulty(List<E2eSeries> series) {
    List<String> categories = new ArrayList<>();
    for (E2eSeries s : series) {
      s.run()
          .byDifficulty()
          .forEach(
              (name, row) -> {
                if (row.scored() > 0 && !categories.contains(name)) {
                  categories.add(name);
                }
              });
    }
    Map<String, Object> data = null;
    if (!categories.isEmpty()) {
      List<List<String>> labels = new ArrayList<>();
      for (String category : categories) {
        int n = 0;
        for (E2eSeries s : series) {
          E2eReport.TallyRow t = s.run().byDifficulty().get(category);
          n = Math.max(n, t == null ? 0 : t.scored());
        }
        labels.add(List.of(category, "n = " + n));
      }
      List<Map<String, Object>> datasets = new ArrayList<>();
      for (E2eSeries s : series) {
        List<Double> values = new ArrayList<>();
        List<String> tips = new ArrayList<>();
        List<String> texts = new ArrayList<>();
        for (String category : categories) {
          E2eReport.TallyRow t = s.run().byDifficulty().get(category);
          boolean scored = t != null && t.scored() > 0;
          values.add(scored ? t.accuracy() : null);
          tips.add(
              scored
                  ? s.label()
                      + ", "
                      + category
                      + ": "
                      + pct(t.accuracy())
                      + " ("
                      + t.correct()
                      + " of "
                      + t.scored()
                      + ")"
                  : null);
          texts.add(scored ? barLabel(t.accuracy(), series.size()) : null);
        }
        datasets.add(dataset(s.label(), s.color(), values, tips, texts));
      }
      data = bars(labels, datasets, false, "percent");
    }
    return E2eChart.of(
        "difficulty",
        "Accuracy by difficulty",
        "Execution accuracy under the run's semantics; n = scored questions.",
        "accuracy by difficulty",
        266,
        data,
        series);
  }

  // Horizontal bars: each series under each semantics (other semantics lighter).
  static E2eChart byStrategy(List<E2eSeries> series) {
    List<String> labels = new ArrayList<>();
    List<String> colors = new ArrayList<>();
    List<Double> values = new ArrayList<>();
    List<String> tips = new ArrayList<>();
    List<String> texts = new ArrayList<>();
    for (E2eSeries s : series) {
      boolean primary = true;
      for (var e : s.run().accuracyBySemantics().entrySet()) {
        E2eReport.SemanticsRow row = e.getValue();
        labels.add(s.label() + " · " + e.getKey());
        colors.add(primary ? s.color() : s.color() + "8c");
        values.add(row.accuracy());
        tips.add(
            s.label()
                + ", "
                + e.getKey()
                + " semantics: "
                + pct(row.accuracy())
                + " ("
                + row.correct()
                + " of "
                + row.scored()
                + ")");
        texts.add(pct(row.accuracy()));
        primary = false;
      }
    }
    Map<String, Object> data =
        labels.isEmpty()
            ? null
            : bars(
                labels, List.of(dataset("accuracy", colors, values, tips, texts)), true, "percent");
    return E2eChart.of(
        "strategy",
        "Accuracy by strategy and evaluator",
        "Each strategy under both evaluators' rules (BIRD: row sets; Spider: multisets up to a"
            + " column permutation, order when the gold orders).",
        "accuracy by strategy",
        32 + 26 * labels.size(),
        data,
        List.of());
  }

  static E2eChart byStatus(List<E2eSeries> series) {
    List<String> statuses = new ArrayList<>(List.of("answered", "unsure", "no_answer"));
    if (series.stream()
        .anyMatch(x -> x.run().calibration().byStatus().containsKey("cannot_answer"))) {
      statuses.add("cannot_answer");
    }
    List<List<String>> labels = new ArrayList<>();
    for (String status : statuses) {
      int total = 0;
      for (E2eSeries s : series) {
        E2eReport.StatusRow t = s.run().calibration().byStatus().get(status);
        total += t == null ? 0 : t.questions();
      }
      labels.add(List.of(status.replace('_', ' '), "n = " + total));
    }
    List<Map<String, Object>> datasets = new ArrayList<>();
    for (E2eSeries s : series) {
      List<Double> values = new ArrayList<>();
      List<String> tips = new ArrayList<>();
      List<String> texts = new ArrayList<>();
      for (String status : statuses) {
        E2eReport.StatusRow t = s.run().calibration().byStatus().get(status);
        boolean any = t != null && t.questions() > 0;
        values.add(any ? t.accuracy() : null);
        tips.add(
            any ? s.label() + ", " + status + ": " + t.correct() + " of " + t.questions() : null);
        texts.add(any ? barLabel(t.accuracy(), series.size()) : null);
      }
      datasets.add(dataset(s.label(), s.color(), values, tips, texts));
    }
    return E2eChart.of(
        "status",
        "Sure, unsure, no answer",
        "Accuracy by how the question ended: answered (confidence at or above the threshold),"
            + " unsure (below it; its top reading is scored), no answer (no candidate ran).",
        "accuracy by status",
        216,
        bars(labels, datasets, false, "percent"),
        series);
  }
}
