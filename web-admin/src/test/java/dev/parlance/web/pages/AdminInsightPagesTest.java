package dev.parlance.web.pages;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.HashMap;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

/** The models and evaluations pages, rendered by the real templates. */
class AdminInsightPagesTest {

  private static Map<String, Object> layout(String title) {
    Map<String, Object> model = new HashMap<>();
    model.put("title", title);
    model.put("ctx", "/p");
    model.put("user", "admin");
    model.put("csrf", "token-123");
    model.put("nav", List.of());
    return model;
  }

  @Test
  void should_list_profiles_with_a_check_each_and_the_spend_as_chart_data_and_tables() {
    Map<String, Object> model = layout("Language models");
    model.put(
        "profiles",
        List.of(
            Map.of(
                "name",
                "default",
                "description",
                "openai gpt-4o-mini",
                "isDefault",
                true,
                "problem",
                "")));
    model.put("days", 7);
    model.put("from", "2026-11-18");
    model.put("to", "2026-11-24");
    model.put("total", Map.of("answers", 2, "tokens", 300, "usd", "0.01"));
    model.put("byUser", List.of(Map.of("key", "ana", "answers", 2, "tokens", 300, "usd", "0.01")));
    model.put("bySource", List.of());
    model.put("lines", List.of());
    model.put("modelCalls", 222);
    model.put(
        "byPurpose",
        List.of(
            Map.of(
                "purpose",
                "answers",
                "requests",
                2,
                "calls",
                6,
                "tokens",
                300,
                "usd",
                "0.01",
                "unpriced",
                0,
                "hasUnpriced",
                false),
            Map.of(
                "purpose",
                "regressions",
                "requests",
                36,
                "calls",
                216,
                "tokens",
                9000,
                "usd",
                "0.2",
                "unpriced",
                2,
                "hasUnpriced",
                true)));
    model.put(
        "data",
        Json.of(
            Map.of(
                "days",
                List.of("2026-11-24"),
                "series",
                List.of(Map.of("label", "</script>", "tokens", List.of(300L))))));

    String html = Templates.render("models", model);

    assertThat(html)
        .contains("<td class=\"profile\">default</td>")
        .contains("name=\"profile\" value=\"default\"")
        .contains("id=\"spend-total\">2026-11-18 to 2026-11-24 (UTC): 2 answers, 300 tokens")
        .contains("<script type=\"application/json\" id=\"spend-data\">")
        .contains("by what it was for (222 calls)")
        .contains("0.2 (at least: 2 call(s) without a price)")
        .doesNotContain("0.01 (at least")
        .contains("0.2 (at least: 2 call(s) without a price)")
        .doesNotContain("0.01 (at least")
        .contains(
            "<tr id=\"purpose-regressions\"><td>regressions</td><td class=\"num\">36</td>"
                + "<td class=\"num calls\">216</td>")
        .doesNotContain("</script>\", \"tokens")
        .doesNotContain("style=");
  }

  @Test
  void should_link_each_run_to_its_report_and_say_when_it_has_none() {
    Map<String, Object> model = layout("Evaluations");
    model.put(
        "runs",
        List.of(
            Map.of(
                "name",
                "nightly",
                "updated",
                "2026-11-24 09:00:00Z",
                "logs",
                "llm.jsonl",
                "hasReport",
                true,
                "report",
                "/p/portal/admin/evaluations/report?run=nightly"),
            Map.of("name", "half", "updated", "", "logs", "", "hasReport", false, "report", "")));

    String html = Templates.render("evaluations", model);

    assertThat(html)
        .contains(
            "href=\"/p/portal/admin/evaluations/report?run&#61;nightly\" id=\"report-nightly\"")
        .contains("not written yet");
  }
}
