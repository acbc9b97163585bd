package dev.parlance.web.pages;

import static dev.parlance.web.pages.PageServlet.field;

import dev.parlance.domain.answer.AnswerRecord;
import jakarta.servlet.http.Cookie;
import jakarta.servlet.http.HttpServletRequest;
import jakarta.servlet.http.HttpServletResponse;
import java.net.URLEncoder;
import java.nio.charset.StandardCharsets;
import java.util.OptionalLong;

/**
 * What the ask pages' forms and links carry: the source last asked about (a cookie), an answer's
 * number in a path or a follow-up form, a verdict, and the link that asks a question again.
 */
final class AskForms {

  private AskForms() {}

  /** Remembers the source asked about for the next visit of the ask page. */
  static void remember(HttpServletRequest request, HttpServletResponse response) {
    String source = field(request, "source");
    if (source.isEmpty()) {
      return;
    }
    Cookie cookie =
        new Cookie(AskPages.LAST_SOURCE, URLEncoder.encode(source, StandardCharsets.UTF_8));
    cookie.setPath(request.getContextPath().isEmpty() ? "/" : request.getContextPath());
    cookie.setMaxAge(60 * 60 * 24 * 365);
    cookie.setHttpOnly(true);
    cookie.setSecure("https".equalsIgnoreCase(request.getScheme()));
    cookie.setAttribute("SameSite", "Lax");
    response.addCookie(cookie);
  }

  /** The number at the end of a page's path ({@code /portal/answers/42}). */
  static long pathNumber(HttpServletRequest request) {
    String rest = request.getPathInfo() == null ? "" : request.getPathInfo().replace("/", "");
    try {
      return Long.parseLong(rest);
    } catch (NumberFormatException e) {
      throw new dev.parlance.application.answer.UnknownAnswerException(-1);
    }
  }

  // The "Ask a follow-up" form under an answer carries the answer's number.
  static OptionalLong followUp(HttpServletRequest request) {
    String id = field(request, "follow_up");
    if (id.isEmpty()) {
      return OptionalLong.empty();
    }
    try {
      return OptionalLong.of(Long.parseLong(id));
    } catch (NumberFormatException e) {
      throw new IllegalArgumentException("follow_up: not an answer number: " + id);
    }
  }

  static String verdictOf(String text) {
    return switch (text) {
      case "right", "RIGHT" -> "RIGHT";
      case "wrong", "WRONG" -> "WRONG";
      default -> throw new IllegalArgumentException("verdict: say right or wrong");
    };
  }

  /**
   * The link that asks a question again: what the history "re-run" and "share" give. Whoever opens
   * it asks under their own permissions; the link holds only the source and the question.
   */
  static String again(HttpServletRequest request, AnswerRecord answer) {
    return askLink(request, answer.source(), answer.question());
  }

  /** The ask page with {@code source} chosen and {@code question} in the box. */
  static String askLink(HttpServletRequest request, String source, String question) {
    return request.getContextPath()
        + "/portal/ask?source="
        + URLEncoder.encode(source, StandardCharsets.UTF_8)
        + "&q="
        + URLEncoder.encode(question, StandardCharsets.UTF_8);
  }
}
