package dev.parlance.adapters.llm;

import dev.parlance.adapters.llm.chat.LlmConfigurationException;
import dev.parlance.domain.completion.ModelPrice;
import java.math.BigDecimal;
import java.nio.file.Path;
import java.time.Duration;
import java.time.format.DateTimeParseException;
import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Locale;
import java.util.Optional;
import java.util.Set;
import java.util.function.Function;

/**
 * Reads language-model profiles from configuration (keys in docs/design/llm.md). The profile used
 * is, in order: the one named on the command line ({@code --llm}), the data source's ({@code
 * parlance.sources.SOURCE.llm}), {@code parlance.llm.profile}, else the top-level {@code
 * parlance.llm.*} keys, called {@code default}. A profile may name fallback profiles.
 */
final class LlmSettings {

  static final String DEFAULT = "default";

  private final Function<String, Optional<String>> settings;

  /**
   * @param settings a setting by its key ({@code parlance.llm.model}) or an environment variable by
   *     its name ({@code OPENAI_API_KEY}), empty when unset
   */
  LlmSettings(Function<String, Optional<String>> settings) {
    this.settings = settings;
  }

  /** A profile and the fallbacks it names, in the order to try them. */
  record LlmChoice(String profile, List<LlmProfile> chain) {
    public LlmProfile primary() {
      return chain.getFirst();
    }
  }

  /**
   * The chosen profile and its fallbacks; empty when nothing asked for one and the default has no
   * provider. A named profile that does not exist is an error, not an empty choice.
   */
  Optional<LlmChoice> choose(Optional<String> requested, Optional<String> source) {
    Optional<String> named =
        requested
            .or(() -> source.flatMap(s -> value("parlance.sources." + s + ".llm")))
            .or(() -> value("parlance.llm.profile"));
    String name = named.map(String::strip).orElse(DEFAULT);
    if (!isConfigured(name)) {
      if (named.isPresent() && !name.equals(DEFAULT)) {
        throw new LlmConfigurationException(
            "no LLM profile '"
                + name
                + "': set "
                + key(name, "provider")
                + " (or "
                + environmentName(key(name, "provider"))
                + ")");
      }
      return Optional.empty();
    }
    List<LlmProfile> chain = new ArrayList<>();
    Set<String> seen = new LinkedHashSet<>();
    collect(name, chain, seen);
    return Optional.of(new LlmChoice(name, chain));
  }

  private void collect(String name, List<LlmProfile> chain, Set<String> seen) {
    if (!seen.add(name)) {
      return;
    }
    if (!isConfigured(name)) {
      throw new LlmConfigurationException(
          "fallback LLM profile '" + name + "' is not configured: set " + key(name, "provider"));
    }
    chain.add(profile(name));
    for (String next : value(key(name, "fallback")).map(LlmSettings::list).orElse(List.of())) {
      collect(next, chain, seen);
    }
  }

  boolean isConfigured(String name) {
    return value(key(name, "provider")).isPresent();
  }

  /**
   * The profile's settings; the key falls back to the vendor's usual variable (OPENAI_API_KEY…).
   */
  LlmProfile profile(String name) {
    Provider provider = Provider.parse(value(key(name, "provider")).orElseThrow());
    String model =
        value(key(name, "model"))
            .orElseThrow(
                () ->
                    new LlmConfigurationException(
                        "LLM profile '"
                            + name
                            + "' ("
                            + provider.id()
                            + ") needs a model: set "
                            + key(name, "model")
                            + " (or "
                            + environmentName(key(name, "model"))
                            + ")"));
    Optional<String> apiKey =
        value(key(name, "api-key")).or(() -> provider.keyVariable().flatMap(this::environment));
    Optional<String> baseUrl =
        value(key(name, "base-url"))
            .or(
                () ->
                    provider == Provider.AZURE_OPENAI
                        ? environment("AZURE_OPENAI_ENDPOINT")
                        : Optional.empty());
    return new LlmProfile(
        name,
        provider,
        model,
        apiKey,
        baseUrl,
        value(key(name, "api-version")),
        value(key(name, "timeout"))
            .map(t -> duration(key(name, "timeout"), t))
            .orElse(LlmProfile.DEFAULT_TIMEOUT),
        value(key(name, "max-retries"))
            .map(v -> integer(key(name, "max-retries"), v))
            .orElse(LlmProfile.DEFAULT_MAX_RETRIES),
        price(name, model),
        value(key(name, "parallelism"))
            .map(v -> integer(key(name, "parallelism"), v))
            .orElse(LlmProfile.DEFAULT_PARALLELISM),
        value(key(name, "batch-dir")).map(Path::of));
  }

