package dev.parlance.deploy.wiring.report;

import static dev.parlance.deploy.wiring.report.E2eChart.dataset;
import static dev.parlance.deploy.wiring.report.E2eFormat.bucket;
import static dev.parlance.deploy.wiring.report.E2eFormat.fmt;
import static dev.parlance.deploy.wiring.report.E2eFormat.pct;
import static dev.parlance.deploy.wiring.report.E2eFormat.pct0;

import dev.parlance.application.evaluation.report.E2eReport;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * The report's reliability diagram: accuracy against confidence per bucket, with the buckets as
 * tables.
 */
final class E2eCalibrationChart {

  private E2eCalibrationChart() {}

  // Reliability diagram: accuracy against mean confidence per bucket; the buckets as tables.
  static E2eChart calibration(List<E2eSeries> series) {
    int maxN = 1;
    for (E2eSeries s : series) {
      for (E2eReport.Bucket b : s.run().calibration().buckets()) {
        maxN = Math.max(maxN, b.questions());
      }
    }
    List<Map<String, Object>> datasets = new ArrayList<>();
    List<Map<String, Object>> tables = new ArrayList<>();
    for (E2eSeries s : series) {
      List<Map<String, Object>> points = new ArrayList<>();
      List<String> tips = new ArrayList<>();
      List<Map<String, Object>> rows = new ArrayList<>();
      for (E2eReport.Bucket b : s.run().calibration().buckets()) {
        Map<String, Object> point = new LinkedHashMap<>();
        point.put("x", b.meanConfidence());
        point.put("y", b.accuracy());
        // Circle area grows with the bucket's questions.
        point.put("r", Math.round((3 + 9 * Math.sqrt((double) b.questions() / maxN)) * 10) / 10.0);
        points.add(point);
        tips.add(
            s.label()
                + ", confidence "
                + bucket(b)
                + ": "
                + b.correct()
                + " of "
                + b.questions()
                + " correct ("
                + pct(b.accuracy())
                + ")");
        rows.add(
            Map.of(
                "bucket",
                bucket(b),
                "correct",
                b.correct(),
                "questions",
                b.questions(),
                "accuracy",
                pct0(b.accuracy())));
      }
      Map<String, Object> dataset = new LinkedHashMap<>();
      dataset.put("label", s.label());
      dataset.put("color", s.color());
      dataset.put("points", points);
      dataset.put("tips", tips);
      datasets.add(dataset);
      tables.add(
          Map.of(
              "label",
              s.label(),
              "color",
              s.color(),
              "ece",
              s.run().calibration().omitted().isEmpty()
                  ? fmt(s.run().calibration().ece(), 3)
                  : "— " + s.run().calibration().omitted(),
              "rows",
              rows));
    }
    Map<String, Object> data = new LinkedHashMap<>();
    data.put("kind", "calibration");
    data.put("datasets", datasets);
    E2eChart chart =
        E2eChart.of(
            "calibration",
            "Confidence calibration",
            "Accuracy of the answers in each confidence bucket (circle area: questions). On the"
                + " dashed diagonal, confidence means what it says; above it, Parlance is too"
                + " modest.",
            "confidence calibration",
            320,
            data,
            List.of());
    chart.section().put("buckets", tables);
    return chart;
  }
}
