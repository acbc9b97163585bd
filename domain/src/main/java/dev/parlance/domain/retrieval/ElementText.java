package dev.parlance.domain.retrieval;

import dev.parlance.domain.catalog.Column;
import dev.parlance.domain.catalog.Table;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.regex.Pattern;

/** How much of what the catalog knows goes into an element's details. */
public enum ElementText {
  /** CRUSH4SQL's documents: the names alone, no details. */
  PAPER,
  /**
   * Descriptions, value meanings and sample values (SQL-PaLM's column sentence, §6.3), searched
   * lexically and embedded as a second view of the element.
   */
  ENRICHED;

  private static final Pattern CAMEL =
      Pattern.compile("(?<=[a-z0-9])(?=[A-Z])|(?<=[A-Z])(?=[A-Z][a-z])");
  private static final Pattern SEPARATORS = Pattern.compile("[_\\s.\\-/]+");
  // What separates a question's tokens (identifiers keep their _ . - inside).
  private static final Pattern TOKEN = Pattern.compile("[^\\p{L}\\p{N}_.\\-]+");
  // A token that is an identifier words() splits: a separator between two word characters, or a
  // lower-case letter or digit followed by an upper-case one.
  private static final Pattern IDENTIFIER =
      Pattern.compile("[\\p{L}\\p{N}][_.][\\p{L}\\p{N}]|[\\p{Ll}\\p{N}]\\p{Lu}");
  private static final int MAX_SAMPLES = 3;
  private static final int MAX_DESCRIPTION = 300;

  /** What is known about a column beyond its name; empty for {@link #PAPER}. */
  public String details(Table table, Column column) {
    if (this == PAPER) {
      return "";
    }
    List<String> parts = new ArrayList<>();
    if (!column.description().isEmpty()
        && !words(column.description()).equals(words(column.name()))) {
      parts.add(clip(column.description()));
    }
    if (!column.valueDescription().isEmpty()) {
      parts.add(clip(column.valueDescription()));
    }
    List<String> samples =
        column.sampleValues().stream()
            .filter(v -> v != null && !v.isBlank() && v.length() <= 40)
            .limit(MAX_SAMPLES)
            .toList();
    if (!samples.isEmpty()) {
      parts.add("values: " + String.join(", ", samples));
    }
    return String.join(". ", parts);
  }

  private static final String VALUES = "values: ";

  /**
   * {@code details} as {@link #details(Table, Column)} wrote them, with the sample values replaced
   * by those {@code keep} returns (the part dropped when none are kept): what a user is shown of
   * values read with an operator's rights.
   */
  public static String withValues(
      String details, java.util.function.UnaryOperator<List<String>> keep) {
    int at = details.startsWith(VALUES) ? 0 : details.lastIndexOf(". " + VALUES);
    if (at < 0) {
      return details;
    }
    int start = at == 0 && details.startsWith(VALUES) ? 0 : at + 2;
    List<String> values = List.of(details.substring(start + VALUES.length()).split(", "));
    List<String> kept = keep.apply(values);
    String before = details.substring(0, at);
    if (kept.isEmpty()) {
      return before;
    }
    return (start == 0 ? "" : before + ". ") + VALUES + String.join(", ", kept);
  }

  /** What is known about a table beyond its name; empty for {@link #PAPER}. */
  public String details(Table table) {
    return this == PAPER || table.description().isEmpty() ? "" : clip(table.description());
  }

  /**
   * An identifier as words: {@code cardKingdomFoilId} → {@code card kingdom foil id}, {@code MO_ST}
   * → {@code mo st}, {@code card_games.cards} → {@code card games cards}.
   */
  public static String words(String identifier) {
    String spaced = CAMEL.matcher(identifier).replaceAll(" ");
    return SEPARATORS.matcher(spaced).replaceAll(" ").strip().toLowerCase(Locale.ROOT);
  }

  /**
   * A question as a lexical search should read it: the question, then the words of every identifier
   * it writes ({@code how many TB_MO have MO_ST 1} gains {@code tb mo mo st}), so that names
   * written as the schema spells them meet the words an index holds of them ({@link
   * SchemaElement#searchText}); an analyzer keeps {@code TB_MO} whole, and no element's text holds
   * that token. A question without such identifiers comes back as it is.
   */
  public static String withIdentifierWords(String question) {
    List<String> added = new ArrayList<>();
    for (String token : TOKEN.split(question)) {
      if (IDENTIFIER.matcher(token).find() && token.chars().anyMatch(Character::isLetter)) {
        String words = words(token);
        if (!words.isEmpty() && !added.contains(words)) {
          added.add(words);
        }
      }
    }
    return added.isEmpty() ? question : question + " " + String.join(" ", added);
  }

  private static String clip(String text) {
    String oneLine = text.replaceAll("\\s+", " ").strip();
    return oneLine.length() <= MAX_DESCRIPTION ? oneLine : oneLine.substring(0, MAX_DESCRIPTION);
  }
}
