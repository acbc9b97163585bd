package dev.parlance.web.pages;

import dev.parlance.application.access.SourceAccess;
import dev.parlance.application.answer.SpendReportUseCase;
import dev.parlance.application.answer.SpendReportUseCase.Line;
import dev.parlance.application.answer.SpendReportUseCase.SpendReport;
import dev.parlance.application.answer.SpendReportUseCase.Total;
import dev.parlance.application.model.CheckLanguageModelUseCase;
import dev.parlance.application.model.ListModelProfilesUseCase;
import dev.parlance.domain.answer.Spend;
import dev.parlance.domain.governance.UserIdentity;
import jakarta.inject.Inject;
import jakarta.servlet.http.HttpServletRequest;
import jakarta.servlet.http.HttpServletResponse;
import java.io.IOException;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.TreeSet;

/**
 * The admin's language-model page ({@code /portal/admin/models}): the profiles (never their keys),
 * a check of each with a tiny prompt, and what answers cost per day, user and source (a chart and
 * its tables). Admins only, as the REST API's {@code /llm/profiles} and {@code /llm/spend}.
 */
public class ModelPages extends PageServlet {

  private static final Page LANGUAGE_MODELS =
      Page.of("models", "Language models", "models", SourceAccess.ADMIN);

  private static final long serialVersionUID = 1L;
  private static final int DEFAULT_DAYS = 30;

  @Inject transient ListModelProfilesUseCase profiles;
  @Inject transient CheckLanguageModelUseCase check;
  @Inject transient SpendReportUseCase spend;

  @Override
  protected void doGet(HttpServletRequest request, HttpServletResponse response)
      throws IOException {
    page(request, response, LANGUAGE_MODELS, (user, model) -> show(request, user, model));
  }

  @Override
  protected void doPost(HttpServletRequest request, HttpServletResponse response)
      throws IOException {
    page(
        request,
        response,
        LANGUAGE_MODELS,
        (user, model) -> {
          try {
            model.put("notice", check(field(request, "profile")));
          } finally {
            show(request, user, model);
          }
        });
  }

  private String check(String profile) {
    Optional<String> chosen =
        profile.isEmpty() || profile.equals("default") ? Optional.empty() : Optional.of(profile);
    String name = chosen.orElse("the default profile");
    return switch (check.check(chosen, Optional.empty(), "Say OK.")) {
      case CheckLanguageModelUseCase.Answered a ->
          name + " answered (" + a.model().description() + ").";
      case CheckLanguageModelUseCase.NoAnswer n ->
          throw new IllegalArgumentException(
              name + " did not answer (" + n.model().description() + "): " + n.remedy());
      case CheckLanguageModelUseCase.OfflineBatch b ->
          name
              + " is an offline batch folder ("
              + b.model().description()
              + "): "
              + b.status()
              + ".";
    };
  }

  private void show(HttpServletRequest request, UserIdentity user, Map<String, Object> model) {
    List<Map<String, Object>> rows = new ArrayList<>();
    for (var p : profiles.profiles()) {
      Map<String, Object> row = new HashMap<>();
      row.put("name", p.name());
      row.put("description", p.description());
      row.put("isDefault", p.isDefault());
      row.put("problem", p.problem().orElse(""));
      rows.add(row);
    }
    model.put("profiles", rows);
    model.put("noProfiles", rows.isEmpty());
    int days = number(request, "days", DEFAULT_DAYS);
    model.put("days", days);
    SpendReport report = spend.spend(user, days);
    model.put("from", report.from().toString());
    model.put("to", report.to().toString());
    model.put("total", total(report.total()));
    model.put("byUser", report.byUser().stream().map(ModelPages::total).toList());
    model.put("bySource", report.bySource().stream().map(ModelPages::total).toList());
    List<Map<String, Object>> lines = new ArrayList<>();
    for (Line l : report.lines()) {
      Map<String, Object> line = spent(l.spend(), l.answers());
      line.put("day", l.day().toString());
      line.put("user", l.user());
      line.put("source", l.source());
      lines.add(line);
    }
    model.put("lines", lines);
    model.put("noLines", lines.isEmpty());
    model.put("data", Json.of(chart(report)));
    List<Map<String, Object>> purposes = new ArrayList<>();
    long calls = 0;
    for (SpendReportUseCase.PurposeTotal p : report.byPurpose()) {
      Map<String, Object> row = new HashMap<>();
      row.put("purpose", p.purpose());
      row.put("requests", p.requests());
      row.put("calls", p.calls());
      row.put("tokens", p.tokens());
      row.put("usd", p.usd().stripTrailingZeros().toPlainString());
      row.put("unpriced", p.unpricedCalls());
      row.put("hasUnpriced", p.unpricedCalls() > 0);
      purposes.add(row);
      calls += p.calls();
    }
    model.put("byPurpose", purposes);
    model.put("modelCalls", calls);
  }

  /** The chart's data: tokens per day, one stacked series per source. */
  private static Map<String, Object> chart(SpendReport report) {
    List<String> days = report.byDay().stream().map(Total::key).toList();
    TreeSet<String> sources = new TreeSet<>();
    report.lines().forEach(l -> sources.add(l.source()));
    List<Map<String, Object>> series = new ArrayList<>();
    for (String source : sources) {
      List<Long> tokens = new ArrayList<>();
      for (String day : days) {
        tokens.add(
            report.lines().stream()
                .filter(l -> l.source().equals(source) && l.day().toString().equals(day))
                .mapToLong(l -> l.spend().tokens())
                .sum());
      }
      series.add(Map.of("label", source, "tokens", tokens));
    }
    Map<String, Object> data = new LinkedHashMap<>();
    data.put("days", days);
    data.put("series", series);
    return data;
  }

  private static Map<String, Object> total(Total t) {
    Map<String, Object> row = spent(t.spend(), t.answers());
    row.put("key", t.key());
    return row;
  }

  private static Map<String, Object> spent(Spend spend, int answers) {
    Map<String, Object> row = new HashMap<>();
    row.put("tokens", spend.tokens());
    row.put("usd", spend.usd().toPlainString());
    row.put("answers", answers);
    return row;
  }
}
