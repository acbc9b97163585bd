package dev.parlance.deploy;

import dev.parlance.application.ask.AskSettings;
import dev.parlance.application.ask.StrategyName;
import java.util.Optional;

/**
 * Reads the question pipeline's settings ({@code parlance.ask.*}, docs/ask.md) and a source's own
 * strategy ({@code parlance.sources.SOURCE.strategy}).
 */
public final class AskSettingsReader {

  private final Settings settings;

  AskSettingsReader(Settings settings) {
    this.settings = settings;
  }

  public AskSettings defaults() {
    AskSettings d = AskSettings.defaults();
    return new AskSettings(
        StrategyName.parse(get("strategy", d.strategy().label())),
        integer("candidates", d.candidates()),
        decimal("temperature", d.temperature()),
        integer("max-tokens", d.maxTokens()),
        integer("correction-rounds", d.correctionRounds()),
        decimal("confidence-threshold", d.confidenceThreshold()),
        integer("schema-budget", d.schemaBudget()),
        integer("wider-budget", d.widerBudget()),
        decimal("value-threshold", d.valueThreshold()),
        integer("value-top-k", d.valueTopK()),
        integer("sample-rows", d.sampleRows()),
        integer("examples", d.examples()),
        integer("shown-rows", d.shownRows()),
        Boolean.parseBoolean(get("hallucinate", String.valueOf(d.hallucinate()))),
        integer("whole-schema-tokens", d.wholeSchemaTokens()));
  }

  /** The strategy a source is configured with, if any. */
  public Optional<StrategyName> strategyOf(String source) {
    String v = settings.get("parlance.sources." + source + ".strategy", "");
    return v.isBlank() ? Optional.empty() : Optional.of(StrategyName.parse(v));
  }

  private String get(String key, String fallback) {
    return settings.get("parlance.ask." + key, fallback).strip();
  }

  private int integer(String key, int fallback) {
    String v = get(key, String.valueOf(fallback));
    try {
      return Integer.parseInt(v);
    } catch (NumberFormatException e) {
      throw new IllegalArgumentException(
          "parlance.ask." + key + " must be a whole number, got '" + v + "'");
    }
  }

  private double decimal(String key, double fallback) {
    String v = get(key, String.valueOf(fallback));
    try {
      return Double.parseDouble(v);
    } catch (NumberFormatException e) {
      throw new IllegalArgumentException(
          "parlance.ask." + key + " must be a number, got '" + v + "'");
    }
  }
}
