package dev.parlance.web.pages;

import java.util.ArrayList;
import java.util.List;
import java.util.Locale;

/**
 * A search's words marked in a text, as HTML: the text escaped, each occurrence of a word (without
 * case) wrapped in {@code <mark>}. Templates print it unescaped ({@code {{{…}}}}); nothing of the
 * text itself is ever markup.
 */
final class Highlight {

  private Highlight() {}

  /** The words of a search: split on spaces, without case, longest first, duplicates dropped. */
  static List<String> words(String query) {
    List<String> words = new ArrayList<>();
    if (query == null) {
      return words;
    }
    for (String w : query.toLowerCase(Locale.ROOT).split("[\\s,;]+")) {
      if (!w.isBlank() && !words.contains(w)) {
        words.add(w);
      }
    }
    words.sort((a, b) -> b.length() - a.length());
    return words;
  }

  /** {@code text} escaped, with every occurrence of one of {@code words} marked. */
  static String html(String text, List<String> words) {
    if (text == null || text.isEmpty()) {
      return "";
    }
    String lower = text.toLowerCase(Locale.ROOT);
    boolean[] marked = new boolean[text.length()];
    for (String w : words) {
      for (int at = lower.indexOf(w); at >= 0; at = lower.indexOf(w, at + 1)) {
        for (int i = at; i < at + w.length() && i < marked.length; i++) {
          marked[i] = true;
        }
      }
    }
    StringBuilder out = new StringBuilder(text.length() + 16);
    boolean open = false;
    for (int i = 0; i < text.length(); i++) {
      if (marked[i] != open) {
        out.append(marked[i] ? "<mark>" : "</mark>");
        open = marked[i];
      }
      escape(out, text.charAt(i));
    }
    if (open) {
      out.append("</mark>");
    }
    return out.toString();
  }

  /** Whether every one of {@code words} occurs in one of {@code texts} (without case). */
  static boolean matchesAll(List<String> words, String... texts) {
    String all = String.join("\n", texts).toLowerCase(Locale.ROOT);
    return words.stream().allMatch(all::contains);
  }

  /** Whether one of {@code words} occurs in {@code text} (without case). */
  static boolean matchesAny(List<String> words, String text) {
    String lower = text == null ? "" : text.toLowerCase(Locale.ROOT);
    return words.stream().anyMatch(lower::contains);
  }

  private static void escape(StringBuilder out, char c) {
    switch (c) {
      case '<' -> out.append("&lt;");
      case '>' -> out.append("&gt;");
      case '&' -> out.append("&amp;");
      case '"' -> out.append("&quot;");
      case '\'' -> out.append("&#39;");
      default -> out.append(c);
    }
  }
}
