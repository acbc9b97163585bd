package dev.parlance.application.ask;

import java.util.Objects;

/**
 * Which way a question's prompt got its schema, and why: the user's whole visible schema when it
 * fits the budget (no hallucination call, no retrieval), else CRUSH4SQL's hallucination and
 * retrieval with column selection; or the bare whole-schema baseline a benchmark asked for.
 *
 * @param schemaTokens the user's whole visible schema rendered with its descriptions, in prompt
 *     tokens
 * @param budget {@code parlance.ask.whole-schema-tokens} (0: always retrieve); for the baseline,
 *     its token limit (0: none)
 * @param shownColumns columns the final prompt showed
 * @param visibleColumns columns the user may see
 */
public record SchemaView(
    Way way,
    long schemaTokens,
    int budget,
    String tokenizer,
    int shownColumns,
    int visibleColumns) {

  /** How the prompt's schema was chosen. */
  public enum Way {
    /** The visible schema fits the budget: shown whole. */
    WHOLE_SCHEMA("whole schema"),
    /** Too big to show: hallucination, retrieval and column selection chose the columns. */
    RETRIEVAL("retrieval"),
    /** The bare whole-schema baseline: no samples, values, hallucination or corrections. */
    BASELINE("whole-schema baseline");

    private final String label;

    Way(String label) {
      this.label = label;
    }

    public String label() {
      return label;
    }
  }

  public SchemaView {
    Objects.requireNonNull(way, "way");
    Objects.requireNonNull(tokenizer, "tokenizer");
  }

  /** Before the schema was read (a question queued by the offline batch, say). */
  public static SchemaView unknown() {
    return new SchemaView(Way.RETRIEVAL, 0, 0, "", 0, 0);
  }

  SchemaView shown(int columns) {
    return new SchemaView(way, schemaTokens, budget, tokenizer, columns, visibleColumns);
  }

  /** One line for people: which way, and the numbers that decided it. */
  public String describe() {
    String size = String.format(java.util.Locale.ROOT, "%,d", schemaTokens) + " tokens";
    return switch (way) {
      case WHOLE_SCHEMA ->
          "whole schema: the visible schema ("
              + visibleColumns
              + " columns, "
              + size
              + ") fits parlance.ask.whole-schema-tokens = "
              + budget
              + "; no hallucination, no retrieval";
      case RETRIEVAL ->
          "retrieval: "
              + shownColumns
              + " of "
              + visibleColumns
              + " columns chosen by hallucination and retrieval (the visible schema is "
              + size
              + (budget == 0 ? "; whole-schema prompts are off" : " > " + budget)
              + ")";
      case BASELINE ->
          "whole-schema baseline: "
              + shownColumns
              + " of "
              + visibleColumns
              + " columns ("
              + size
              + " in all"
              + (budget > 0 ? ", limit " + budget : "")
              + "), no samples, values, hallucination or corrections";
    };
  }
}
