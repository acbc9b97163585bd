package dev.parlance.web.pages;

import static org.assertj.core.api.Assertions.assertThat;

import dev.parlance.application.answer.AnswerQuestionUseCase.RecordedAnswer;
import dev.parlance.application.ask.Answer;
import dev.parlance.application.ask.CandidateReport;
import dev.parlance.application.ask.Reading;
import dev.parlance.application.ask.SchemaView;
import dev.parlance.application.ask.StrategyName;
import dev.parlance.application.explore.ResultWordsUseCase.ColumnWords;
import dev.parlance.application.explore.ResultWordsUseCase.ResultWords;
import dev.parlance.domain.governance.QueryResult;
import dev.parlance.domain.governance.ResultColumn;
import java.time.Instant;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;
import org.junit.jupiter.api.Test;

/**
 * A result says what it is (CONVENTIONS 23), rendered by the real templates: the first N of M rows
 * with the downloads and the chart holding all M, the policy's cap, the reader's access, an empty
 * result, no answer with the model's reason and what to ask instead, a failure marked in the user's
 * SQL, values in the reader's locale with the views' words and units.
 */
class HonestAnswerPageTest {

  private static final String SQL =
      "SELECT installation, count(*) AS open_orders FROM maintenance_order GROUP BY installation";

  private static Answer.Trace trace(List<CandidateReport> candidates) {
    return new Answer.Trace(
        "demo",
        "Open orders per installation?",
        StrategyName.DIRECT,
        candidates,
        List.of(),
        List.of(),
        List.of(),
        List.of(),
        10,
        5,
        SchemaView.unknown());
  }

  private static QueryResult rows(int n, boolean capped) {
    List<List<Object>> rows = new ArrayList<>();
    for (int i = 1; i <= n; i++) {
      rows.add(List.of("IBX-" + i, (long) i));
    }
    return new QueryResult(
        List.of(new ResultColumn("installation", "TEXT"), new ResultColumn("open_orders", "INT")),
        rows,
        capped,
        1,
        SQL,
        "WITH maintenance_order AS (SELECT … FROM TB_MO) " + SQL);
  }

  private static QueryResult firstRows(QueryResult all, int n) {
    return new QueryResult(
        all.columns(), all.rows().subList(0, n), true, 1, all.sqlAsked(), all.sqlRun());
  }

  private static String page(Answer answer, Presentation presentation) {
    RecordedAnswer recorded =
        new RecordedAnswer(7, Instant.parse("2026-01-01T10:00:00Z"), answer, 1, Optional.empty());
    Map<String, Object> model = new HashMap<>();
    model.put("title", "Ask");
    model.put("ctx", "");
    model.put("user", "analyst");
    model.put("csrf", "t");
    model.put("nav", List.of());
    model.put("sources", List.of(Map.of("name", "demo", "selected", true)));
    model.put("answer", AnswerView.of(recorded, presentation));
    return Templates.render("ask", model);
  }

  private static Presentation words(List<String> access) {
    return new Presentation(
        Locale.US,
        (columns, sqlRun) ->
            new ResultWords(
                columns.stream()
                    .map(
                        c ->
                            c.equals("open_orders")
                                ? new ColumnWords(c, "Open orders", "", false, true)
                                : c.equals("cost")
                                    ? new ColumnWords(c, "Total actual cost", "BRL", false, false)
                                    : new ColumnWords(c, "Installation", "", false, false))
                    .toList(),
                sqlRun.isEmpty() ? List.of() : access),
        () ->
            Map.of(
                "hasExamples",
                true,
                "examples",
                List.of(Map.of("question", "Open orders per region?", "href", "/portal/ask?q=x")),
                "hasViews",
                true,
                "views",
                List.of(Map.of("name", "maintenance order", "href", "/c", "last", true)),
                "catalog",
                "/portal/catalog?source=demo"));
  }

  private static String data(String html) {
    int start = html.indexOf("id=\"result-data\">") + "id=\"result-data\">".length();
    return html.substring(start, html.indexOf("</script>", start));
  }

