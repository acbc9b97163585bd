package dev.parlance.domain.retrieval;

import dev.parlance.domain.catalog.Column;
import dev.parlance.domain.catalog.Table;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.regex.Pattern;

/** The text that stands for a schema element in the index. */
public enum ElementText {
  /** CRUSH4SQL's documents: {@code S(t).S(c)}, the names alone. */
  PAPER,
  /**
   * Names split into words, plus what the catalog knows: descriptions, value meanings and sample
   * values (SQL-PaLM's column sentence, §6.3).
   */
  ENRICHED;

  private static final Pattern CAMEL =
      Pattern.compile("(?<=[a-z0-9])(?=[A-Z])|(?<=[A-Z])(?=[A-Z][a-z])");
  private static final Pattern SEPARATORS = Pattern.compile("[_\\s.\\-/]+");
  private static final int MAX_SAMPLES = 3;
  private static final int MAX_DESCRIPTION = 300;

  public String column(Table table, Column column) {
    return switch (this) {
      case PAPER -> table.name() + "." + column.name();
      case ENRICHED -> enrichedColumn(table, column);
    };
  }

  public String table(Table table) {
    return switch (this) {
      case PAPER -> table.name();
      case ENRICHED -> {
        String text = words(table.name());
        yield table.description().isEmpty() ? text : text + ". " + clip(table.description());
      }
    };
  }

  private static String enrichedColumn(Table table, Column column) {
    List<String> parts = new ArrayList<>();
    parts.add(words(table.name()) + " " + words(column.name()));
    if (!column.description().isEmpty()
        && !column.description().equalsIgnoreCase(words(column.name()))) {
      parts.add(clip(column.description()));
    }
    if (!column.valueDescription().isEmpty()) {
      parts.add(clip(column.valueDescription()));
    }
    List<String> samples =
        column.sampleValues().stream().filter(v -> v.length() <= 40).limit(MAX_SAMPLES).toList();
    if (!samples.isEmpty()) {
      parts.add("values: " + String.join(", ", samples));
    }
    return String.join(". ", parts);
  }

  /**
   * An identifier as words: {@code cardKingdomFoilId} → {@code card kingdom foil id}, {@code MO_ST}
   * → {@code mo st}, {@code card_games.cards} → {@code card games cards}.
   */
  public static String words(String identifier) {
    String spaced = CAMEL.matcher(identifier).replaceAll(" ");
    return SEPARATORS.matcher(spaced).replaceAll(" ").strip().toLowerCase(Locale.ROOT);
  }

  private static String clip(String text) {
    String oneLine = text.replaceAll("\\s+", " ").strip();
    return oneLine.length() <= MAX_DESCRIPTION ? oneLine : oneLine.substring(0, MAX_DESCRIPTION);
  }
}
