package dev.parlance.deploy.wiring.report;

import static dev.parlance.deploy.wiring.report.E2eFormat.fmt;
import static dev.parlance.deploy.wiring.report.E2eFormat.pct;
import static dev.parlance.deploy.wiring.report.E2eFormat.pct0;
import static dev.parlance.deploy.wiring.report.E2eFormat.text;

import dev.parlance.application.evaluation.report.E2eReport;
import dev.parlance.application.evaluation.report.E2eReport.RunSection;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;

/**
 * The report's sections that are not charts: each run's header, a summary card per series, two runs
 * side by side, accuracy per database and the failures listed.
 */
final class E2eTables {

  static final int FAILURES_SHOWN = 50;

  private E2eTables() {}

  static Map<String, Object> header(E2eReport d, String label) {
    Map<String, Object> run = new HashMap<>();
    run.put("hasLabel", label != null);
    run.put("label", label);
    run.put("dataset", text(d.dataset()));
    run.put("semantics", text(d.semantics()));
    run.put("model", text(d.model()));
    run.put("mode", text(d.mode()));
    run.put("candidates", d.candidates());
    run.put("hasEvidence", d.evidence() != null);
    run.put("evidence", Boolean.TRUE.equals(d.evidence()) ? "on" : "off");
    run.put("run", text(d.run()));
    run.put("partial", !d.complete());
    run.put("goldRevision", text(d.goldRevision()));
    run.put("finishedAt", text(d.finishedAt()));
    return run;
  }

  static Map<String, Object> card(E2eSeries s) {
    RunSection r = s.run();
    String semantics = text(s.document().semantics());
    List<Map<String, String>> facts = new ArrayList<>();
    r.accuracyBySemantics()
        .forEach(
            (label, row) -> {
              if (!label.equals(semantics)) {
                facts.add(fact(label + " semantics", pct(row.accuracy())));
              }
            });
    facts.add(
        fact(
            "tokens / question",
            fmt(r.tokens().promptPerQuestion(), 0)
                + " + "
                + fmt(r.tokens().completionPerQuestion(), 0)));
    facts.add(
        fact(
            "cost / question",
            r.cost().known() ? "$" + fmt(r.cost().usdPerQuestion(), 6) : "unknown (no price)"));
    facts.add(fact("latency / question", fmt(r.latency().meanMs(), 0) + " ms"));
    facts.add(fact("schema recall", fmt(r.recall().mean(), 3)));
    facts.add(
        fact(
            "calibration error",
            r.calibration().omitted().isEmpty() ? fmt(r.calibration().ece(), 3) : "— (m = 1)"));
    Map<String, Object> card = new HashMap<>();
    card.put("label", s.label());
    card.put("color", s.color());
    card.put("accuracy", pct(r.accuracy()));
    card.put("correct", r.correct());
    card.put("scored", r.scored());
    card.put("semantics", semantics);
    card.put("facts", facts);
    return card;
  }

  static Map<String, String> fact(String name, String value) {
    return Map.of("name", name, "value", value);
  }