  @Test
  void should_say_the_first_50_of_60_rows_and_carry_all_60_when_the_answer_keeps_its_first_rows() {
    QueryResult all = rows(60, false);
    Answer answer =
        Answer.answered(trace(List.of()), SQL, firstRows(all, 50), 1.0, List.of(), "")
            .withAllRows(all, List.of());

    String html = page(answer, words(List.of()));

    assertThat(html)
        .contains("id=\"row-count\">Showing the first 50 of 60 rows.</p>")
        .contains("The chart and the downloads hold all 60 rows.")
        .doesNotContain("id=\"cap-note\"")
        .doesNotContain("row cap");
    assertThat(html.split("<tr><td>IBX-").length - 1).isEqualTo(50);
    // The CSV and the chart draw from all 60 (a bar chart holds them).
    assertThat(data(html)).contains("[\"IBX-60\",60]").contains("\"chartRows\":60");
    assertThat(answer.totalRows()).isEqualTo(60);
  }

  @Test
  void should_name_the_policys_cap_only_when_the_cap_stopped_the_result() {
    QueryResult all = rows(1000, true);
    Answer answer =
        Answer.answered(trace(List.of()), SQL, firstRows(all, 50), 1.0, List.of(), "")
            .withAllRows(all, List.of());

    String html = page(answer, words(List.of()));

    assertThat(html)
        .contains("Showing the first 50 of 1000 rows.")
        .contains("id=\"cap-note\">Not every row is here: cut at 1,000 rows (the row cap).")
        // 1000 bars cannot be read: the chart says it shows the first ones.
        .contains("id=\"chart-note\">The chart shows the first 50 rows.");
    assertThat(answer.cappedByPolicy()).isTrue();
  }

  @Test
  void should_say_filtered_by_your_access_in_words_when_a_row_filter_bound_the_statement() {
    QueryResult all = rows(1, false);
    Answer answer =
        Answer.answered(trace(List.of()), SQL, all, 1.0, List.of(), "").withAllRows(all, List.of());

    String html =
        page(
            answer,
            words(
                List.of(
                    "Filtered by your access: you see only the rows of installation (TB_IN)"
                        + " where region code = your region (SE).")));

    assertThat(html)
        .contains("id=\"access-note\" role=\"note\"><p>Filtered by your access: you see only")
        .contains("region code &#61; your region (SE)");
  }

  @Test
  void should_show_words_and_the_sql_when_the_query_returns_no_rows() {
    QueryResult none = rows(0, false);
    Answer answer =
        Answer.answered(trace(List.of()), SQL, none, 1.0, List.of(), "")
            .withAllRows(none, List.of());

    String html = page(answer, words(List.of()));

    assertThat(html)
        .contains("id=\"no-rows\">No rows: the query ran, and nothing in the data matches it.")
        .contains("id=\"answer-sql\"")
        .doesNotContain("id=\"result\"");
  }

  @Test
  void should_show_the_models_reason_and_what_to_ask_instead_when_it_cannot_answer() {
    Answer answer =
        Answer.cannotAnswer(
            trace(List.of()),
            "cannot answer from this source; the model said: there is no weather data");

    String html = page(answer, words(List.of()));

    assertThat(html)
        .contains("the model said: there is no weather data")
        .contains("id=\"answer-help\"")
        .contains("<a href=\"/portal/ask?q&#61;x\">Open orders per region?</a>")
        .contains("<a href=\"/c\">maintenance order</a>");
  }

  @Test
  void should_mark_the_place_in_the_users_sql_where_the_database_stopped_when_it_failed() {
    String failing = "SELECT nope\nFROM installation";
    Answer answer =
        Answer.noAnswer(
            trace(
                List.of(
                    new CandidateReport(
                        failing,
                        "sample 1",
                        "failed: no such column: nope (at character 8 of your SQL)"))),
            List.of(),
            "the database said: no such column: nope (at character 8 of your SQL)");

    String html = page(answer, words(List.of()));

    assertThat(html)
        .contains("<code id=\"failed-sql\">SELECT <mark id=\"failed-at\">nope</mark>&#10;FROM")
        .contains("The database stopped at line 1, character 8 of this SQL");
  }

