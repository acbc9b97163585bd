package dev.parlance.web.pages;

import static dev.parlance.web.pages.PageServlet.field;

import dev.parlance.application.answer.OpenAnswerUseCase;
import dev.parlance.domain.answer.AnswerRecord;
import dev.parlance.domain.governance.QueryOutcome;
import dev.parlance.domain.governance.QueryResult;
import jakarta.servlet.http.HttpServletRequest;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.function.Supplier;

/**
 * A stored answer as the answer and conversation pages show it: its record, its SQL, and its rows
 * run again now as the reader; a conversation's thread of them.
 */
final class StoredAnswerView {

  private StoredAnswerView() {}

  /** A stored answer's part of a page: its record, and its rows run again as the reader. */
  static Map<String, Object> of(
      HttpServletRequest request,
      OpenAnswerUseCase.OpenedAnswer opened,
      int reading,
      Presentation presentation,
      Supplier<ShareLinks> shareLinks) {
    AnswerRecord record = opened.answer();
    Map<String, Object> view = new HashMap<>();
    view.put("id", record.id());
    view.put("question", record.question());
    if (opened.own()) {
      record.standaloneQuestion().ifPresent(q -> view.put("standalone", q));
    }
    view.put("source", record.source());
    view.put("status", record.status().replace('_', ' '));
    view.put("unsure", record.status().equals("unsure"));
    view.put("confidence", Math.round(record.confidence() * 100));
    view.put("askedAt", record.askedAt().toString());
    view.put("address", request.getContextPath() + "/portal/answers/" + record.id());
    opened.sql().ifPresent(sql -> view.put("sql", sql));
    if (reading > 0) {
      view.put("status", "chosen reading");
      view.put("isChosen", true);
      view.put("chosenReading", reading);
      String suggestion = field(request, "suggestion");
      if (suggestion.matches("\\d+")) {
        view.put("proposedSuggestion", suggestion);
      }
    }
    opened
        .rows()
        .ifPresent(
            outcome -> {
              switch (outcome) {
                case QueryOutcome.Ran ran -> {
                  QueryResult all = ran.result();
                  QueryResult shown =
                      all.rowCount() <= AskPages.SHOWN_ROWS
                          ? all
                          : new QueryResult(
                              all.columns(),
                              all.rows().subList(0, AskPages.SHOWN_ROWS),
                              all.truncated(),
                              all.elapsedMs(),
                              all.sqlAsked(),
                              all.sqlRun());
                  view.putAll(AnswerView.result(shown, all, presentation));
                }
                case QueryOutcome.Refused refused ->
                    view.put(
                        "problem",
                        "Your access does not allow this answer's SQL now: "
                            + refused.refusal().reason());
                case QueryOutcome.Failed failed ->
                    view.put("problem", "This answer's SQL does not run now: " + failed.message());
              }
            });
    if (opened.sql().isEmpty()) {
      view.put("noAnswer", true);
      view.put(
          "problem", "This question got no answer (" + record.status().replace('_', ' ') + ").");
      Map<String, Object> help = presentation.help().get();
      if (!help.isEmpty()) {
        view.put("help", help);
      }
    }
    if (reading == 0) {
      List<Map<String, Object>> readings = new ArrayList<>();
      for (int n = 1; n <= record.readings().size(); n++) {
        Map<String, Object> r = new HashMap<>();
        r.put("number", n);
        r.put("sql", record.readings().get(n - 1));
        r.put("explanation", "Reading " + n);
        r.put("rowWords", "its rows once used");
        r.put("votes", "some");
        r.put("share", "");
        r.put("header", List.of());
        r.put("rows", List.of());
        r.put("answer", record.id());
        readings.add(r);
      }
      view.put("readings", readings);
      view.put("hasReadings", !readings.isEmpty() && opened.own());
    }
    if (record.followsUp().isPresent() && opened.own()) {
      view.put("conversation", request.getContextPath() + "/portal/conversations/" + record.id());
    }
    if (!opened.own()) {
      view.put("shared", true);
      view.put("sharedBy", "Another user");
    } else {
      view.put(
          "shareLink",
          request.getContextPath()
              + "/portal/answers/"
              + record.id()
              + "?share="
              + shareLinks.get().mark(record.id()));
      view.put("mayFollowUp", reading == 0);
      view.put("back", "answer");
    }
    return view;
  }

  /** A conversation's thread: each question as typed with its restatement, the last one current. */
  static List<Map<String, Object>> turns(HttpServletRequest request, List<AnswerRecord> all) {
    List<Map<String, Object>> turns = new ArrayList<>();
    for (int i = 0; i < all.size(); i++) {
      AnswerRecord a = all.get(i);
      Map<String, Object> turn = new HashMap<>();
      turn.put("id", a.id());
      turn.put("number", i + 1);
      turn.put("question", a.question());
      a.standaloneQuestion()
          .filter(q -> !q.equals(a.question()))
          .ifPresent(q -> turn.put("standalone", q));
      turn.put("status", a.status().replace('_', ' '));
      turn.put("rows", a.rowCount() == 1 ? "1 row" : a.rowCount() + " rows");
      turn.put("askedAt", a.askedAt().toString());
      turn.put("href", request.getContextPath() + "/portal/answers/" + a.id());
      turn.put("current", i == all.size() - 1);
      turns.add(turn);
    }
    return turns;
  }
}
