package dev.parlance.web.pages;

import static org.assertj.core.api.Assertions.assertThat;

import dev.parlance.application.answer.AnswerQuestionUseCase.RecordedAnswer;
import dev.parlance.application.ask.Answer;
import dev.parlance.application.ask.SchemaView;
import dev.parlance.application.ask.StrategyName;
import dev.parlance.application.explore.BrowseCatalogUseCase.Entry;
import dev.parlance.application.explore.BrowseCatalogUseCase.EntryColumn;
import dev.parlance.application.explore.BrowseCatalogUseCase.SourceCatalog;
import dev.parlance.domain.curation.ValueLabel;
import dev.parlance.domain.governance.QueryResult;
import dev.parlance.domain.governance.ResultColumn;
import java.time.Instant;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

/** The catalog page, the ask page's examples, XLSX link and result pages, by the real templates. */
class ExplorePagesTest {

  private static Map<String, Object> layout(String title) {
    Map<String, Object> model = new HashMap<>();
    model.put("title", title);
    model.put("ctx", "/app");
    model.put("user", "analyst");
    model.put("csrf", "token-123");
    model.put("nav", List.of());
    model.put("sources", List.of(Map.of("name", "demo", "selected", true)));
    return model;
  }

  private static final SourceCatalog CATALOG =
      new SourceCatalog(
          "demo",
          "",
          true,
          2,
          List.of(
              new Entry(
                  "maintenance_order",
                  "view",
                  "Work orders <of> the plant.",
                  List.of(
                      new EntryColumn(
                          "status",
                          "TEXT",
                          "where the order stands; also called: situation",
                          List.of(new ValueLabel("1", "open"), new ValueLabel("2", "released")),
                          ""),
                      new EntryColumn("cost", "REAL", "actual cost (BRL)", List.of(), ""))),
              new Entry(
                  "TB_EMP",
                  "table",
                  "",
                  List.of(new EntryColumn("EMP_SAL", "REAL", "", List.of(), "paid monthly")))));

  private static String catalogPage(SourceCatalog catalog) {
    Map<String, Object> model = layout("Catalog");
    model.put("q", catalog.query());
    model.put("catalog", CatalogView.of(catalog));
    return Templates.render("catalog", model);
  }

  @Test
  void should_show_each_view_with_its_columns_meanings_and_value_dictionary() {
    String html = catalogPage(CATALOG);

    assertThat(html)
        .contains("id=\"entry-maintenance_order\"")
        .contains("<code>maintenance_order</code> <span class=\"badge\">view</span>")
        .contains("Work orders &lt;of&gt; the plant.")
        .contains(
            "<td class=\"column-description\">where the order stands; also called: situation</td>")
        .contains("<li><code>1</code> = open</li><li><code>2</code> = released</li>")
        .contains("<td class=\"column-description\">actual cost (BRL)</td>")
        .contains("paid monthly")
        .contains("2 views and tables of demo, as its stewards published them.")
        .contains("href=\"/app/portal/ask?source=demo\"");
    assertThat(html.indexOf("entry-maintenance_order")).isLessThan(html.indexOf("entry-TB_EMP"));
    // The table without a description shows none (not its view's, nor an empty paragraph).
    String table = html.substring(html.indexOf("id=\"entry-TB_EMP\""));
    assertThat(table).doesNotContain("entry-description");
  }

  @Test
  void should_leave_out_the_type_column_when_the_database_names_no_type() {
    String typed = catalogPage(CATALOG);
    String untyped =
        catalogPage(
            new SourceCatalog(
                "demo",
                "",
                true,
                1,
                List.of(
                    new Entry(
                        "region",
                        "view",
                        "",
                        List.of(new EntryColumn("active", "", "in use", List.of(), ""))))));

    assertThat(typed).contains("<th scope=\"col\">Type</th>").contains("<td>TEXT</td>");
    assertThat(untyped).doesNotContain("<th scope=\"col\">Type</th>").contains("in use");
  }

  @Test
  void should_say_how_many_matched_and_when_nothing_did() {
    String none = catalogPage(new SourceCatalog("demo", "zeppelin <x>", true, 2, List.of()));

    assertThat(none)
        .contains("0 of 2 views and tables match “zeppelin &lt;x&gt;”.")
        .contains("id=\"catalog-nothing\"")
        .contains("value=\"zeppelin &lt;x&gt;\"");
  }

  @Test
  void should_offer_example_questions_as_links_that_ask_them() {
    Map<String, Object> model = layout("Ask");
    model.put("question", "");
    model.put(
        "examples",
        List.of(
            Map.of(
                "question",
                "How many \"open\" orders?",
                "href",
                "/app/portal/ask?source=demo&q=How+many+%22open%22+orders%3F")));
    model.put("hasExamples", true);
    model.put("examplesSource", "demo");

    String html = Templates.render("ask", model);

    assertThat(html)
        .contains("<h2 id=\"examples-title\">Examples for demo</h2>")
        .contains(
            // Mustache writes '=' as a character reference, which the browser reads as '='.
            "<a class=\"example\" href=\"/app/portal/ask?source&#61;demo&amp;q&#61;How+many+%22open%22+orders%3F\""
                + " data-question=\"How many &quot;open&quot; orders?\">");
  }

  @Test
  void should_offer_the_xlsx_download_and_page_controls_beside_the_result() {
    List<List<Object>> rows = new java.util.ArrayList<>();
    for (int i = 0; i < 30; i++) {
      rows.add(List.of("R" + i, i));
    }
    QueryResult result =
        new QueryResult(
            List.of(new ResultColumn("region", "TEXT"), new ResultColumn("n", "INTEGER")),
            rows,
            false,
            3,
            "SELECT 1",
            "SELECT 1");
    Answer.Trace trace =
        new Answer.Trace(
            "demo",
            "Counts?",
            StrategyName.DIRECT,
            List.of(),
            List.of(),
            List.of(),
            List.of(),
            List.of(),
            10,
            5,
            SchemaView.unknown());
    Map<String, Object> model = layout("Ask");
    model.put(
        "answer",
        AnswerView.of(
            new RecordedAnswer(
                42,
                Instant.parse("2025-01-01T10:00:00Z"),
                Answer.answered(trace, "SELECT 1", result, 1.0, List.of(), ""),
                11)));

    String html = Templates.render("ask", model);

    assertThat(html)
        .contains(
            "id=\"download-xlsx\" class=\"button secondary\" href=\"/app/portal/answer.xlsx?answer=42\"")
        .contains("<table id=\"result\" class=\"sortable paged\" data-page-size=\"25\">")
        .contains("id=\"result-pager\"")
        .contains("id=\"result-previous\"")
        .contains("id=\"result-next\"");
    // Every row is in the page (the script hides the other pages); the CSV's data has them all.
    assertThat(html.split("<td>R", -1)).hasSize(31);
  }
}