  // Two runs over the same questions: their numbers side by side, and question by question.
  static Map<String, Object> sideBySide(E2eReport.Comparison c) {
    E2eReport.Side a = c.side();
    E2eReport.Side b = c.otherSide();
    List<Map<String, String>> rows =
        List.of(
            row("execution accuracy", pct(a.accuracy()), pct(b.accuracy())),
            row(
                "correct of scored",
                a.correct() + " of " + a.scored(),
                b.correct() + " of " + b.scored()),
            row(
                "prompt tokens / question",
                fmt(a.promptTokensPerQuestion(), 0),
                fmt(b.promptTokensPerQuestion(), 0)),
            row(
                "model calls / question",
                fmt(a.callsPerQuestion(), 2),
                fmt(b.callsPerQuestion(), 2)),
            row(
                "cost / question",
                "$" + fmt(a.costPerQuestion(), 6),
                "$" + fmt(b.costPerQuestion(), 6)),
            row("schema recall", fmt(a.recall(), 3), fmt(b.recall(), 3)),
            row("every gold column shown", pct(a.allGoldColumns()), pct(b.allGoldColumns())));
    E2eReport.Paired p = c.paired();
    Map<String, Object> comparison = new HashMap<>();
    comparison.put("label", c.label());
    comparison.put("otherLabel", c.otherLabel());
    comparison.put("rows", rows);
    comparison.put("questions", p.questions());
    comparison.put("bothCorrect", p.bothCorrect());
    comparison.put("onlyThis", p.onlyThis());
    comparison.put("onlyOther", p.onlyOther());
    comparison.put("neither", p.neither());
    comparison.put("tokenRatioMean", fmt(p.tokenRatioMean(), 3));
    comparison.put("tokenRatioMax", fmt(p.tokenRatioMax(), 3));
    comparison.put("tokenRatioLimit", fmt(p.tokenRatioLimit(), 1));
    comparison.put("withinTokenRatio", p.withinTokenRatio());
    comparison.put("extraCallsMean", fmt(p.extraCallsMean(), 2));
    comparison.put("extraCallsMax", p.extraCallsMax());
    comparison.put("withinOneExtraCall", p.withinOneExtraCall());
    return comparison;
  }

  static Map<String, String> row(String name, String a, String b) {
    return Map.of("name", name, "a", a, "b", b);
  }

  static Optional<Map<String, Object>> databases(List<E2eSeries> series) {
    Set<String> names = new LinkedHashSet<>();
    for (E2eSeries s : series) {
      names.addAll(s.run().byDatabase().keySet());
    }
    if (names.isEmpty()) {
      return Optional.empty();
    }
    List<Map<String, Object>> rows = new ArrayList<>();
    for (String db : names) {
      List<Map<String, Object>> cells = new ArrayList<>();
      for (E2eSeries s : series) {
        E2eReport.TallyRow t = s.run().byDatabase().get(db);
        int scored = t == null ? 0 : t.scored();
        Map<String, Object> cell = new HashMap<>();
        cell.put("hasScore", scored > 0);
        if (scored == 0) {
          int skipped = t == null ? 0 : t.skipped();
          cell.put("none", skipped > 0 ? skipped + " skipped" : "–");
        } else {
          cell.put("width", fmt(100 * t.accuracy(), 1));
          cell.put("color", s.color());
          cell.put("accuracy", pct(t.accuracy()));
          cell.put("correct", t.correct());
          cell.put("scored", scored);
        }
        cells.add(cell);
      }
      rows.add(Map.of("name", db, "cells", cells));
    }
    return Optional.of(
        Map.of("series", series.stream().map(E2eSeries::label).toList(), "rows", rows));
  }

  static List<Map<String, Object>> failures(List<E2eSeries> series) {
    List<Map<String, Object>> groups = new ArrayList<>();
    for (E2eSeries s : series) {
      List<E2eReport.Failure> failures = s.run().failures();
      if (failures.isEmpty()) {
        continue;
      }
      List<Map<String, Object>> items = new ArrayList<>();
      for (E2eReport.Failure f : failures.subList(0, Math.min(FAILURES_SHOWN, failures.size()))) {
        Map<String, Object> item = new HashMap<>();
        item.put("id", text(f.id()));
        item.put("database", text(f.database()));
        item.put("difficulty", text(f.difficulty()));
        item.put("verdict", text(f.verdict()));
        item.put("status", text(f.status()).replace('_', ' '));
        item.put("confidence", pct0(f.confidence()));
        item.put("question", text(f.question()));
        item.put("detail", f.diff().orElse(text(f.detail())));
        item.put("gold", text(f.goldSql()));
        item.put("predicted", f.predictedSql() == null ? "(none)" : f.predictedSql());
        item.put("hasMissing", !f.goldColumnsNotInPrompt().isEmpty());
        item.put("missing", String.join(", ", f.goldColumnsNotInPrompt()));
        items.add(item);
      }
      groups.add(
          Map.of("label", s.label(), "color", s.color(), "count", failures.size(), "items", items));
    }
    return groups;
  }
}