  // The profile's own price, else the model's entry in the price table.
  private Optional<ModelPrice> price(String name, String model) {
    Optional<String> in = value(key(name, "price.input"));
    Optional<String> out = value(key(name, "price.output"));
    if (in.isEmpty() && out.isEmpty()) {
      in = value("parlance.llm.prices." + model + ".input");
      out = value("parlance.llm.prices." + model + ".output");
    }
    if (in.isEmpty() && out.isEmpty()) {
      return Optional.empty();
    }
    if (in.isEmpty() || out.isEmpty()) {
      throw new LlmConfigurationException(
          "LLM profile '"
              + name
              + "' has only half a price: set both price.input and price.output (US$ per million"
              + " tokens)");
    }
    try {
      return Optional.of(new ModelPrice(new BigDecimal(in.get()), new BigDecimal(out.get())));
    } catch (NumberFormatException e) {
      throw new LlmConfigurationException(
          "LLM profile '"
              + name
              + "' has a price that is not a number: "
              + in.get()
              + " / "
              + out.get());
    }
  }

  /** {@code parlance.llm.KEY} for the default profile, {@code parlance.llm.profiles.NAME.KEY}. */
  static String key(String profile, String key) {
    return DEFAULT.equals(profile)
        ? "parlance.llm." + key
        : "parlance.llm.profiles." + profile + "." + key;
  }

  /** What to tell a user who has no language model configured. */
  static String howToConfigure() {
    return String.join(
        System.lineSeparator(),
        "no language model is configured. Configure one with environment variables, for example:",
        "  a vendor:       PARLANCE_LLM_PROVIDER=openai PARLANCE_LLM_MODEL=gpt-4o-mini"
            + " OPENAI_API_KEY=sk-...",
        "                  (providers: " + Provider.known() + ")",
        "  a local Ollama: ollama pull llama3.2, then PARLANCE_LLM_PROVIDER=ollama"
            + " PARLANCE_LLM_MODEL=llama3.2",
        "Every key can also be a -D system property (parlance.llm.provider, parlance.llm.model, ...);"
            + " see docs/design/llm.md.");
  }

  private Optional<String> value(String key) {
    return settings.apply(key).map(String::strip).filter(v -> !v.isEmpty());
  }

  private Optional<String> environment(String variable) {
    return value(variable);
  }

  /**
   * {@code parlance.llm.api-key} → {@code PARLANCE_LLM_API_KEY}, as MicroProfile Config maps it.
   */
  static String environmentName(String key) {
    return key.toUpperCase(Locale.ROOT).replaceAll("[^A-Z0-9]", "_");
  }

  private static List<String> list(String text) {
    return java.util.Arrays.stream(text.split(","))
        .map(String::strip)
        .filter(s -> !s.isEmpty())
        .toList();
  }

  private static int integer(String key, String text) {
    try {
      return Integer.parseInt(text.strip());
    } catch (NumberFormatException e) {
      throw new LlmConfigurationException(key + " must be a whole number, got '" + text + "'");
    }
  }

  /** {@code 60} (seconds), {@code 90s}, {@code 500ms}, {@code 2m} or ISO-8601 {@code PT2M}. */
  static Duration duration(String key, String text) {
    String t = text.strip().toLowerCase(Locale.ROOT);
    try {
      if (t.startsWith("pt")) {
        return Duration.parse(t.toUpperCase(Locale.ROOT));
      }
      if (t.endsWith("ms")) {
        return Duration.ofMillis(Long.parseLong(t.substring(0, t.length() - 2).strip()));
      }
      if (t.endsWith("s")) {
        return Duration.ofMillis(
            (long) (Double.parseDouble(t.substring(0, t.length() - 1).strip()) * 1000));
      }
      if (t.endsWith("m")) {
        return Duration.ofSeconds(
            (long) (Double.parseDouble(t.substring(0, t.length() - 1).strip()) * 60));
      }
      return Duration.ofMillis((long) (Double.parseDouble(t) * 1000));
    } catch (NumberFormatException | DateTimeParseException e) {
      throw new LlmConfigurationException(
          key + " must be a duration like 60, 90s, 500ms or PT2M, got '" + text + "'");
    }
  }
}
