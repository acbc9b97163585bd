package dev.parlance.deploy.cli;

import dev.parlance.application.evaluation.report.E2eReport;
import dev.parlance.application.evaluation.report.E2eReport.RunSection;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.function.ToDoubleFunction;

/**
 * The HTML report of one or more {@code bench e2e} runs, drawn from their report documents (the
 * records {@code --json} writes): one self-contained file (inline CSS and SVG, no script, nothing
 * fetched) with accuracy by difficulty and by strategy, tokens and latency per stage, confidence
 * calibration, databases and failures. The JSON it was drawn from is embedded in it.
 */
final class E2eHtml {

  private static final String[] COLORS = {
    "#2563eb", "#ea580c", "#059669", "#db2777", "#7c3aed", "#0891b2", "#65a30d", "#b45309"
  };
  private static final int FAILURES_SHOWN = 50;

  private E2eHtml() {}

  /** One strategy's run, as drawn: its label, colour, numbers and the document it came from. */
  private record Series(String label, String color, RunSection run, E2eReport document) {}

  static void write(Path file, List<E2eReport> documents, Optional<String> title)
      throws IOException {
    Path parent = file.toAbsolutePath().getParent();
    if (parent != null) {
      Files.createDirectories(parent);
    }
    Files.writeString(file, render(documents, title), StandardCharsets.UTF_8);
  }

