package dev.parlance.deploy.wiring.report;

import static dev.parlance.deploy.wiring.report.E2eChart.bars;
import static dev.parlance.deploy.wiring.report.E2eChart.dataset;
import static dev.parlance.deploy.wiring.report.E2eFormat.fmt;
import static dev.parlance.deploy.wiring.report.E2eFormat.shorten;

import dev.parlance.application.evaluation.report.E2eReport;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.function.ToDoubleFunction;

/** The report's per-stage charts: tokens and latency per question, two segments a bar. */
final class E2eStageCharts {

  private E2eStageCharts() {}

  // Horizontal stacked bars per stage: one bar per series, two segments (the second lighter).
  static E2eChart stacked(
      String id,
      String title,
      String caption,
      List<E2eSeries> series,
      ToDoubleFunction<E2eReport.Stage> first,
      ToDoubleFunction<E2eReport.Stage> second,
      String unit,
      String firstName,
      String secondName) {
    List<String> stages = new ArrayList<>();
    for (E2eSeries s : series) {
      for (var e : s.run().latency().byStage().entrySet()) {
        double total = first.applyAsDouble(e.getValue()) + second.applyAsDouble(e.getValue());
        if (total > 0 && !stages.contains(e.getKey())) {
          stages.add(e.getKey());
        }
      }
    }
    Map<String, Object> data = null;
    if (!stages.isEmpty()) {
      List<Map<String, Object>> datasets = new ArrayList<>();
      for (E2eSeries s : series) {
        List<Double> a = new ArrayList<>();
        List<Double> b = new ArrayList<>();
        List<String> tips = new ArrayList<>();
        List<String> texts = new ArrayList<>();
        for (String stage : stages) {
          E2eReport.Stage st = s.run().latency().byStage().get(stage);
          double x = st == null ? 0 : first.applyAsDouble(st);
          double y = st == null ? 0 : second.applyAsDouble(st);
          boolean spent = x + y > 0;
          a.add(spent ? x : null);
          b.add(spent ? y : null);
          tips.add(
              spent
                  ? s.label()
                      + ", "
                      + stage
                      + ": "
                      + fmt(x, 0)
                      + " "
                      + unit
                      + " "
                      + firstName
                      + " + "
                      + fmt(y, 0)
                      + " "
                      + unit
                      + " "
                      + secondName
                  : null);
          texts.add(spent ? fmt(x, 0) + " + " + fmt(y, 0) + " " + unit : null);
        }
        Map<String, Object> solid =
            dataset(s.label() + " · " + firstName, s.color(), a, tips, null);
        solid.put("stack", s.label());
        Map<String, Object> light =
            dataset(s.label() + " · " + secondName, s.color() + "66", b, tips, texts);
        light.put("stack", s.label());
        datasets.add(solid);
        datasets.add(light);
      }
      data = bars(stages.stream().map(st -> shorten(st, 24)).toList(), datasets, true, unit);
      data.put("stacked", true);
    }
    return E2eChart.of(
        id,
        title,
        caption,
        firstName + " and " + secondName + " per stage",
        32 + stages.size() * (10 + 16 * series.size()),
        data,
        series);
  }
}
