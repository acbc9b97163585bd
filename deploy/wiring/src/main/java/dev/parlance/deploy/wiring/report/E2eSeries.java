package dev.parlance.deploy.wiring.report;

import dev.parlance.application.evaluation.report.E2eReport;
import dev.parlance.application.evaluation.report.E2eReport.RunSection;
import java.util.ArrayList;
import java.util.IdentityHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * One strategy's run, as the report draws it: its label, colour, numbers and the document it came
 * from; a report's series are every run of its documents (a compared run included), labelled apart.
 */
record E2eSeries(String label, String color, RunSection run, E2eReport document) {

  private static final String[] COLORS = {
    "#2563eb", "#ea580c", "#059669", "#db2777", "#7c3aed", "#0891b2", "#65a30d", "#b45309"
  };

  // A document compared with another run stands for two runs: itself and the other.
  static List<E2eReport> runs(List<E2eReport> documents) {
    List<E2eReport> runs = new ArrayList<>();
    for (E2eReport d : documents) {
      runs.add(d);
      d.comparison().ifPresent(c -> runs.add(c.other()));
    }
    return runs;
  }

  static Map<E2eReport, String> runLabels(List<E2eReport> documents) {
    Map<E2eReport, String> labels = new IdentityHashMap<>();
    for (E2eReport d : documents) {
      d.comparison()
          .ifPresent(
              c -> {
                labels.put(d, c.label());
                labels.put(c.other(), c.otherLabel());
              });
    }
    return labels;
  }

  static List<E2eSeries> of(List<E2eReport> documents) {
    List<E2eSeries> out = new ArrayList<>();
    Set<String> labels = new LinkedHashSet<>();
    Map<E2eReport, String> named = runLabels(documents);
    List<E2eReport> runs = runs(documents);
    for (E2eReport d : runs) {
      for (Map.Entry<String, RunSection> e : d.byStrategy().entrySet()) {
        String label = e.getKey();
        if (named.containsKey(d)) {
          label = label + " · " + named.get(d);
        } else if (runs.size() > 1) {
          label = label + " · " + (d.model() == null ? "?" : d.model());
        }
        String unique = label;
        for (int i = 2; !labels.add(unique); i++) {
          unique = label + " #" + i;
        }
        out.add(new E2eSeries(unique, COLORS[out.size() % COLORS.length], e.getValue(), d));
      }
    }
    return out;
  }

  static Map<String, String> swatch(E2eSeries s) {
    return Map.of("label", s.label(), "color", s.color());
  }
}
