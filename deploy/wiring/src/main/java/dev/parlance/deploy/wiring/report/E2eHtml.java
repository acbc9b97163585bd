package dev.parlance.deploy.wiring.report;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.github.mustachejava.DefaultMustacheFactory;
import com.github.mustachejava.Mustache;
import dev.parlance.application.evaluation.report.E2eReport;
import java.io.IOException;
import java.io.InputStream;
import java.io.StringWriter;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Properties;
import java.util.Set;

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

  private static final String TEMPLATES = "dev/parlance/deploy/wiring/report";
  private static final Mustache PAGE =
      new DefaultMustacheFactory(TEMPLATES).compile("e2e-report.mustache");
  private static final ObjectMapper JSON = new ObjectMapper();

  private E2eHtml() {}

  public static void write(Path file, List<E2eReport> documents, Optional<String> title)
      throws IOException {
    Path parent = file.toAbsolutePath().getParent();
    if (parent != null) {
      Files.createDirectories(parent);
    }
    Files.writeString(file, render(documents, title), StandardCharsets.UTF_8);
  }

  static String render(List<E2eReport> documents, Optional<String> title) {
    List<E2eSeries> series = E2eSeries.of(documents);
    Map<String, Object> page = new HashMap<>();
    page.put("heading", title.orElse("Parlance · end-to-end evaluation"));
    Map<E2eReport, String> named = E2eSeries.runLabels(documents);
    page.put(
        "runs",
        E2eSeries.runs(documents).stream().map(d -> E2eTables.header(d, named.get(d))).toList());
    page.put("cards", series.stream().map(E2eTables::card).toList());
    List<Map<String, Object>> comparisons = new ArrayList<>();
    for (E2eReport d : documents) {
      d.comparison().ifPresent(c -> comparisons.add(E2eTables.sideBySide(c)));
    }
    page.put("comparisons", comparisons);
    List<E2eChart> charts =
        List.of(
            E2eAccuracyCharts.byDifficulty(series),
            E2eAccuracyCharts.byStrategy(series),
            E2eStageCharts.stacked(
                "tokens",
                "Tokens per question, by stage",
                "Mean prompt (solid) and completion (light) tokens a question spent in each stage.",
                series,
                E2eReport.Stage::promptTokens,
                E2eReport.Stage::completionTokens,
                "tokens",
                "prompt",
                "completion"),
            E2eStageCharts.stacked(
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
            E2eCalibrationChart.calibration(series),
            E2eAccuracyCharts.byStatus(series));
    page.put("charts", charts.stream().map(E2eChart::section).toList());
    page.put("chartData", script(json(charts.stream().map(E2eChart::data).toList())));
    E2eTables.databases(series).ifPresent(table -> page.put("databases", table));
    page.put("failuresShown", E2eTables.FAILURES_SHOWN);
    page.put("failures", E2eTables.failures(series));
    Set<String> notes = new LinkedHashSet<>();
    for (E2eReport d : E2eSeries.runs(documents)) {
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
}