  static String render(List<E2eReport> documents, Optional<String> title) {
    List<Series> series = series(documents);
    StringBuilder h = new StringBuilder(64_000);
    String heading = title.orElse("Parlance · end-to-end evaluation");
    h.append("<!DOCTYPE html>\n<html lang=\"en\">\n<head>\n<meta charset=\"utf-8\">\n")
        .append("<meta name=\"viewport\" content=\"width=device-width, initial-scale=1\">\n")
        .append("<title>")
        .append(esc(heading))
        .append("</title>\n<style>\n")
        .append(CSS)
        .append("</style>\n</head>\n<body>\n<main>\n");
    h.append("<header><h1>").append(esc(heading)).append("</h1>\n");
    Map<E2eReport, String> named = runLabels(documents);
    for (E2eReport d : runs(documents)) {
      header(h, d, Optional.ofNullable(named.get(d)));
    }
    h.append("</header>\n");
    cards(h, series);
    for (E2eReport d : documents) {
      d.comparison().ifPresent(c -> sideBySide(h, c));
    }
    h.append("<div class=\"grid\">\n");
    section(
        h,
        "Accuracy by difficulty",
        "Execution accuracy under the run's semantics; n = scored questions.",
        byDifficulty(series));
    section(
        h,
        "Accuracy by strategy and evaluator",
        "Each strategy under both evaluators' rules (BIRD: row sets; Spider: multisets up to a"
            + " column permutation, order when the gold orders).",
        byStrategy(series));
    section(
        h,
        "Tokens per question, by stage",
        "Mean prompt (solid) and completion (light) tokens a question spent in each stage.",
        stacked(
            series,
            E2eReport.Stage::promptTokens,
            E2eReport.Stage::completionTokens,
            "tokens",
            "prompt",
            "completion"));
    section(
        h,
        "Latency per question, by stage",
        "Mean time waiting for the model (solid) and in Parlance itself (light); first-use"
            + " indexing excluded.",
        stacked(
            series, E2eReport.Stage::llmMs, E2eReport.Stage::otherMs, "ms", "model", "Parlance"));
    section(
        h,
        "Confidence calibration",
        "Accuracy of the answers in each confidence bucket (circle area: questions). On the"
            + " dashed diagonal, confidence means what it says; above it, Parlance is too modest.",
        calibration(series));
    section(
        h,
        "Sure, unsure, no answer",
        "Accuracy by how the question ended: answered (confidence at or above the threshold),"
            + " unsure (below it; its top reading is scored), no answer (no candidate ran).",
        byStatus(series));
    h.append("</div>\n");
    databases(h, series);
    failures(h, series);
    notes(h, documents);
    h.append("<script type=\"application/json\" id=\"parlance-data\">")
        .append(embedded(documents))
        .append("</script>\n");
    h.append("</main>\n</body>\n</html>\n");
    return h.toString();
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
    Map<E2eReport, String> labels = new java.util.IdentityHashMap<>();
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

  private static void header(StringBuilder h, E2eReport d, Optional<String> label) {
    h.append("<p class=\"meta\">");
    label.ifPresent(l -> h.append("<b>").append(esc(l)).append("</b>: "));
    h.append("<b>")
        .append(esc(text(d.dataset())))
        .append("</b> · ")
        .append(esc(text(d.semantics())))
        .append(" semantics · model <b>")
        .append(esc(text(d.model())))
        .append("</b> (")
        .append(esc(text(d.mode())))
        .append(") · ")
        .append(d.candidates())
        .append(" candidates");
    if (d.evidence() != null) {
      h.append(" · evidence ").append(d.evidence() ? "on" : "off");
    }
    h.append(" · run <code>").append(esc(text(d.run()))).append("</code>");
    h.append(d.complete() ? "" : " <span class=\"badge\">partial</span>").append("<br>");
    h.append("gold: ")
        .append(esc(text(d.goldRevision())))
        .append(" · ")
        .append(esc(text(d.finishedAt())))
        .append("</p>\n");
  }

  // A document read from an older or hand-made file may lack a field.
  private static String text(String s) {
    return s == null ? "" : s;
  }

  private static void cards(StringBuilder h, List<Series> series) {
    h.append("<section class=\"cards\">\n");
    for (Series s : series) {
      RunSection r = s.run();
      String semantics = text(s.document().semantics());
      h.append("<div class=\"card\" style=\"border-top-color:")
          .append(s.color())
          .append("\"><div class=\"label\">")
          .append(esc(s.label()))
          .append("</div><div class=\"big\">")
          .append(pct(r.accuracy()))
          .append("</div><div class=\"sub\">")
          .append(r.correct())
          .append(" of ")
          .append(r.scored())
          .append(" correct · ")
          .append(esc(semantics))
          .append(" semantics</div><dl>");
      r.accuracyBySemantics()
          .forEach(
              (label, row) -> {
                if (!label.equals(semantics)) {
                  kv(h, label + " semantics", pct(row.accuracy()));
                }
              });
      kv(
          h,
          "tokens / question",
          fmt(r.tokens().promptPerQuestion(), 0)
              + " + "
              + fmt(r.tokens().completionPerQuestion(), 0));
      kv(
          h,
          "cost / question",
          r.cost().known() ? "$" + fmt(r.cost().usdPerQuestion(), 6) : "unknown (no price)");
      kv(h, "latency / question", fmt(r.latency().meanMs(), 0) + " ms");
      kv(h, "schema recall", fmt(r.recall().mean(), 3));
      kv(h, "calibration error", fmt(r.calibration().ece(), 3));
      h.append("</dl></div>\n");
    }
    h.append("</section>\n");
  }

  // Two runs over the same questions: their numbers side by side, and question by question.
  private static void sideBySide(StringBuilder h, E2eReport.Comparison c) {
    E2eReport.Side a = c.side();
    E2eReport.Side b = c.otherSide();
    h.append("<section class=\"wide\"><h2>")
        .append(esc(c.label()))
        .append(" and ")
        .append(esc(c.otherLabel()))
        .append(", side by side</h2><table><thead><tr><th></th><th>")
        .append(esc(c.label()))
        .append("</th><th>")
        .append(esc(c.otherLabel()))
        .append("</th></tr></thead><tbody>\n");
    row(h, "execution accuracy", pct(a.accuracy()), pct(b.accuracy()));
    row(
        h,
        "correct of scored",
        a.correct() + " of " + a.scored(),
        b.correct() + " of " + b.scored());
    row(
        h,
        "prompt tokens / question",
        fmt(a.promptTokensPerQuestion(), 0),
        fmt(b.promptTokensPerQuestion(), 0));
    row(h, "model calls / question", fmt(a.callsPerQuestion(), 2), fmt(b.callsPerQuestion(), 2));
    row(h, "cost / question", "$" + fmt(a.costPerQuestion(), 6), "$" + fmt(b.costPerQuestion(), 6));
    row(h, "schema recall", fmt(a.recall(), 3), fmt(b.recall(), 3));
    row(h, "every gold column shown", pct(a.allGoldColumns()), pct(b.allGoldColumns()));
    h.append("</tbody></table>\n");
    E2eReport.Paired p = c.paired();
    h.append("<p class=\"caption\">Question by question (")
        .append(p.questions())
        .append(" answered by both): both right ")
        .append(p.bothCorrect())
        .append(", only ")
        .append(esc(c.label()))
        .append(" ")
        .append(p.onlyThis())
        .append(", only ")
        .append(esc(c.otherLabel()))
        .append(" ")
        .append(p.onlyOther())
        .append(", neither ")
        .append(p.neither())
        .append(". Prompt tokens of ")
        .append(esc(c.label()))
        .append(" ÷ ")
        .append(esc(c.otherLabel()))
        .append(": mean ")
        .append(fmt(p.tokenRatioMean(), 3))
        .append(", max ")
        .append(fmt(p.tokenRatioMax(), 3))
        .append(", within ")
        .append(fmt(p.tokenRatioLimit(), 1))
        .append("× for ")
        .append(p.withinTokenRatio())
        .append("; model calls beyond: mean ")
        .append(fmt(p.extraCallsMean(), 2))
        .append(", max ")
        .append(p.extraCallsMax())
        .append(", at most one more for ")
        .append(p.withinOneExtraCall())
        .append(".</p></section>\n");
  }

  private static void row(StringBuilder h, String name, String a, String b) {
    h.append("<tr><td>")
        .append(esc(name))
        .append("</td><td>")
        .append(esc(a))
        .append("</td><td>")
        .append(esc(b))
        .append("</td></tr>\n");
  }

  private static void kv(StringBuilder h, String k, String v) {
    h.append("<dt>").append(esc(k)).append("</dt><dd>").append(esc(v)).append("</dd>");
  }

  private static void section(StringBuilder h, String title, String caption, String svg) {
    h.append("<section class=\"chart\"><h2>")
        .append(esc(title))
        .append("</h2><p class=\"caption\">")
        .append(esc(caption))
        .append("</p>\n")
        .append(svg)
        .append("</section>\n");
  }

  // Grouped vertical bars: one group per difficulty, one bar per series.
  private static String byDifficulty(List<Series> series) {
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
    if (categories.isEmpty()) {
      return empty();
    }
    int w = 560;
    int top = 20;
    int bottom = 46;
    int left = 44;
    int plotH = 200;
    int height = top + plotH + bottom;
    Svg svg = new Svg(w, height, "accuracy by difficulty");
    yAxis(svg, left, top, plotH, w - 10);
    double groupW = (w - left - 10) / (double) categories.size();
    double barW = Math.min(46, groupW * 0.8 / series.size());
    for (int c = 0; c < categories.size(); c++) {
      String cat = categories.get(c);
      double gx = left + c * groupW + (groupW - barW * series.size()) / 2;
      int n = 0;
      for (int i = 0; i < series.size(); i++) {
        E2eReport.TallyRow t = series.get(i).run().byDifficulty().get(cat);
        int scored = t == null ? 0 : t.scored();
        n = Math.max(n, scored);
        if (scored == 0) {
          continue;
        }
        double acc = t.accuracy();
        double bh = acc * plotH;
        double x = gx + i * barW;
        svg.rect(
            x + 1,
            top + plotH - bh,
            barW - 2,
            bh,
            series.get(i).color(),
            series.get(i).label()
                + ", "
                + cat
                + ": "
                + pct(acc)
                + " ("
                + t.correct()
                + " of "
                + scored
                + ")");
        svg.text(x + barW / 2, top + plotH - bh - 4, barLabel(acc, barW), "middle", "val");
      }
      svg.text(left + c * groupW + groupW / 2, top + plotH + 16, cat, "middle", "cat");
      svg.text(left + c * groupW + groupW / 2, top + plotH + 30, "n = " + n, "middle", "small");
    }
    return svg.close() + legend(series);
  }

  // Horizontal bars: each series under each semantics.
  private static String byStrategy(List<Series> series) {
    List<String[]> rows = new ArrayList<>();
    List<String> colors = new ArrayList<>();
    List<Double> values = new ArrayList<>();
    for (Series s : series) {
      for (var e : s.run().accuracyBySemantics().entrySet()) {
        rows.add(
            new String[] {
              s.label(), e.getKey(), e.getValue().correct() + " of " + e.getValue().scored()
            });
        colors.add(s.color());
        values.add(e.getValue().accuracy());
      }
    }
    if (rows.isEmpty()) {
      return empty();
    }
    int w = 560;
    int left = 170;
    int rowH = 26;
    int top = 8;
    int height = top + rows.size() * rowH + 24;
    int plotW = w - left - 70;
    Svg svg = new Svg(w, height, "accuracy by strategy");
    for (int g = 0; g <= 4; g++) {
      double x = left + plotW * g / 4.0;
      svg.line(x, top, x, top + rows.size() * rowH, "grid");
      svg.text(x, top + rows.size() * rowH + 16, (25 * g) + "%", "middle", "small");
    }
    for (int i = 0; i < rows.size(); i++) {
      double y = top + i * rowH;
      double v = values.get(i);
      boolean primary = i == 0 || !rows.get(i)[0].equals(rows.get(i - 1)[0]);
      svg.text(left - 8, y + rowH / 2.0 + 4, rows.get(i)[0] + " · " + rows.get(i)[1], "end", "cat");
      svg.rectStyled(
          left,
          y + 4,
          v * plotW,
          rowH - 8,
          colors.get(i),
          primary ? 1 : 0.55,
          rows.get(i)[0]
              + ", "
              + rows.get(i)[1]
              + " semantics: "
              + pct(v)
              + " ("
              + rows.get(i)[2]
              + ")");
      svg.text(left + v * plotW + 6, y + rowH / 2.0 + 4, pct(v), "start", "val");
    }
    return svg.close();
  }

  // Horizontal stacked bars per stage: one bar per series, two segments.
  private static String stacked(
      List<Series> series,
      ToDoubleFunction<E2eReport.Stage> first,
      ToDoubleFunction<E2eReport.Stage> second,
      String unit,
      String firstName,
      String secondName) {
    // Each stage gets a bar for every series that spent something of this kind in it.
    Map<String, List<Series>> stages = new java.util.LinkedHashMap<>();
    double max = 0;
    for (Series s : series) {
      for (var e : s.run().latency().byStage().entrySet()) {
        double total = first.applyAsDouble(e.getValue()) + second.applyAsDouble(e.getValue());
        max = Math.max(max, total);
        if (total > 0) {
          stages.computeIfAbsent(e.getKey(), k -> new ArrayList<>()).add(s);
        }
      }
    }
    if (stages.isEmpty() || max <= 0) {
      return empty();
    }
    int w = 560;
    int left = 170;
    int barH = 14;
    int groupGap = 10;
    int top = 6;
    int plotW = w - left - 130;
    int bars = stages.values().stream().mapToInt(List::size).sum();
    int height = top + bars * barH + stages.size() * groupGap + 6;
    Svg svg = new Svg(w, height, firstName + " and " + secondName + " per stage");
    double y = top;
    for (Map.Entry<String, List<Series>> stage : stages.entrySet()) {
      List<Series> drawn = stage.getValue();
      svg.text(
          left - 8, y + drawn.size() * barH / 2.0 + 4, shorten(stage.getKey(), 24), "end", "cat");
      for (Series s : drawn) {
        E2eReport.Stage st = s.run().latency().byStage().get(stage.getKey());
        double a = first.applyAsDouble(st);
        double b = second.applyAsDouble(st);
        double wa = a / max * plotW;
        double wb = b / max * plotW;
        String tip =
            s.label()
                + ", "
                + stage.getKey()
                + ": "
                + fmt(a, 0)
                + " "
                + unit
                + " "
                + firstName
                + " + "
                + fmt(b, 0)
                + " "
                + unit
                + " "
                + secondName;
        svg.rectStyled(left, y + 1, wa, barH - 2, s.color(), 1, tip);
        svg.rectStyled(left + wa, y + 1, wb, barH - 2, s.color(), 0.4, tip);
        svg.text(
            left + wa + wb + 6,
            y + barH - 3,
            fmt(a, 0) + " + " + fmt(b, 0) + " " + unit,
            "start",
            "small");
        y += barH;
      }
      y += groupGap;
    }
    return svg.close() + legend(series);
  }

  // Reliability diagram: accuracy against mean confidence per bucket.
  private static String calibration(List<Series> series) {
    int size = 260;
    int left = 44;
    int top = 12;
    int w = left + size + 230;
    int height = top + size + 40;
    Svg svg = new Svg(w, height, "confidence calibration");
    for (int g = 0; g <= 4; g++) {
      double v = g / 4.0;
      svg.line(left, top + size - v * size, left + size, top + size - v * size, "grid");
      svg.line(left + v * size, top, left + v * size, top + size, "grid");
      svg.text(left - 6, top + size - v * size + 4, pct0(v), "end", "small");
      svg.text(left + v * size, top + size + 14, fmt(v, 2), "middle", "small");
    }
    svg.text(
        left + size / 2.0,
        top + size + 30,
        "confidence (share of candidates agreeing)",
        "middle",
        "small");
    svg.raw(
        String.format(
            Locale.ROOT,
            "<line x1=\"%d\" y1=\"%d\" x2=\"%d\" y2=\"%d\" class=\"diag\"/>",
            left,
            top + size,
            left + size,
            top));
    int maxN = 1;
    for (Series s : series) {
      for (E2eReport.Bucket b : s.run().calibration().buckets()) {
        maxN = Math.max(maxN, b.questions());
      }
    }
    double ty = top + 10;
    for (Series s : series) {
      StringBuilder points = new StringBuilder();
      for (E2eReport.Bucket b : s.run().calibration().buckets()) {
        double x = left + b.meanConfidence() * size;
        double yv = top + size - b.accuracy() * size;
        points.append(String.format(Locale.ROOT, "%.1f,%.1f ", x, yv));
      }
      if (!points.isEmpty()) {
        svg.raw(
            "<polyline points=\""
                + points.toString().strip()
                + "\" fill=\"none\" stroke=\""
                + s.color()
                + "\" stroke-width=\"1.5\" opacity=\"0.7\"/>");
      }
      for (E2eReport.Bucket b : s.run().calibration().buckets()) {
        int n = b.questions();
        double x = left + b.meanConfidence() * size;
        double yv = top + size - b.accuracy() * size;
        double r = 3 + 9 * Math.sqrt((double) n / maxN);
        svg.raw(
            String.format(
                Locale.ROOT,
                "<circle cx=\"%.1f\" cy=\"%.1f\" r=\"%.1f\" fill=\"%s\" fill-opacity=\"0.55\""
                    + " stroke=\"%s\"><title>%s</title></circle>",
                x,
                yv,
                r,
                s.color(),
                s.color(),
                esc(
                    s.label()
                        + ", confidence "
                        + bucket(b)
                        + ": "
                        + b.correct()
                        + " of "
                        + n
                        + " correct ("
                        + pct(b.accuracy())
                        + ")")));
      }
      // The bucket table beside the plot.
      double tx = left + size + 24;
      svg.rect(tx, ty - 9, 10, 10, s.color(), s.label());
      svg.text(
          tx + 16, ty, s.label() + " · ECE " + fmt(s.run().calibration().ece(), 3), "start", "cat");
      ty += 16;
      for (E2eReport.Bucket b : s.run().calibration().buckets()) {
        svg.text(
            tx + 16,
            ty,
            bucket(b) + "  " + b.correct() + "/" + b.questions() + "  " + pct0(b.accuracy()),
            "start",
            "small mono");
        ty += 14;
      }
      ty += 8;
    }
    svg.text(12, top + size / 2.0, "accuracy", "middle", "small rot");
    return svg.close();
  }

  private static String byStatus(List<Series> series) {
    List<String> statuses = new ArrayList<>(List.of("answered", "unsure", "no_answer"));
    if (series.stream()
        .anyMatch(x -> x.run().calibration().byStatus().containsKey("cannot_answer"))) {
      statuses.add("cannot_answer");
    }
    int w = 560;
    int left = 44;
    int top = 20;
    int plotH = 150;
    int bottom = 46;
    Svg svg = new Svg(w, top + plotH + bottom, "accuracy by status");
    yAxis(svg, left, top, plotH, w - 10);
    double groupW = (w - left - 10) / (double) statuses.size();
    double barW = Math.min(46, groupW * 0.8 / series.size());
    for (int c = 0; c < statuses.size(); c++) {
      String status = statuses.get(c);
      double gx = left + c * groupW + (groupW - barW * series.size()) / 2;
      int total = 0;
      for (int i = 0; i < series.size(); i++) {
        E2eReport.StatusRow t = series.get(i).run().calibration().byStatus().get(status);
        int n = t == null ? 0 : t.questions();
        total += n;
        if (n == 0) {
          continue;
        }
        double acc = t.accuracy();
        double bh = acc * plotH;
        double x = gx + i * barW;
        svg.rect(
            x + 1,
            top + plotH - bh,
            barW - 2,
            bh,
            series.get(i).color(),
            series.get(i).label() + ", " + status + ": " + t.correct() + " of " + n);
        svg.text(x + barW / 2, top + plotH - bh - 4, barLabel(acc, barW), "middle", "val");
      }
      svg.text(
          left + c * groupW + groupW / 2,
          top + plotH + 16,
          status.replace('_', ' '),
          "middle",
          "cat");
      svg.text(left + c * groupW + groupW / 2, top + plotH + 30, "n = " + total, "middle", "small");
    }
    return svg.close() + legend(series);
  }

  private static void yAxis(Svg svg, int left, int top, int plotH, int right) {
    for (int g = 0; g <= 4; g++) {
      double y = top + plotH - plotH * g / 4.0;
      svg.line(left, y, right, y, "grid");
      svg.text(left - 6, y + 4, (25 * g) + "%", "end", "small");
    }
  }

  private static String legend(List<Series> series) {
    if (series.size() < 2) {
      return "";
    }
    StringBuilder h = new StringBuilder("<p class=\"legend\">");
    for (Series s : series) {
      h.append("<span><i style=\"background:")
          .append(s.color())
          .append("\"></i>")
          .append(esc(s.label()))
          .append("</span>");
    }
    return h.append("</p>\n").toString();
  }

  private static void databases(StringBuilder h, List<Series> series) {
    Set<String> names = new LinkedHashSet<>();
    for (Series s : series) {
      names.addAll(s.run().byDatabase().keySet());
    }
    if (names.isEmpty()) {
      return;
    }
    h.append("<section class=\"wide\"><h2>By database</h2>")
        .append("<p class=\"caption\">Accuracy per database (correct of scored; skipped")
        .append(" questions have no database here).</p>\n<table><thead><tr><th>database</th>");
    for (Series s : series) {
      h.append("<th>").append(esc(s.label())).append("</th>");
    }
    h.append("</tr></thead><tbody>\n");
    for (String db : names) {
      h.append("<tr><td><code>").append(esc(db)).append("</code></td>");
      for (Series s : series) {
        E2eReport.TallyRow t = s.run().byDatabase().get(db);
        int scored = t == null ? 0 : t.scored();
        if (scored == 0) {
          int skipped = t == null ? 0 : t.skipped();
          h.append("<td class=\"muted\">")
              .append(skipped > 0 ? skipped + " skipped" : "–")
              .append("</td>");
          continue;
        }
        double acc = t.accuracy();
        h.append("<td><span class=\"bar\"><i style=\"width:")
            .append(fmt(100 * acc, 1))
            .append("%;background:")
            .append(s.color())
            .append("\"></i></span> ")
            .append(pct(acc))
            .append(" <span class=\"muted\">")
            .append(t.correct())
            .append("/")
            .append(scored)
            .append("</span></td>");
      }
      h.append("</tr>\n");
    }
    h.append("</tbody></table></section>\n");
  }

  private static void failures(StringBuilder h, List<Series> series) {
    h.append("<section class=\"wide\"><h2>Failures</h2>");
    h.append(
        "<p class=\"caption\">Questions the pipeline got wrong, with both queries and how the"
            + " results differ (the first "
            + FAILURES_SHOWN
            + " per strategy; all are in the JSON).</p>\n");
    for (Series s : series) {
      List<E2eReport.Failure> failures = s.run().failures();
      if (failures.isEmpty()) {
        continue;
      }
      h.append("<h3><i class=\"dot\" style=\"background:")
          .append(s.color())
          .append("\"></i>")
          .append(esc(s.label()))
          .append(" — ")
          .append(failures.size())
          .append(" not correct</h3>\n");
      int shown = 0;
      for (E2eReport.Failure f : failures) {
        if (shown++ == FAILURES_SHOWN) {
          break;
        }
        h.append("<details><summary><b>#")
            .append(esc(text(f.id())))
            .append("</b> <code>")
            .append(esc(text(f.database())))
            .append("</code> ")
            .append(esc(text(f.difficulty())))
            .append(" · <span class=\"verdict\">")
            .append(esc(text(f.verdict())))
            .append("</span> · ")
            .append(esc(text(f.status()).replace('_', ' ')))
            .append(", confidence ")
            .append(pct0(f.confidence()))
            .append(" — ")
            .append(esc(text(f.question())))
            .append("</summary>\n<p>")
            .append(esc(f.diff().orElse(text(f.detail()))))
            .append("</p>\n<div class=\"sql\"><div><b>gold</b><pre>")
            .append(esc(text(f.goldSql())))
            .append("</pre></div><div><b>predicted</b><pre>")
            .append(esc(f.predictedSql() == null ? "(none)" : f.predictedSql()))
            .append("</pre></div></div>\n");
        if (!f.goldColumnsNotInPrompt().isEmpty()) {
          h.append("<p class=\"muted\">gold columns the prompt lacked: ")
              .append(esc(String.join(", ", f.goldColumnsNotInPrompt())))
              .append("</p>\n");
        }
        h.append("</details>\n");
      }
    }
    h.append("</section>\n");
  }

  private static void notes(StringBuilder h, List<E2eReport> documents) {
    Set<String> notes = new LinkedHashSet<>();
    for (E2eReport d : runs(documents)) {
      notes.addAll(d.notes());
    }
    if (notes.isEmpty()) {
      return;
    }
    h.append("<section class=\"wide\"><h2>Notes</h2><ul>");
    for (String n : notes) {
      h.append("<li>").append(esc(n)).append("</li>");
    }
    h.append("</ul></section>\n");
  }

  private static String embedded(List<E2eReport> documents) {
    // Inside <script>, "</" would end the element and "<!--" start a comment.
    return ReportJson.compact(documents).replace("</", "<\\/").replace("<!--", "<\\!--");
  }

  private static String empty() {
    return "<p class=\"muted\">No data.</p>\n";
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

  // A narrow bar has room for the number only.
  private static String barLabel(double v, double barWidth) {
    return barWidth >= 34 ? pct0(v) : String.format(Locale.ROOT, "%.0f", 100 * v);
  }

  private static String pct0(double v) {
    return String.format(Locale.ROOT, "%.0f%%", 100 * v);
  }

  private static String fmt(double v, int decimals) {
    return String.format(Locale.ROOT, "%,." + decimals + "f", v);
  }

  static String esc(String s) {
    StringBuilder out = new StringBuilder(s.length());
    for (char c : s.toCharArray()) {
      switch (c) {
        case '&' -> out.append("&amp;");
        case '<' -> out.append("&lt;");
        case '>' -> out.append("&gt;");
        case '"' -> out.append("&quot;");
        case '\'' -> out.append("&#39;");
        default -> out.append(c);
      }
    }
    return out.toString();
  }

  /** A small inline SVG builder. */
  private static final class Svg {
    private final StringBuilder s = new StringBuilder();

    Svg(int width, int height, String label) {
      s.append(
          String.format(
              Locale.ROOT,
              "<svg viewBox=\"0 0 %d %d\" width=\"%d\" height=\"%d\" role=\"img\" aria-label=\"%s\">",
              width,
              height,
              width,
              height,
              esc(label)));
    }

    void rect(double x, double y, double w, double h, String color, String title) {
      rectStyled(x, y, w, h, color, 1, title);
    }

    void rectStyled(
        double x, double y, double w, double h, String color, double opacity, String title) {
      s.append(
          String.format(
              Locale.ROOT,
              "<rect x=\"%.1f\" y=\"%.1f\" width=\"%.1f\" height=\"%.1f\" rx=\"2\" fill=\"%s\""
                  + " fill-opacity=\"%.2f\"><title>%s</title></rect>",
              x,
              y,
              Math.max(0, w),
              Math.max(0, h),
              color,
              opacity,
              esc(title)));
    }

    void line(double x1, double y1, double x2, double y2, String cls) {
      s.append(
          String.format(
              Locale.ROOT,
              "<line x1=\"%.1f\" y1=\"%.1f\" x2=\"%.1f\" y2=\"%.1f\" class=\"%s\"/>",
              x1,
              y1,
              x2,
              y2,
              cls));
    }

    void text(double x, double y, String text, String anchor, String cls) {
      s.append(
          String.format(
              Locale.ROOT,
              "<text x=\"%.1f\" y=\"%.1f\" text-anchor=\"%s\" class=\"%s\"%s>%s</text>",
              x,
              y,
              anchor,
              cls,
              cls.contains("rot")
                  ? String.format(Locale.ROOT, " transform=\"rotate(-90 %.1f %.1f)\"", x, y)
                  : "",
              esc(text)));
    }

    void raw(String markup) {
      s.append(markup);
    }

    String close() {
      return s.append("</svg>\n").toString();
    }
  }

  private static final String CSS =
      """
      :root { --ink:#1f2937; --muted:#6b7280; --line:#e5e7eb; --bg:#f8fafc; }
      * { box-sizing: border-box; }
      body { margin:0; background:var(--bg); color:var(--ink);
        font: 14px/1.45 system-ui, -apple-system, "Segoe UI", Roboto, sans-serif; }
      main { max-width: 1240px; margin: 0 auto; padding: 24px; }
      h1 { font-size: 24px; margin: 0 0 6px; }
      h2 { font-size: 16px; margin: 0 0 2px; }
      h3 { font-size: 14px; margin: 18px 0 6px; }
      .meta { color: var(--muted); margin: 2px 0 8px; }
      .badge { background:#fef3c7; color:#92400e; border-radius: 8px; padding: 1px 8px;
        font-weight: 600; }
      .cards { display:flex; flex-wrap:wrap; gap:14px; margin: 16px 0; }
      .card { background:#fff; border:1px solid var(--line); border-top:4px solid;
        border-radius:10px; padding:14px 16px; min-width:250px; flex:1; }
      .card .label { font-weight:600; }
      .card .big { font-size:38px; font-weight:700; letter-spacing:-1px; }
      .card .sub { color:var(--muted); margin-bottom:8px; }
      .card dl { display:grid; grid-template-columns: auto auto; gap:2px 12px; margin:0; }
      .card dt { color:var(--muted); } .card dd { margin:0; text-align:right;
        font-variant-numeric: tabular-nums; }
      .grid { display:grid; grid-template-columns: repeat(auto-fit, minmax(580px, 1fr)); gap:14px; }
      section.chart, section.wide { background:#fff; border:1px solid var(--line);
        border-radius:10px; padding:14px 16px; }
      section.wide { margin-top:14px; }
      .caption { color:var(--muted); margin:0 0 8px; font-size:13px; }
      svg { max-width:100%; height:auto; display:block; }
      svg text { fill: var(--ink); font-size: 12px; }
      svg text.small { fill: var(--muted); font-size: 11px; }
      svg text.val { font-size: 11px; font-weight: 600; }
      svg text.mono { font-family: ui-monospace, monospace; }
      svg line.grid { stroke: var(--line); }
      svg line.diag { stroke: #9ca3af; stroke-dasharray: 4 4; }
      .legend span { margin-right: 14px; color: var(--muted); }
      .legend i, i.dot { display:inline-block; width:10px; height:10px; border-radius:2px;
        margin-right:5px; }
      table { border-collapse: collapse; width: 100%; }
      th, td { text-align:left; padding: 5px 8px; border-bottom: 1px solid var(--line); }
      th { color: var(--muted); font-weight: 600; }
      .bar { display:inline-block; width:120px; height:9px; background:var(--line);
        border-radius:5px; overflow:hidden; vertical-align: middle; }
      .bar i { display:block; height:100%; }
      .muted { color: var(--muted); }
      details { border-top: 1px solid var(--line); padding: 6px 0; }
      summary { cursor: pointer; }
      .verdict { color: #b91c1c; font-weight: 600; }
      .sql { display:grid; grid-template-columns: 1fr 1fr; gap: 10px; }
      pre { background: #f3f4f6; padding: 8px; border-radius: 6px; white-space: pre-wrap;
        word-break: break-word; margin: 4px 0; font-size: 12px; }
      code { font-size: 12px; }
      """;
}
