package dev.parlance.domain.values;

import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Locale;
import java.util.Set;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * The keywords w_i of SQL-PaLM's value retrieval (§6.3): a question's words and its n-grams of up
 * to {@code maxWords} words, without phrases made only of stop words, plus any quoted text as
 * written. Words keep inner hyphens, dots and slashes ({@code IBX-15}, {@code 5111.03}).
 */
public final class QuestionPhrases {
  private QuestionPhrases() {}

  private static final Pattern WORD = Pattern.compile("[\\p{L}\\p{N}][\\p{L}\\p{N}_\\-./']*");
  private static final Pattern QUOTED = Pattern.compile("[\"“']([^\"”']{2,80})[\"”']");
  private static final Set<String> STOP =
      Set.of(
          "a", "an", "the", "of", "in", "on", "at", "to", "for", "by", "with", "and", "or", "is",
          "are", "was", "were", "be", "been", "what", "which", "who", "whom", "whose", "how",
          "many", "much", "do", "does", "did", "has", "have", "had", "there", "that", "this",
          "these", "those", "all", "any", "each", "every", "from", "as", "it", "its", "their",
          "list", "show", "give", "me", "find", "name", "names", "number", "count", "most", "least",
          "more", "less", "top", "per", "not", "no", "than", "please", "tell", "whats", "where",
          "when", "i", "we", "you", "my", "our", "s");

  public static List<String> of(String question, int maxWords) {
    List<String> words = new ArrayList<>();
    Matcher m = WORD.matcher(question);
    while (m.find()) {
      words.add(trimPunctuation(m.group()));
    }
    Set<String> phrases = new LinkedHashSet<>();
    Matcher q = QUOTED.matcher(question);
    while (q.find()) {
      phrases.add(q.group(1).strip());
    }
    for (int n = 1; n <= maxWords; n++) {
      for (int i = 0; i + n <= words.size(); i++) {
        List<String> gram = words.subList(i, i + n);
        if (isStop(gram.getFirst()) || isStop(gram.getLast())) {
          continue;
        }
        String phrase = String.join(" ", gram);
        if (phrase.length() >= 2) {
          phrases.add(phrase);
        }
      }
    }
    return List.copyOf(phrases);
  }

  private static boolean isStop(String word) {
    return word.length() < 2 || STOP.contains(word.toLowerCase(Locale.ROOT));
  }

  private static String trimPunctuation(String word) {
    String w = word;
    while (!w.isEmpty() && ".-/'_".indexOf(w.charAt(w.length() - 1)) >= 0) {
      w = w.substring(0, w.length() - 1);
    }
    if (w.endsWith("'s")) {
      w = w.substring(0, w.length() - 2);
    }
    return w;
  }
}
