package dev.parlance.deploy.wiring.report;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.github.mustachejava.DefaultMustacheFactory;
import com.github.mustachejava.Mustache;
import dev.parlance.application.evaluation.report.E2eReport;
import dev.parlance.application.evaluation.report.E2eReport.RunSection;
import java.io.IOException;
import java.io.InputStream;
import java.io.StringWriter;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.IdentityHashMap;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;
import java.util.Properties;
import java.util.Set;
import java.util.function.ToDoubleFunction;

/**
 * The HTML report of one or more {@code bench e2e} runs, drawn from their report documents (the
 * records {@code --json} writes): one self-contained file with accuracy by difficulty and by
 * strategy, tokens and latency per stage, confidence calibration, databases and failures. The page
 * is the Mustache template {@code e2e-report.mustache} and its charts are drawn by Chart.js, the
 * portal's template engine and chart library (same versions, from the parent POM); Chart.js is
 * inlined from its WebJar so the file works offline and fetches nothing. The JSON it was drawn from
 * is embedded in it, and so are the charts' numbers ({@code parlance-charts}).
 */
public final class E2eHtml {

  private static final String[] COLORS = {
    "#2563eb", "#ea580c", "#059669", "#db2777", "#7c3aed", "#0891b2", "#65a30d", "#b45309"
  };
  private static final int FAILURES_SHOWN = 50;
  private static final String TEMPLATES = "dev/parlance/deploy/wiring/report";
  private static final Mustache PAGE =
      new DefaultMustacheFactory(TEMPLATES).compile("e2e-report.mustache");
  private static final ObjectMapper JSON = new ObjectMapper();

  private E2eHtml() {}

  /** One strategy's run, as drawn: its label, colour, numbers and the document it came from. */
  private record Series(String label, String color, RunSection run, E2eReport document) {}

  public static void write(Path file, List<E2eReport> documents, Optional<String> title)
      throws IOException {
    Path parent = file.toAbsolutePath().getParent();
    if (parent != null) {
      Files.createDirectories(parent);
    }
    Files.writeString(file, render(documents, title), StandardCharsets.UTF_8);
  }

  static String render(List<E2eReport> documents, Optional<String> title) {
    List<Series> series = series(documents);
    Map<String, Object> page = new HashMap<>();
    page.put("heading", title.orElse("Parlance · end-to-end evaluation"));
    Map<E2eReport, String> named = runLabels(documents);
    page.put("runs", runs(documents).stream().map(d -> header(d, named.get(d))).toList());
    page.put("cards", series.stream().map(E2eHtml::card).toList());
    List<Map<String, Object>> comparisons = new ArrayList<>();
    for (E2eReport d : documents) {
      d.comparison().ifPresent(c -> comparisons.add(sideBySide(c)));
    }
    page.put("comparisons", comparisons);
    List<Chart> charts =
        List.of(
            byDifficulty(series),
            byStrategy(series),
            stacked(
                "tokens",
                "Tokens per question, by stage",
                "Mean prompt (solid) and completion (light) tokens a question spent in each stage.",
                series,
                E2eReport.Stage::promptTokens,
                E2eReport.Stage::completionTokens,
                "tokens",
                "prompt",
                "completion"),
            stacked(
                "latency",
                "Latency per question, by stage",
                "Mean time waiting for the model (solid) and in Parlance itself (light); first-use"
                    + " indexing excluded.",
                series,
                E2eReport.Stage::llmMs,
                E2eReport.Stage::otherMs,
                "ms",
                "model",
                "Parlance"),
            calibration(series),
            byStatus(series));
    page.put("charts", charts.stream().map(Chart::section).toList());
    page.put("chartData", script(json(charts.stream().map(Chart::data).toList())));
    databases(series).ifPresent(table -> page.put("databases", table));
    page.put("failuresShown", FAILURES_SHOWN);
    page.put("failures", failures(series));
    Set<String> notes = new LinkedHashSet<>();
    for (E2eReport d : runs(documents)) {
      notes.addAll(d.notes());
    }
    page.put("notes", List.copyOf(notes));
    page.put("hasNotes", !notes.isEmpty());
    page.put("data", script(ReportJson.compact(documents)));
    page.put("chartLibrary", script(ChartLibrary.SOURCE));
    page.put("drawing", script(resource(TEMPLATES + "/e2e-report.js")));
    StringWriter out = new StringWriter(256_000);
    PAGE.execute(out, page);
    return out.toString();
  }

  /**
   * One chart: its section on the page and the numbers Chart.js draws ({@code data}: labels,
   * datasets with their values, the words of each bar's tooltip and label).
   */
  private record Chart(Map<String, Object> section, Map<String, Object> data) {

