package dev.parlance.web.pages;

import static org.assertj.core.api.Assertions.assertThat;

import dev.parlance.application.answer.AnswerQuestionUseCase.RecordedAnswer;
import dev.parlance.application.ask.Answer;
import dev.parlance.application.ask.Reading;
import dev.parlance.application.ask.SchemaView;
import dev.parlance.application.ask.StageReport;
import dev.parlance.application.ask.StrategyName;
import dev.parlance.domain.completion.Cost;
import dev.parlance.domain.completion.TokenUsage;
import dev.parlance.domain.governance.QueryResult;
import dev.parlance.domain.governance.ResultColumn;
import java.math.BigDecimal;
import java.time.Instant;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

/** The ask page's answer, rendered by the real templates from a real answer record. */
class AnswerPageTest {

  private static final String SQL = "SELECT region, count(*) FROM installation GROUP BY region";

  static RecordedAnswer answer(Answer.Status status, List<List<Object>> rows) {
    Answer.Trace trace =
        new Answer.Trace(
            "demo",
            "How many <b>installations</b> per region?",
            StrategyName.DIRECT,
            List.of(),
            List.of("installation.region"),
            List.of(),
            List.of(
                new StageReport(
                    "generation",
                    1,
                    new TokenUsage(1200, 60),
                    Cost.of(new BigDecimal("0.0002")),
                    900,
                    12,
                    false)),
            List.of(),
            950,
            900,
            SchemaView.unknown());
    QueryResult result =
        new QueryResult(
            List.of(new ResultColumn("region", "TEXT"), new ResultColumn("n", "INTEGER")),
            rows,
            false,
            3,
            SQL,
            SQL);
    List<Reading> readings =
        List.of(
            new Reading(SQL, 2, 0.5, rows.size(), rows),
            new Reading("SELECT 1", 2, 0.5, 1, List.of(List.of(1))));
    Answer answer =
        status == Answer.Status.UNSURE
            ? Answer.unsure(trace, SQL, result, 0.5, readings, "Counts installations.")
            : Answer.answered(trace, SQL, result, 1.0, List.of(), "Counts installations.");
    return new RecordedAnswer(
        42, Instant.parse("2025-01-01T10:00:00Z"), answer, 951, java.util.Optional.empty());
  }

  private static String page(RecordedAnswer recorded) {
    return page(AnswerView.of(recorded), recorded.answer().question());
  }

  private static String page(Map<String, Object> answer, String question) {
    Map<String, Object> model = new HashMap<>();
    model.put("title", "Ask");
    model.put("ctx", "");
    model.put("user", "analyst");
    model.put("csrf", "token-123");
    model.put("nav", List.of());
    model.put("question", question);
    model.put("sources", List.of(Map.of("name", "demo", "selected", true)));
    model.put("answer", answer);
    return Templates.render("ask", model);
  }

  @Test
  void should_render_rows_sql_stages_and_feedback_when_the_answer_has_rows() {
    String html =
        page(answer(Answer.Status.ANSWERED, List.of(List.of("SE", 12), List.of("NE", 9))));

    assertThat(html)
        .contains("<td>SE</td><td class=\"num\">12</td>")
        .contains("id=\"answer-status\">answered<")
        .contains("id=\"confidence\">100%<")
        .contains("SELECT region, count(*)")
        .contains("<td>generation</td>")
        .contains("name=\"answer\" value=\"42\"")
        .contains("name=\"_csrf\" value=\"token-123\"")
        .contains("<option value=\"bar\" selected>Bar chart</option>")
        .doesNotContain("id=\"readings\"");
  }

  @Test
  void should_let_the_browser_send_the_sites_origin_when_a_page_posts_a_form() {
    // Under the site-wide "no-referrer", Chromium sends "Origin: null" on a form post, which the
    // CSRF filter refuses; "same-origin" still sends no referrer off the site.
    assertThat(page(answer(Answer.Status.ANSWERED, List.of(List.of("SE", 12)))))
        .contains("<meta name=\"referrer\" content=\"same-origin\">");
  }

  @Test
  void should_escape_what_the_user_typed_when_it_holds_markup() {
    String html =
        page(answer(Answer.Status.ANSWERED, List.of(List.of("</script><script>alert(1)", 1))));

    assertThat(html)
        .doesNotContain("<b>installations</b>")
        .contains("&lt;b&gt;installations&lt;/b&gt;");
    // The data block for the chart cannot be closed by a value.
    String block =
        html.substring(
            html.indexOf("id=\"result-data\">"),
            html.indexOf("</script>", html.indexOf("id=\"result-data\">")));
    assertThat(block).contains("\\u003c/script\\u003e").doesNotContain("<script>alert");
  }

