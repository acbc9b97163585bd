package dev.parlance.adapters.llm;

import dev.parlance.domain.completion.ModelPrice;
import java.nio.file.Path;
import java.time.Duration;
import java.util.Objects;
import java.util.Optional;

/**
 * One configured language model, as read from configuration by the composition root: a named
 * profile ({@code default} for the top-level {@code parlance.llm.*} keys).
 *
 * @param apiVersion Azure OpenAI's {@code api-version}; ignored by other providers
 * @param batchDirectory when set, answers come from (and requests go to) an offline batch folder in
 *     OpenAI's Batch API format instead of live calls
 */
public record LlmProfile(
    String name,
    Provider provider,
    String model,
    Optional<String> apiKey,
    Optional<String> baseUrl,
    Optional<String> apiVersion,
    Duration timeout,
    int maxRetries,
    Optional<ModelPrice> price,
    int parallelism,
    Optional<Path> batchDirectory) {

  public static final Duration DEFAULT_TIMEOUT = Duration.ofSeconds(60);
  public static final int DEFAULT_MAX_RETRIES = 3;
  public static final int DEFAULT_PARALLELISM = 4;

  public LlmProfile {
    Objects.requireNonNull(name, "name");
    Objects.requireNonNull(provider, "provider");
    Objects.requireNonNull(model, "model");
    Objects.requireNonNull(apiKey, "apiKey");
    Objects.requireNonNull(baseUrl, "baseUrl");
    Objects.requireNonNull(apiVersion, "apiVersion");
    Objects.requireNonNull(timeout, "timeout");
    Objects.requireNonNull(price, "price");
    Objects.requireNonNull(batchDirectory, "batchDirectory");
  }

  /** A profile with defaults for everything but vendor, model and key. */
  public static LlmProfile of(String name, Provider provider, String model, String apiKey) {
    return new LlmProfile(
        name,
        provider,
        model,
        Optional.ofNullable(apiKey),
        Optional.empty(),
        Optional.empty(),
        DEFAULT_TIMEOUT,
        DEFAULT_MAX_RETRIES,
        Optional.empty(),
        DEFAULT_PARALLELISM,
        Optional.empty());
  }

  public LlmProfile withBaseUrl(String value) {
    return new LlmProfile(
        name,
        provider,
        model,
        apiKey,
        Optional.ofNullable(value),
        apiVersion,
        timeout,
        maxRetries,
        price,
        parallelism,
        batchDirectory);
  }

  public LlmProfile withPrice(ModelPrice value) {
    return new LlmProfile(
        name,
        provider,
        model,
        apiKey,
        baseUrl,
        apiVersion,
        timeout,
        maxRetries,
        Optional.ofNullable(value),
        parallelism,
        batchDirectory);
  }

  public LlmProfile withTimeout(Duration value) {
    return new LlmProfile(
        name,
        provider,
        model,
        apiKey,
        baseUrl,
        apiVersion,
        value,
        maxRetries,
        price,
        parallelism,
        batchDirectory);
  }

  public LlmProfile withMaxRetries(int value) {
    return new LlmProfile(
        name,
        provider,
        model,
        apiKey,
        baseUrl,
        apiVersion,
        timeout,
        value,
        price,
        parallelism,
        batchDirectory);
  }

  /** E.g. {@code openai gpt-4o-mini} or {@code ollama llama3.2 at http://gpu-box:11434}. */
  public String describe() {
    return provider.id() + " " + model + baseUrl.map(u -> " at " + u).orElse("");
  }
}
