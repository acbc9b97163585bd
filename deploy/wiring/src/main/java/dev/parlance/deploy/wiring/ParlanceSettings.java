package dev.parlance.deploy.wiring;

import dev.parlance.application.ask.AskSettings;
import dev.parlance.application.ask.RbSqlSettings;
import dev.parlance.application.ask.StrategyName;
import dev.parlance.domain.governance.ResultLimits;
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

  /** The in-process embedding model (measured in docs/measurements/retrieval.md). */
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

  /**
   * What no source may open: the metadata store (its URL, or the embedded file under the home, and
   * its credential variables) and the home's folders of Parlance's own state.
   */
  public dev.parlance.domain.source.ProtectedLocations protectedLocations() {
    ParlanceHome home = home();
    java.util.Set<String> variables = new java.util.HashSet<>();
    storeUserVariable().ifPresent(variables::add);
    storePasswordVariable().ifPresent(variables::add);
    return new dev.parlance.domain.source.ProtectedLocations(
        java.util.List.of(
            home.metadata(),
            home.index(),
            home.valueIndex(),
            home.embeddingCache(),
            home.logs(),
            home.benchRuns(),
            home.root().resolve("scratch")),
        Optional.of(
            storeUrl()
                .orElseGet(
                    () ->
                        dev.parlance.adapters.db.store.MetadataStore.embeddedUrl(home.metadata()))),
        variables);
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

  /**
   * How much of one statement's result is copied into memory ({@code parlance.results.max-bytes},
   * {@code .max-value-bytes}, {@code .max-columns}; docs/design/governance.md, "Results within a
   * budget"). A size may end in KiB, MiB or GiB.
   */
  public ResultLimits resultLimits() {
    ResultLimits d = ResultLimits.defaults();
    try {
      return new ResultLimits(
          size("parlance.results.max-bytes", d.maxBytes()),
          (int)
              Math.min(
                  Integer.MAX_VALUE, size("parlance.results.max-value-bytes", d.maxValueBytes())),
          (int) Math.min(Integer.MAX_VALUE, size("parlance.results.max-columns", d.maxColumns())));
    } catch (IllegalArgumentException e) {
      throw new IllegalArgumentException("parlance.results.*: " + e.getMessage(), e);
    }
  }

  // A whole number, optionally with a binary unit: 16MiB, 32 KiB, 1GiB.
  private long size(String key, long fallback) {
    String v = get(key, String.valueOf(fallback)).replace("_", "").replace(" ", "");
    java.util.regex.Matcher m =
        java.util.regex.Pattern.compile("(?i)([0-9]{1,18})(kib|mib|gib|k|m|g)?").matcher(v);
    if (!m.matches()) {
      throw new IllegalArgumentException(
          key + " must be a whole number, optionally with KiB, MiB or GiB, got '" + v + "'");
    }
    long n = Long.parseLong(m.group(1));
    String unit = m.group(2) == null ? "" : m.group(2).toLowerCase(java.util.Locale.ROOT);
    long factor =
        switch (unit.isEmpty() ? ' ' : unit.charAt(0)) {
          case 'k' -> 1L << 10;
          case 'm' -> 1L << 20;
          case 'g' -> 1L << 30;
          default -> 1;
        };
    return Math.multiplyExact(n, factor);
  }

  /** The question pipeline's settings ({@code parlance.ask.*}, docs/design/ask.md). */
  public AskSettings askDefaults() {
    AskSettings d = AskSettings.defaults();
    java.util.List<StrategyName> named =
        java.util.Arrays.stream(ask("strategy", d.strategy().label()).split(","))
            .filter(x -> !x.isBlank())
            .map(StrategyName::parse)
            .distinct()
            .toList();
    String select = ask("select", "none").strip().toLowerCase(java.util.Locale.ROOT);
    if (!select.equals("none") && !select.equals("vote")) {
      throw new IllegalArgumentException(
          "parlance.ask.select must be none or vote, got '" + select + "'");
    }
    if (named.isEmpty() || named.size() > 1 != select.equals("vote")) {
      throw new IllegalArgumentException(
          select.equals("vote")
              ? "parlance.ask.select=vote needs at least two strategies in parlance.ask.strategy"
                  + " (e.g. direct,c3,din,ta-sql,rb-sql)"
              : "parlance.ask.strategy names one strategy, or several with"
                  + " parlance.ask.select=vote");
    }
    RbSqlSettings rb = d.rbSql();
    return new AskSettings(
        named.getFirst(),
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
        integer("whole-schema-tokens", d.wholeSchemaTokens()),
        new RbSqlSettings(
            decimal("rb-sql.theta", rb.theta()),
            decimal("rb-sql.mu", rb.mu()),
            decimal("rb-sql.mu-coarse", rb.muCoarse()),
            integer("rb-sql.shots", rb.shots()),
            decimal("rb-sql.skeleton-weight", rb.skeletonWeight())),
        named.size() > 1 ? named : java.util.List.of());
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
