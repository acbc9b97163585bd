package dev.parlance.web.pages;

import static dev.parlance.web.pages.PageServlet.field;
import static dev.parlance.web.pages.PageServlet.number;

import dev.parlance.application.answer.AnswerHistoryUseCase;
import dev.parlance.application.answer.AnswerHistoryUseCase.HistoryPage;
import dev.parlance.domain.answer.AnswerRecord;
import dev.parlance.domain.governance.UserIdentity;
import jakarta.servlet.http.HttpServletRequest;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

/** The history page ({@code /portal/history}): the user's questions, a page at a time. */
final class HistoryView {

  private HistoryView() {}

  static void history(
      AnswerHistoryUseCase history,
      HttpServletRequest request,
      UserIdentity user,
      Map<String, Object> model) {
    int page = Math.max(0, number(request, "page", 0));
    HistoryPage answers = history.history(user, page, 20);
    List<Map<String, Object>> rows = new ArrayList<>();
    String given = field(request, "feedback");
    for (AnswerRecord a : answers.answers()) {
      Map<String, Object> row = new HashMap<>();
      row.put("id", a.id());
      row.put("askedAt", a.askedAt().toString().replace('T', ' ').replaceAll("\\.\\d+Z$", "Z"));
      row.put("askedIso", a.askedAt().toString());
      row.put("view", request.getContextPath() + "/portal/answers/" + a.id());
      row.put("source", a.source());
      row.put("question", a.question());
      row.put("status", a.status().replace('_', ' '));
      row.put("rowCount", a.rowCount());
      row.put("confidence", Math.round(a.confidence() * 100));
      row.put("millis", a.wallMillis());
      a.sql().ifPresent(sql -> row.put("sql", sql));
      a.feedback()
          .ifPresent(
              f -> row.put("verdict", f.verdict().name().toLowerCase(java.util.Locale.ROOT)));
      row.put("again", AskForms.again(request, a));
      row.put("justGiven", given.equals(String.valueOf(a.id())));
      rows.add(row);
    }
    model.put("answers", rows);
    model.put("empty", rows.isEmpty());
    model.put("total", answers.total());
    if (page > 0) {
      model.put("previous", String.valueOf(page - 1));
    }
    if ((long) (page + 1) * answers.size() < answers.total()) {
      model.put("next", String.valueOf(page + 1));
    }
    if (!given.isEmpty()) {
      model.put("notice", "Thank you: your feedback went to the source's stewards.");
    }
  }
}
