package dev.parlance.web.pages;

import dev.parlance.application.explore.ExampleQuestionsUseCase;
import dev.parlance.application.source.UseSourcesUseCase;
import dev.parlance.domain.governance.UserIdentity;
import jakarta.servlet.http.Cookie;
import jakarta.servlet.http.HttpServletRequest;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Optional;

/**
 * The ask form's sources: the one it starts on, the choice of the user's usable sources, and the
 * chosen source's example questions.
 */
final class AskSources {

  private AskSources() {}

  /**
   * The source the ask page starts on: the one the user last asked about (a cookie), else the first
   * that has example questions (a curated source), else the first. A newly added source does not
   * become everyone's default by its name.
   */
  static String defaultSource(
      UseSourcesUseCase sources,
      ExampleQuestionsUseCase examples,
      HttpServletRequest request,
      UserIdentity user) {
    var usable = sources.usable(user).stream().map(s -> s.name()).toList();
    if (request.getCookies() != null) {
      for (Cookie cookie : request.getCookies()) {
        if (AskPages.LAST_SOURCE.equals(cookie.getName())) {
          String last = java.net.URLDecoder.decode(cookie.getValue(), StandardCharsets.UTF_8);
          if (usable.contains(last)) {
            return last;
          }
        }
      }
    }
    for (String name : usable) {
      try {
        if (!examples.examples(user, name).isEmpty()) {
          return name;
        }
      } catch (RuntimeException notNow) {
        // a source that cannot list examples now is no default
      }
    }
    return "";
  }

  static void sourceChoice(
      UseSourcesUseCase sources, UserIdentity user, String chosen, Map<String, Object> model) {
    List<Map<String, Object>> options = new ArrayList<>();
    var usable = sources.usable(user);
    for (var source : usable) {
      boolean selected = source.name().equals(chosen) || (chosen.isEmpty() && options.isEmpty());
      options.add(Map.of("name", source.name(), "selected", selected));
    }
    model.put("sources", options);
    model.put("noSources", options.isEmpty());
  }

  /**
   * The chosen source's example questions (approved verified ones), each a link that asks it: the
   * link fills the question box (portal.js does so without leaving the page).
   */
  static void exampleQuestions(
      ExampleQuestionsUseCase examples,
      HttpServletRequest request,
      UserIdentity user,
      Map<String, Object> model) {
    @SuppressWarnings("unchecked")
    List<Map<String, Object>> options = (List<Map<String, Object>>) model.get("sources");
    Optional<String> chosen =
        options.stream()
            .filter(o -> Boolean.TRUE.equals(o.get("selected")))
            .map(o -> (String) o.get("name"))
            .findFirst();
    if (chosen.isEmpty()) {
      return;
    }
    List<Map<String, Object>> links = new ArrayList<>();
    for (var example : examples.examples(user, chosen.get())) {
      links.add(
          Map.of(
              "question",
              example.question(),
              "href",
              AskForms.askLink(request, chosen.get(), example.question())));
    }
    model.put("examples", links);
    model.put("hasExamples", !links.isEmpty());
    model.put("examplesSource", chosen.get());
  }
}