  @Test
  void should_format_numbers_for_the_reader_with_the_views_words_and_units() {
    QueryResult all =
        new QueryResult(
            List.of(new ResultColumn("installation", "TEXT"), new ResultColumn("cost", "REAL")),
            List.<List<Object>>of(List.of("IBX-1", 2.02139426E8)),
            false,
            1,
            SQL,
            SQL);
    Answer answer =
        Answer.answered(trace(List.of()), SQL, all, 1.0, List.of(), "").withAllRows(all, List.of());

    String html = page(answer, words(List.of()));

    assertThat(html)
        .contains("class=\"sort\">Total actual cost (BRL)</button>")
        .contains("<td class=\"num\">202,139,426.00</td>")
        .doesNotContain("E8");
    // The CSV keeps the value, without an exponent.
    assertThat(data(html)).contains("[\"IBX-1\",202139426]").contains("\"cost\"");
    assertThat(
            ValueText.of(
                1234567L,
                new ColumnWords("order_number", "Order number", "", true, false),
                Locale.US))
        .isEqualTo("1234567");
    assertThat(ValueText.of(1234567.891, null, Locale.GERMANY)).isEqualTo("1.234.567,89");
  }

  @Test
  void should_ask_back_in_words_when_the_readings_tie() {
    QueryResult one = rows(1, false);
    List<Reading> readings =
        List.of(
            new Reading(
                "SELECT count(*) FROM TB_IN",
                2,
                0.4,
                1,
                List.of(List.of(120L)),
                List.of("installations"),
                "Counts the installations."),
            new Reading(
                "SELECT count(*) FROM TB_SY",
                2,
                0.4,
                1,
                List.of(List.of(900L)),
                List.of("systems"),
                "Counts the systems."));
    Answer answer =
        Answer.unsure(trace(List.of()), SQL, one, 0.4, readings, "").withAllRows(one, List.of());

    String html = page(answer, words(List.of()));

    assertThat(html)
        .contains("I am not sure what you mean.")
        .contains("<li>Counts the installations. (1 row)</li>")
        .contains("<li>Counts the systems. (1 row)</li>")
        .contains("<summary>Counts the systems. <span class=\"meta\">(reading 2")
        .contains("<th scope=\"col\">Installation</th>")
        .doesNotContain("column 1");
  }

  @Test
  void
      should_show_a_conversations_thread_with_each_follow_up_understood_as_a_question_of_its_own() {
    QueryResult one = rows(1, false);
    Answer answer =
        Answer.answered(trace(List.of()), SQL, one, 1.0, List.of(), "")
            .withAllRows(one, List.of())
            .withStandaloneQuestion("How many emergency orders are open?");
    RecordedAnswer recorded =
        new RecordedAnswer(8, Instant.parse("2026-01-01T10:05:00Z"), answer, 1, Optional.empty());
    Map<String, Object> view = AnswerView.of(recorded, words(List.of()));
    view.put("then", "conversation");
    Map<String, Object> model = new HashMap<>();
    model.put("title", "Conversation 7");
    model.put("ctx", "");
    model.put("user", "analyst");
    model.put("csrf", "t");
    model.put("nav", List.of());
    model.put("conversationSource", "demo");
    model.put(
        "turns",
        List.of(
            Map.of(
                "id",
                7,
                "question",
                "How many orders are open?",
                "status",
                "answered",
                "rows",
                "1 row",
                "askedAt",
                "2026-01-01T10:00:00Z",
                "href",
                "/portal/answers/7",
                "current",
                false),
            Map.of(
                "id",
                8,
                "question",
                "only the emergency ones",
                "standalone",
                "How many emergency orders are open?",
                "status",
                "answered",
                "rows",
                "1 row",
                "askedAt",
                "2026-01-01T10:05:00Z",
                "href",
                "/portal/answers/8",
                "current",
                true)));
    model.put("answer", view);

    String html = Templates.render("conversation", model);

    assertThat(html)
        .contains("<li id=\"turn-8\" class=\"current\" aria-current=\"step\">")
        .contains("<strong>only the emergency ones</strong>")
        .contains("Understood as: “How many emergency orders are open?”")
        .contains("id=\"understood-as\">Understood as: “How many emergency orders are open?”")
        .contains("data-then=\"/portal/conversations/\"")
        .contains("<time datetime=\"2026-01-01T10:05:00Z\">");
  }
}