    static Chart of(
        String id,
        String title,
        String caption,
        String label,
        int height,
        Map<String, Object> data,
        List<Series> legend) {
      Map<String, Object> section = new HashMap<>();
      section.put("id", id);
      section.put("title", title);
      section.put("caption", caption);
      section.put("label", label);
      section.put("height", height);
      section.put("empty", data == null);
      if (legend.size() > 1) {
        section.put("legend", Map.of("series", legend.stream().map(E2eHtml::swatch).toList()));
      }
      Map<String, Object> drawn = new LinkedHashMap<>();
      drawn.put("id", id);
      if (data != null) {
        drawn.putAll(data);
      }
      return new Chart(section, drawn);
    }
  }

  // A document compared with another run stands for two runs: itself and the other.
  private static List<E2eReport> runs(List<E2eReport> documents) {
    List<E2eReport> runs = new ArrayList<>();
    for (E2eReport d : documents) {
      runs.add(d);
      d.comparison().ifPresent(c -> runs.add(c.other()));
    }
    return runs;
  }

  private static Map<E2eReport, String> runLabels(List<E2eReport> documents) {
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

  private static List<Series> series(List<E2eReport> documents) {
    List<Series> out = new ArrayList<>();
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
        out.add(new Series(unique, COLORS[out.size() % COLORS.length], e.getValue(), d));
      }
    }
    return out;
  }

  private static Map<String, Object> header(E2eReport d, String label) {
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

  // A document read from an older or hand-made file may lack a field.
  private static String text(String s) {
    return s == null ? "" : s;
  }

  private static Map<String, Object> card(Series s) {
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

  private static Map<String, String> fact(String name, String value) {
    return Map.of("name", name, "value", value);
  }

  // Two runs over the same questions: their numbers side by side, and question by question.
  private static Map<String, Object> sideBySide(E2eReport.Comparison c) {
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

  private static Map<String, String> row(String name, String a, String b) {
    return Map.of("name", name, "a", a, "b", b);
  }

  private static Map<String, String> swatch(Series s) {
    return Map.of("label", s.label(), "color", s.color());
  }

  /** A bar dataset: one value per category, with its tooltip and the text drawn at the bar. */
  private static Map<String, Object> dataset(
      String label, Object color, List<Double> data, List<String> tips, List<String> values) {
    Map<String, Object> d = new LinkedHashMap<>();
    d.put("label", label);
    d.put(color instanceof List<?> ? "colors" : "color", color);
    d.put("data", data);
    d.put("tips", tips);
    d.put("values", values);
    return d;
  }

  private static Map<String, Object> bars(
      List<?> labels, List<Map<String, Object>> datasets, boolean horizontal, String unit) {
    Map<String, Object> data = new LinkedHashMap<>();
    data.put("kind", "bar");
    data.put("horizontal", horizontal);
    data.put("unit", unit);
    data.put("labels", labels);
    data.put("datasets", datasets);
    return data;
  }

  // Grouped vertical bars: one group per difficulty, one bar per series.
  private static Chart byDifficulty(List<Series> series) {
    List<String> categories = new ArrayList<>();
    for (Series s : series) {
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
        for (Series s : series) {
          E2eReport.TallyRow t = s.run().byDifficulty().get(category);
          n = Math.max(n, t == null ? 0 : t.scored());
        }
        labels.add(List.of(category, "n = " + n));
      }
      List<Map<String, Object>> datasets = new ArrayList<>();
      for (Series s : series) {
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
    return Chart.of(
        "difficulty",
        "Accuracy by difficulty",
        "Execution accuracy under the run's semantics; n = scored questions.",
        "accuracy by difficulty",
        266,
        data,
        series);
  }

  // Horizontal bars: each series under each semantics (other semantics lighter).
  private static Chart byStrategy(List<Series> series) {
    List<String> labels = new ArrayList<>();
    List<String> colors = new ArrayList<>();
    List<Double> values = new ArrayList<>();
    List<String> tips = new ArrayList<>();
    List<String> texts = new ArrayList<>();
    for (Series s : series) {
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
    return Chart.of(
        "strategy",
        "Accuracy by strategy and evaluator",
        "Each strategy under both evaluators' rules (BIRD: row sets; Spider: multisets up to a"
            + " column permutation, order when the gold orders).",
        "accuracy by strategy",
        32 + 26 * labels.size(),
        data,
        List.of());
  }

  // Horizontal stacked bars per stage: one bar per series, two segments (the second lighter).
  private static Chart stacked(
      String id,
      String title,
      String caption,
      List<Series> series,
      ToDoubleFunction<E2eReport.Stage> first,
      ToDoubleFunction<E2eReport.Stage> second,
      String unit,
      String firstName,
      String secondName) {
    List<String> stages = new ArrayList<>();
    for (Series s : series) {
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
      for (Series s : series) {
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
    return Chart.of(
        id,
        title,
        caption,
        firstName + " and " + secondName + " per stage",
        32 + stages.size() * (10 + 16 * series.size()),
        data,
        series);
  }

  // Reliability diagram: accuracy against mean confidence per bucket; the buckets as tables.
  private static Chart calibration(List<Series> series) {
    int maxN = 1;
    for (Series s : series) {
      for (E2eReport.Bucket b : s.run().calibration().buckets()) {
        maxN = Math.max(maxN, b.questions());
      }
    }
    List<Map<String, Object>> datasets = new ArrayList<>();
    List<Map<String, Object>> tables = new ArrayList<>();
    for (Series s : series) {
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
    Chart chart =
        Chart.of(
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

  private static Chart byStatus(List<Series> series) {
    List<String> statuses = new ArrayList<>(List.of("answered", "unsure", "no_answer"));
    if (series.stream()
        .anyMatch(x -> x.run().calibration().byStatus().containsKey("cannot_answer"))) {
      statuses.add("cannot_answer");
    }
    List<List<String>> labels = new ArrayList<>();
    for (String status : statuses) {
      int total = 0;
      for (Series s : series) {
        E2eReport.StatusRow t = s.run().calibration().byStatus().get(status);
        total += t == null ? 0 : t.questions();
      }
      labels.add(List.of(status.replace('_', ' '), "n = " + total));
    }
    List<Map<String, Object>> datasets = new ArrayList<>();
    for (Series s : series) {
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
    return Chart.of(
        "status",
        "Sure, unsure, no answer",
        "Accuracy by how the question ended: answered (confidence at or above the threshold),"
            + " unsure (below it; its top reading is scored), no answer (no candidate ran).",
        "accuracy by status",
        216,
        bars(labels, datasets, false, "percent"),
        series);
  }

  private static Optional<Map<String, Object>> databases(List<Series> series) {
    Set<String> names = new LinkedHashSet<>();
    for (Series s : series) {
      names.addAll(s.run().byDatabase().keySet());
    }
    if (names.isEmpty()) {
      return Optional.empty();
    }
    List<Map<String, Object>> rows = new ArrayList<>();
    for (String db : names) {
      List<Map<String, Object>> cells = new ArrayList<>();
      for (Series s : series) {
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
    return Optional.of(Map.of("series", series.stream().map(Series::label).toList(), "rows", rows));
  }

  private static List<Map<String, Object>> failures(List<Series> series) {
    List<Map<String, Object>> groups = new ArrayList<>();
    for (Series s : series) {
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

  private static String json(Object value) {
    try {
      return JSON.writeValueAsString(value);
    } catch (JsonProcessingException e) {
      throw new IllegalStateException("the report's chart data cannot be written as JSON", e);
    }
  }

  // Inside <script>, "</" would end the element and "<!--" start a comment.
  private static String script(String text) {
    return text.replace("</", "<\\/").replace("<!--", "<\\!--");
  }

  private static String resource(String name) {
    try (InputStream in = E2eHtml.class.getClassLoader().getResourceAsStream(name)) {
      if (in == null) {
        throw new IllegalStateException("missing from the class path: " + name);
      }
      return new String(in.readAllBytes(), StandardCharsets.UTF_8);
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
  }

  /** Chart.js as its WebJar ships it (the version the parent POM names), read once. */
  public static final class ChartLibrary {

    public static final String VERSION;
    static final String SOURCE;

    static {
      Properties webjar = new Properties();
      try (InputStream in =
          E2eHtml.class
              .getClassLoader()
              .getResourceAsStream("META-INF/maven/org.webjars.npm/chart.js/pom.properties")) {
        if (in == null) {
          throw new IllegalStateException("the Chart.js WebJar is not on the class path");
        }
        webjar.load(in);
      } catch (IOException e) {
        throw new UncheckedIOException(e);
      }
      VERSION = webjar.getProperty("version");
      // Without its source-map comment: the report refers to no other file.
      SOURCE =
          resource("META-INF/resources/webjars/chart.js/" + VERSION + "/dist/chart.umd.js")
              .replaceAll("(?m)^//# sourceMappingURL=.*$", "");
    }

    private ChartLibrary() {}
  }

  private static String shorten(String text, int max) {
    return text.length() <= max ? text : text.substring(0, max - 1) + "…";
  }

  private static String bucket(E2eReport.Bucket b) {
    double from = b.from();
    double to = b.to();
    return to >= 1
        ? String.format(Locale.ROOT, "[%.1f, 1.0]", from)
        : String.format(Locale.ROOT, "[%.1f, %.1f)", from, to);
  }

  private static String pct(double v) {
    return String.format(Locale.ROOT, "%.1f%%", 100 * v);
  }

  // A narrow bar (many series side by side) has room for the number only.
  private static String barLabel(double v, int seriesSideBySide) {
    return seriesSideBySide <= 2 ? pct0(v) : String.format(Locale.ROOT, "%.0f", 100 * v);
  }

  private static String pct0(double v) {
    return String.format(Locale.ROOT, "%.0f%%", 100 * v);
  }

  private static String fmt(double v, int decimals) {
    return String.format(Locale.ROOT, "%,." + decimals + "f", v);
  }
}
