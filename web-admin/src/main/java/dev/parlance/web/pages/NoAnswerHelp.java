package dev.parlance.web.pages;

import dev.parlance.application.explore.BrowseCatalogUseCase;
import dev.parlance.application.explore.ExampleQuestionsUseCase;
import dev.parlance.domain.governance.UserIdentity;
import jakarta.servlet.http.HttpServletRequest;
import java.net.URLEncoder;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.logging.Level;
import java.util.logging.Logger;

/** What an answer page suggests when a question got no answer. */
final class NoAnswerHelp {

  private static final Logger LOG = Logger.getLogger(AskPages.class.getName());

  private NoAnswerHelp() {}

  /** What to ask instead: the source's example questions and the views it knows. */
  static Map<String, Object> help(
      ExampleQuestionsUseCase examples,
      BrowseCatalogUseCase catalog,
      HttpServletRequest request,
      UserIdentity user,
      String source) {
    Map<String, Object> help = new HashMap<>();
    try {
      List<Map<String, Object>> links = new ArrayList<>();
      for (var example : examples.examples(user, source)) {
        if (links.size() < 3) {
          links.add(
              Map.of(
                  "question",
                  example.question(),
                  "href",
                  AskForms.askLink(request, source, example.question())));
        }
      }
      help.put("examples", links);
      help.put("hasExamples", !links.isEmpty());
      var entries = catalog.catalog(user, source, "").entries();
      List<Map<String, Object>> views = new ArrayList<>();
      for (var entry : entries) {
        if (views.size() >= 10) {
          break;
        }
        views.add(
            new HashMap<>(
                Map.of(
                    "name",
                    entry.name().replace('_', ' '),
                    "href",
                    request.getContextPath()
                        + "/portal/catalog?source="
                        + URLEncoder.encode(source, StandardCharsets.UTF_8)
                        + "&q="
                        + URLEncoder.encode(entry.name(), StandardCharsets.UTF_8),
                    "last",
                    false)));
      }
      if (!views.isEmpty()) {
        views.get(views.size() - 1).put("last", true);
      }
      help.put("views", views);
      help.put("hasViews", !views.isEmpty());
      help.put(
          "catalog",
          request.getContextPath()
              + "/portal/catalog?source="
              + URLEncoder.encode(source, StandardCharsets.UTF_8));
    } catch (RuntimeException e) {
      LOG.log(Level.FINE, "no suggestions for " + source, e);
    }
    return help;
  }
}
