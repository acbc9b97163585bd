package dev.parlance.web.pages;

import dev.parlance.application.answer.AnswerQuestionUseCase.RecordedAnswer;
import dev.parlance.application.answer.ChooseReadingUseCase;
import dev.parlance.application.ask.Answer;
import dev.parlance.application.ask.CandidateReport;
import dev.parlance.application.ask.Reading;
import dev.parlance.application.ask.StageReport;
import dev.parlance.application.explore.ResultWordsUseCase.ColumnWords;
import dev.parlance.application.explore.ResultWordsUseCase.ResultWords;
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
import java.util.Optional;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * An answer as the ask page shows it: a model of plain maps and lists for the template. A result
 * says what it is (CONVENTIONS 23): how many of how many rows it shows, that the policy's row cap
 * stopped it, that the reader's access filtered it, or that it is empty; values are formatted for
 * the reader and headers are in the views' words.
 */
final class AnswerView {

  /** Rows the page carries for the chart and the CSV download, at most. */
  static final int CARRIED_ROWS = 10_000;

  /** A bar chart's most categories: more bars than this cannot be read. */
  static final int BAR_ROWS = 100;

  /** A line's or a scatter plot's most points. */
  static final int POINT_ROWS = 5_000;

  private static final Pattern FAILED_AT = Pattern.compile("\\(at character (\\d+) of your SQL\\)");

  private AnswerView() {}

  static Map<String, Object> of(RecordedAnswer recorded) {
    return of(recorded, Presentation.plain(Locale.US));
  }

  static Map<String, Object> of(RecordedAnswer recorded, Presentation presentation) {
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
    answer.standaloneQuestion().ifPresent(q -> view.put("standalone", q));
    if (!answer.explanation().isBlank()) {
      view.put("explanation", answer.explanation());
    }
    answer
        .result()
        .ifPresent(
            shown -> view.putAll(result(shown, answer.allRows().orElse(shown), presentation)));
    if (answer.status() == Answer.Status.NO_ANSWER
        || answer.status() == Answer.Status.CANNOT_ANSWER) {
      view.put("noAnswer", true);
      Map<String, Object> help = presentation.help().get();
      if (!help.isEmpty()) {
        view.put("help", help);
      }
      failedSql(answer.candidates()).ifPresent(failed -> view.put("failed", failed));
    }
    List<Map<String, Object>> readings = readings(recorded.id(), answer, presentation);
    view.put("readings", readings);
    view.put("hasReadings", !readings.isEmpty());
    if (answer.status() == Answer.Status.UNSURE && !readings.isEmpty()) {
      view.put("clarify", true);
    }
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
    view.put("hasStages", !stages.isEmpty());
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
    view.put("hasUsage", true);
    recorded
        .follows()
        .ifPresent(f -> view.put("follows", Map.of("id", f.answer(), "question", f.question())));
    view.put("mayFollowUp", true);
    return view;
  }

  /**
   * The readings beside the answer, each in words (its explanation) with its first rows; for an
   * unsure answer they are the question back to the reader: which did you mean?
   */
  private static List<Map<String, Object>> readings(
      long answerId, Answer answer, Presentation presentation) {
    List<Map<String, Object>> readings = new ArrayList<>();
    int n = 0;
    for (Reading reading : answer.alternatives()) {
      Map<String, Object> r = new HashMap<>();
      r.put("number", ++n);
      r.put("sql", reading.sql());
      r.put("votes", reading.votes());
      r.put("share", Math.round(reading.share() * 100));
      r.put("rowCount", reading.rowCount());
      r.put("rowWords", rows(reading.rowCount()));
      r.put(
          "explanation", reading.explanation().isBlank() ? "Reading " + n : reading.explanation());
      List<String> names =
          reading.columns().isEmpty() ? header(reading.preview()) : reading.columns();
      ResultWords words = presentation.words().apply(names, "");
      r.put("header", words.columns().stream().map(ColumnWords::header).toList());
      r.put("rows", cells(reading.preview(), words.columns(), presentation.locale()));
      r.put("answer", answerId);
      readings.add(r);
    }
    return readings;
  }

  /**
   * A reading the user chose instead of the answer: its SQL and the rows it gives now, as the
   * answer; the rest of the answer (stages, feedback, follow-up) belongs to the first answer.
   */
  static Map<String, Object> chosen(ChooseReadingUseCase.ChosenReading chosen) {
    return chosen(chosen, Presentation.plain(Locale.US));
  }

