package dev.parlance.web.pages;

import dev.parlance.application.answer.AnswerQuestionUseCase.RecordedAnswer;
import dev.parlance.application.answer.ChooseReadingUseCase;
import dev.parlance.application.ask.Answer;
import dev.parlance.application.ask.Reading;
import dev.parlance.application.ask.StageReport;
import dev.parlance.domain.answer.AnswerRecord;
import dev.parlance.domain.governance.QueryOutcome;
import dev.parlance.domain.governance.QueryResult;
import dev.parlance.domain.governance.ResultColumn;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;

/** An answer as the ask page shows it: a model of plain maps and lists for the template. */
final class AnswerView {

  private AnswerView() {}

  static Map<String, Object> of(RecordedAnswer recorded) {
    Answer answer = recorded.answer();
    Map<String, Object> view = new HashMap<>();
    view.put("id", recorded.id());
    view.put("question", answer.question());
    view.put("source", answer.source());
    view.put("status", answer.status().name().toLowerCase(Locale.ROOT).replace('_', ' '));
    view.put("unsure", answer.status() == Answer.Status.UNSURE);
    view.put("answered", answer.status() == Answer.Status.ANSWERED);
    view.put("confidence", Math.round(answer.confidence() * 100));
    answer.sql().ifPresent(sql -> view.put("sql", sql));
    answer.problem().ifPresent(problem -> view.put("problem", problem));
    if (!answer.explanation().isBlank()) {
      view.put("explanation", answer.explanation());
    }
    answer.result().ifPresent(result -> view.putAll(result(result)));
    List<Map<String, Object>> readings = new ArrayList<>();
    int n = 0;
    for (Reading reading : answer.alternatives()) {
      Map<String, Object> r = new HashMap<>();
      r.put("number", ++n);
      r.put("sql", reading.sql());
      r.put("votes", reading.votes());
      r.put("share", Math.round(reading.share() * 100));
      r.put("rowCount", reading.rowCount());
      r.put("rows", cells(reading.preview()));
      r.put("header", header(reading.preview()));
      r.put("answer", recorded.id());
      readings.add(r);
    }
    view.put("readings", readings);
    view.put("hasReadings", !readings.isEmpty());
    List<Map<String, Object>> stages = new ArrayList<>();
    for (StageReport stage : answer.stages()) {
      Map<String, Object> s = new HashMap<>();
      s.put("name", stage.name());
      s.put("calls", stage.calls());
      s.put("millis", stage.llmMillis() + stage.otherMillis());
      s.put("tokens", stage.usage().promptTokens() + stage.usage().completionTokens());
      stages.add(s);
    }
    view.put("stages", stages);
    view.put("used", answer.schemaElements());
    view.put(
        "values",
        answer.values().stream()
            .map(v -> v.value().table() + "." + v.value().column() + " = " + v.value().value())
            .distinct()
            .toList());
    view.put("hasUsed", !answer.schemaElements().isEmpty());
    view.put("hasValues", !answer.values().isEmpty());
    view.put("notes", answer.notes());
    view.put("promptTokens", answer.usage().promptTokens());
    view.put("completionTokens", answer.usage().completionTokens());
    view.put("cost", answer.cost().display());
    view.put("wallMillis", answer.wallMillis());
    view.put("llmMillis", answer.llmMillis());
    view.put("otherMillis", answer.otherMillis());
    view.put("useCaseMillis", recorded.useCaseMillis());
    recorded
        .follows()
        .ifPresent(f -> view.put("follows", Map.of("id", f.answer(), "question", f.question())));
    view.put("mayFollowUp", true);
    return view;
  }

  /**
   * A reading the user chose instead of the answer: its SQL and the rows it gives now, as the
   * answer; the rest of the answer (stages, feedback, follow-up) belongs to the first answer.
   */
  static Map<String, Object> chosen(ChooseReadingUseCase.ChosenReading chosen) {
    AnswerRecord record = chosen.answer();
    Map<String, Object> view = new HashMap<>();
    view.put("id", record.id());
    view.put("question", record.question());
    view.put("source", record.source());
    view.put("status", "chosen reading");
    view.put("confidence", Math.round(record.confidence() * 100));
    view.put("chosenReading", chosen.reading());
    view.put("isChosen", true);
    chosen.proposed().ifPresent(s -> view.put("proposedSuggestion", s.id()));
    view.put("sql", chosen.sql());
    switch (chosen.outcome()) {
      case QueryOutcome.Ran ran -> view.putAll(result(ran.result()));
      case QueryOutcome.Refused refused ->
          view.put("problem", "this reading was refused: " + refused.refusal().reason());
      case QueryOutcome.Failed failed ->
          view.put("problem", "this reading failed: " + failed.message());
    }
    return view;
  }

  static Map<String, Object> result(QueryResult result) {
    Map<String, Object> view = new HashMap<>();
    List<String> columns = result.columns().stream().map(ResultColumn::name).toList();
    view.put("columns", columns);
    view.put("rows", cells(result.rows()));
    view.put("rowCount", result.rows().size());
    view.put("truncated", result.truncated());
    // Why the result is not whole (the row cap, the memory budget, long values, many columns).
    view.put("cut", result.cuts().isEmpty() ? null : result.cutExplanation());
    view.put("hasRows", !result.rows().isEmpty());
    List<ChartShape> kinds = ChartShape.fitting(columns.size(), result.rows());
    List<Map<String, Object>> charts = new ArrayList<>();
    for (ChartShape kind : kinds) {
      charts.add(Map.of("id", kind.id(), "label", label(kind), "selected", kinds.get(0) == kind));
    }
    view.put("charts", charts);
    view.put("chartable", kinds.get(0) != ChartShape.NONE);
    Map<String, Object> data = new LinkedHashMap<>();
    data.put("columns", columns);
    data.put("rows", result.rows().stream().map(AnswerView::plainRow).toList());
    data.put("chart", kinds.get(0).id());
    view.put("data", Json.of(data));
    return view;
  }

  private static String label(ChartShape kind) {
    return switch (kind) {
      case NUMBER -> "Big number";
      case BAR -> "Bar chart";
      case LINE -> "Line chart";
      case SCATTER -> "Scatter plot";
      case NONE -> "No chart";
    };
  }

  private static List<Object> plainRow(List<Object> row) {
    List<Object> out = new ArrayList<>(row.size());
    for (Object v : row) {
      out.add(v == null || v instanceof Number || v instanceof Boolean ? v : v.toString());
    }
    return out;
  }

  /** Rows as lists of cells for the template ({@code {{#cells}}{{.}}{{/cells}}}). */
  static List<Map<String, Object>> cells(List<List<Object>> rows) {
    List<Map<String, Object>> out = new ArrayList<>(rows.size());
    for (List<Object> row : rows) {
      List<Map<String, Object>> cells = new ArrayList<>(row.size());
      for (Object v : row) {
        cells.add(
            Map.of(
                "text",
                v == null ? "" : v.toString(),
                "number",
                v instanceof Number,
                "null",
                v == null));
      }
      out.add(Map.of("cells", cells));
    }
    return out;
  }

  private static List<String> header(List<List<Object>> preview) {
    int width = preview.isEmpty() ? 0 : preview.get(0).size();
    List<String> header = new ArrayList<>();
    for (int i = 1; i <= width; i++) {
      header.add("column " + i);
    }
    return header;
  }
}
