package dev.parlance.deploy.wiring.report;

import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * One chart of the report: its section on the page and the numbers Chart.js draws ({@code data}:
 * labels, datasets with their values, the words of each bar's tooltip and label).
 */
record E2eChart(Map<String, Object> section, Map<String, Object> data) {

  static E2eChart of(
      String id,
      String title,
      String caption,
      String label,
      int height,
      Map<String, Object> data,
      List<E2eSeries> legend) {
    Map<String, Object> section = new HashMap<>();
    section.put("id", id);
    section.put("title", title);
    section.put("caption", caption);
    section.put("label", label);
    section.put("height", height);
    section.put("empty", data == null);
    if (legend.size() > 1) {
      section.put("legend", Map.of("series", legend.stream().map(E2eSeries::swatch).toList()));
    }
    Map<String, Object> drawn = new LinkedHashMap<>();
    drawn.put("id", id);
    if (data != null) {
      drawn.putAll(data);
    }
    return new E2eChart(section, drawn);
  }

  /** A bar dataset: one value per category, with its tooltip and the text drawn at the bar. */
  static Map<String, Object> dataset(
      String label, Object color, List<Double> data, List<String> tips, List<String> values) {
    Map<String, Object> d = new LinkedHashMap<>();
    d.put("label", label);
    d.put(color instanceof List<?> ? "colors" : "color", color);
    d.put("data", data);
    d.put("tips", tips);
    d.put("values", values);
    return d;
  }

  static Map<String, Object> bars(
      List<?> labels, List<Map<String, Object>> datasets, boolean horizontal, String unit) {
    Map<String, Object> data = new LinkedHashMap<>();
    data.put("kind", "bar");
    data.put("horizontal", horizontal);
    data.put("unit", unit);
    data.put("labels", labels);
    data.put("datasets", datasets);
    return data;
  }
}
