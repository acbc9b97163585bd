package dev.parlance.deploy.wiring;

import dev.parlance.application.ask.AskSettings;
import dev.parlance.application.ask.StrategyName;
import java.util.Optional;
import org.eclipse.microprofile.config.Config;

/**
 * Parlance's settings, read through MicroProfile Config: a key such as {@code
 * parlance.embedding.model} is a system property of that name or the environment variable {@code
 * PARLANCE_EMBEDDING_MODEL} (or any other config source the container has). Blank means unset.
 */
public final class ParlanceSettings {

  private final Config config;

  public ParlanceSettings(Config config) {
    this.config = config;
  }

  /** A setting, or an environment variable by its exact name; empty when unset or blank. */
  public Optional<String> value(String key) {
    return config.getOptionalValue(key, String.class).map(String::strip).filter(v -> !v.isEmpty());
  }

  /** The names of every setting the configuration holds (environment variables included). */
  public Iterable<String> names() {
    return config.getPropertyNames();
  }

  public String get(String key, String fallback) {
    return value(key).orElse(fallback);
  }

  /** Where this installation keeps its state ({@code parlance.home}, else ~/.parlance). */
  public ParlanceHome home() {
    return ParlanceHome.of(value("parlance.home"));
  }

  /** The in-process embedding model (measured in docs/retrieval.md). */
  public String embeddingModel() {
    return get("parlance.embedding.model", "bge-small-en-v15-q");
  }

  /** The metadata store's JDBC URL; empty means the embedded H2 file under the home. */
  public Optional<String> storeUrl() {
    return value("parlance.store.url");
  }

  /** The environment variable holding the metadata store's user name, if it needs one. */
  public Optional<String> storeUserVariable() {
    return value("parlance.store.user-env");
  }

  /** The environment variable holding the metadata store's password, if it needs one. */
  public Optional<String> storePasswordVariable() {
    return value("parlance.store.password-env");
  }

  /** {@code sync} (each statement waits for its audit commit) or {@code buffered}. */
  public String auditMode() {
    return get("parlance.audit.mode", "sync");
  }

  /** Which examples CRUSH4SQL's hallucination prompt shows ({@code general}, {@code bird}, …). */
  public String hallucinationExamples() {
    return get("parlance.llm.hallucination.examples", "general");
  }

  /**
   * Whether a changed source is re-indexed in the background at once ({@code background}, a
   * server's default) or on its next use ({@code on-use}, the command line's: its process ends with
   * the command).
   */
  public boolean indexWhenChanged() {
    String v = get("parlance.index.when-changed", "background").toLowerCase(java.util.Locale.ROOT);
    return switch (v) {
      case "background" -> true;
      case "on-use" -> false;
      default ->
          throw new IllegalArgumentException(
              "parlance.index.when-changed must be background or on-use, got '" + v + "'");
    };
  }

  /** The question pipeline's settings ({@code parlance.ask.*}, docs/ask.md). */
  public AskSettings askDefaults() {
    AskSettings d = AskSettings.defaults();
    return new AskSettings(
        StrategyName.parse(ask("strategy", d.strategy().label())),
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
        Boolean.parseBoolean(ask("hallucinate", String.valueOf(d.hallucinate()))),
        integer("whole-schema-tokens", d.wholeSchemaTokens()));
  }

  /** The strategy a source is configured with ({@code parlance.sources.SOURCE.strategy}). */
  public Optional<StrategyName> strategyOf(String source) {
    return value("parlance.sources." + source + ".strategy").map(StrategyName::parse);
  }

  private String ask(String key, String fallback) {
    return get("parlance.ask." + key, fallback);
  }

  private int integer(String key, int fallback) {
    String v = ask(key, String.valueOf(fallback));
    try {
      return Integer.parseInt(v);
    } catch (NumberFormatException e) {
      throw new IllegalArgumentException(
          "parlance.ask." + key + " must be a whole number, got '" + v + "'");
    }
  }

  private double decimal(String key, double fallback) {
    String v = ask(key, String.valueOf(fallback));
    try {
      return Double.parseDouble(v);
    } catch (NumberFormatException e) {
      throw new IllegalArgumentException(
          "parlance.ask." + key + " must be a number, got '" + v + "'");
    }
  }
}