  static Map<String, Object> chosen(
      ChooseReadingUseCase.ChosenReading chosen, Presentation presentation) {
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
      case QueryOutcome.Ran ran -> view.putAll(result(ran.result(), ran.result(), presentation));
      case QueryOutcome.Refused refused ->
          view.put("problem", "this reading was refused: " + refused.refusal().reason());
      case QueryOutcome.Failed failed ->
          view.put("problem", "this reading failed: " + failed.message());
    }
    return view;
  }

  static Map<String, Object> result(QueryResult result) {
    return result(result, result, Presentation.plain(Locale.US));
  }

  /**
   * The result's part of the page.
   *
   * @param shown the rows the table shows (the answer's first rows)
   * @param all every row the statement returned under the policy: the chart and the CSV draw from
   *     them, the counts say them
   */
  static Map<String, Object> result(QueryResult shown, QueryResult all, Presentation presentation) {
    Map<String, Object> view = new HashMap<>();
    List<String> columns = all.columns().stream().map(ResultColumn::name).toList();
    ResultWords words = presentation.words().apply(columns, all.sqlRun());
    List<String> headers = words.columns().stream().map(ColumnWords::header).toList();
    int total = all.rowCount();
    int showing = Math.min(shown.rowCount(), total);
    view.put("columns", headers);
    view.put(
        "rows", cells(shown.rows().subList(0, showing), words.columns(), presentation.locale()));
    view.put("rowCount", total);
    view.put("shownRows", showing);
    view.put("truncated", all.truncated());
    view.put("hasRows", total > 0);
    view.put("noRows", total == 0);
    view.put(
        "rowSummary",
        showing < total
            ? "Showing the first " + showing + " of " + total + " rows."
            : rows(total) + ".");
    if (showing < total) {
      view.put("downloadNote", "The chart and the downloads hold all " + total + " rows.");
    }
    // What the engine's limits did to the whole result (the policy's row cap, the memory budget,
    // long values, many columns): the page's own cut above is not one of them.
    if (!all.cuts().isEmpty()) {
      view.put(
          "capNote",
          all.truncated()
              ? "Not every row is here: "
                  + all.cutExplanation()
                  + ". A narrower question (a filter, a grouping) gets all of its rows."
              : "Not every value is whole: " + all.cutExplanation() + ".");
    }
    if (!words.access().isEmpty()) {
      view.put("access", words.access());
      view.put("hasAccess", true);
    }
    List<List<Object>> carried = all.rows().subList(0, Math.min(total, CARRIED_ROWS));
    List<ChartShape> kinds = ChartShape.fitting(columns.size(), carried);
    ChartShape kind = kinds.get(0);
    int chartRows =
        switch (kind) {
          case BAR -> total <= BAR_ROWS ? carried.size() : Math.min(showing, BAR_ROWS);
          case LINE, SCATTER -> Math.min(carried.size(), POINT_ROWS);
          default -> carried.size();
        };
    List<Map<String, Object>> charts = new ArrayList<>();
    for (ChartShape k : kinds) {
      charts.add(Map.of("id", k.id(), "label", label(k), "selected", kind == k));
    }
    view.put("charts", charts);
    view.put("chartable", kind != ChartShape.NONE);
    if (kind != ChartShape.NONE && chartRows < total) {
      view.put("chartNote", "The chart shows the first " + chartRows + " rows.");
    }
    Map<String, Object> data = new LinkedHashMap<>();
    data.put("columns", columns);
    data.put("labels", headers);
    data.put("rows", carried.stream().map(AnswerView::plainRow).toList());
    data.put("chart", kind.id());
    data.put("chartRows", chartRows);
    data.put(
        "wholeNumbers", words.columns().stream().map(w -> w.count() || w.identifier()).toList());
    view.put("data", Json.of(data));
    return view;
  }

  private static String rows(int n) {
    return n == 1 ? "1 row" : n + " rows";
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
      out.add(
          v == null || v instanceof Boolean
              ? v
              : v instanceof Number n ? plainNumber(n) : v.toString());
    }
    return out;
  }

  // A number as JSON writes it without an exponent the CSV would keep (2.02139426E8).
  private static Object plainNumber(Number n) {
    if (n instanceof Double || n instanceof Float) {
      double d = n.doubleValue();
      if (Double.isFinite(d) && d == Math.rint(d) && Math.abs(d) < 1e15) {
        return (long) d;
      }
      return Double.isFinite(d) ? new java.math.BigDecimal(Double.toString(d)) : n;
    }
    return n;
  }

  /** Rows as lists of cells for the template ({@code {{#cells}}{{.}}{{/cells}}}). */
  static List<Map<String, Object>> cells(List<List<Object>> rows) {
    return cells(rows, List.of(), Locale.US);
  }

  static List<Map<String, Object>> cells(
      List<List<Object>> rows, List<ColumnWords> words, Locale locale) {
    List<Map<String, Object>> out = new ArrayList<>(rows.size());
    for (List<Object> row : rows) {
      List<Map<String, Object>> cells = new ArrayList<>(row.size());
      for (int c = 0; c < row.size(); c++) {
        Object v = row.get(c);
        ColumnWords w = c < words.size() ? words.get(c) : null;
        Map<String, Object> cell = new HashMap<>();
        cell.put("text", ValueText.of(v, w, locale));
        cell.put("number", v instanceof Number);
        cell.put("null", v == null);
        cells.add(cell);
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

  /**
   * The first candidate that failed in the database: its SQL (the user's, as the model wrote it)
   * with the place the database stopped marked, and the database's words.
   */
  static Optional<Map<String, Object>> failedSql(List<CandidateReport> candidates) {
    for (CandidateReport c : candidates) {
      if (c.sql().isBlank() || !c.outcome().startsWith("failed: ")) {
        continue;
      }
      String message = c.outcome().substring("failed: ".length());
      Map<String, Object> failed = new HashMap<>();
      failed.put("message", message);
      String sql = c.sql();
      Matcher at = FAILED_AT.matcher(message);
      int position = at.find() ? Integer.parseInt(at.group(1)) : 0;
      if (position >= 1 && position <= sql.length()) {
        int start = position - 1;
        Matcher word = Pattern.compile("\\w+|\\S").matcher(sql);
        int end = word.find(start) && word.start() == start ? word.end() : start + 1;
        failed.put("before", sql.substring(0, start));
        failed.put("at", sql.substring(start, end));
        failed.put("after", sql.substring(end));
        int line = 1;
        int column = 1;
        for (int i = 0; i < start; i++) {
          if (sql.charAt(i) == '\n') {
            line++;
            column = 1;
          } else {
            column++;
          }
        }
        failed.put("where", "line " + line + ", character " + column);
      } else {
        failed.put("before", sql);
      }
      return Optional.of(failed);
    }
    return Optional.empty();
  }
}