  @Test
  void should_show_the_competing_readings_with_their_rows_when_the_answer_is_unsure() {
    String html = page(answer(Answer.Status.UNSURE, List.of(List.of("SE", 12))));

    assertThat(html)
        .contains("Competing readings: choose one")
        .contains("id=\"reading-1\"")
        .contains("id=\"reading-2\"")
        .contains("(reading 2: 2 of the candidates, 50%, 1 row)")
        // A tie asks back in words: which did you mean?
        .contains("I am not sure what you mean.")
        .contains("<li>Reading 2 (1 row)</li>");
  }

  @Test
  void should_offer_a_follow_up_carrying_the_answer_and_say_what_a_follow_up_follows() {
    RecordedAnswer first = answer(Answer.Status.ANSWERED, List.of(List.of("NO", 3)));
    RecordedAnswer followUp =
        new RecordedAnswer(
            43,
            first.askedAt(),
            first.answer(),
            10,
            java.util.Optional.of(
                new dev.parlance.application.answer.AnswerQuestionUseCase.FollowedUp(
                    42, "How many <b>installations</b> per region?")));

    assertThat(page(first))
        .contains("id=\"follow-up\"")
        .contains("<input type=\"hidden\" name=\"follow_up\" value=\"42\">")
        .contains("<input type=\"hidden\" name=\"source\" value=\"demo\">")
        .contains("Ask a follow-up")
        .doesNotContain("id=\"follows-up\"");
    assertThat(page(followUp))
        .contains("<input type=\"hidden\" name=\"follow_up\" value=\"43\">")
        .contains(
            "id=\"follows-up\">A follow-up of answer 42: “How many &lt;b&gt;installations&lt;/b&gt;"
                + " per region?”");
  }

  @Test
  void should_offer_each_reading_of_an_unsure_answer_to_be_chosen() {
    String html = page(answer(Answer.Status.UNSURE, List.of(List.of("NO", 3))));

    assertThat(html)
        .contains("action=\"/portal/reading\"")
        .contains("<input type=\"hidden\" name=\"answer\" value=\"42\">")
        .contains("<input type=\"hidden\" name=\"reading\" value=\"2\">")
        .contains("id=\"use-reading-1\"")
        .contains("id=\"use-reading-2\">Use this reading</button>");
  }

  @Test
  void should_show_a_chosen_readings_sql_and_rows_as_the_answer() {
    dev.parlance.domain.answer.AnswerRecord record =
        new dev.parlance.domain.answer.AnswerRecord(
            42,
            Instant.parse("2025-01-01T10:00:00Z"),
            "analyst",
            "demo",
            "How many installations per region?",
            "unsure",
            java.util.Optional.of(SQL),
            0.5,
            1,
            10,
            1,
            BigDecimal.ZERO,
            true,
            5,
            java.util.Optional.empty(),
            java.util.OptionalLong.empty(),
            List.of(SQL, "SELECT 1 AS one"));
    QueryResult one =
        new QueryResult(
            List.of(new ResultColumn("one", "INTEGER")),
            List.of(List.of(1)),
            false,
            1,
            "SELECT 1 AS one",
            "SELECT 1 AS one");

    String html =
        page(
            AnswerView.chosen(
                new dev.parlance.application.answer.ChooseReadingUseCase.ChosenReading(
                    record,
                    2,
                    "SELECT 1 AS one",
                    new dev.parlance.domain.governance.QueryOutcome.Ran(one),
                    java.util.Optional.of(
                        new dev.parlance.domain.curation.Suggestion(
                            17,
                            "demo",
                            dev.parlance.domain.curation.SuggestionKind.VERIFIED,
                            "answer-42",
                            "marked right",
                            dev.parlance.domain.curation.Curation.empty("demo"),
                            dev.parlance.domain.curation.SuggestionStatus.PENDING,
                            "",
                            Instant.parse("2025-01-01T10:01:00Z"))))),
            record.question());

    assertThat(html)
        .contains("id=\"chosen-reading\">You chose reading 2 of answer 42")
        .contains("recorded as your verdict: the stewards have it as suggestion 17.")
        .contains("<code id=\"answer-sql\" class=\"sql\">SELECT 1 AS one</code>")
        .contains("<th scope=\"col\"><button type=\"button\" class=\"sort\">one</button></th>")
        .contains("chosen reading")
        .doesNotContain("id=\"feedback\"")
        .doesNotContain("id=\"follow-up\"");
  }
}
