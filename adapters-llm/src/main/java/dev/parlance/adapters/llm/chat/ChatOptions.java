package dev.parlance.adapters.llm.chat;

import dev.parlance.domain.completion.ModelPrice;
import java.util.Objects;
import java.util.Optional;

/**
 * How one configured model is called and accounted: its vendor id (e.g. {@code openai}), the model
 * name sent to it, its price (absent: costs are reported as unknown), the retry policy, and how
 * many samples may be in flight at once.
 */
public record ChatOptions(
    String vendor, String model, Optional<ModelPrice> price, RetryPolicy retry, int parallelism) {

  public ChatOptions {
    Objects.requireNonNull(vendor, "vendor");
    Objects.requireNonNull(model, "model");
    Objects.requireNonNull(price, "price");
    Objects.requireNonNull(retry, "retry");
    if (parallelism < 1) {
      throw new IllegalArgumentException("parallelism must be positive, got " + parallelism);
    }
  }

  public static ChatOptions of(String vendor, String model) {
    return new ChatOptions(vendor, model, Optional.empty(), RetryPolicy.defaults(), 4);
  }

  public ChatOptions withPrice(ModelPrice value) {
    return new ChatOptions(vendor, model, Optional.of(value), retry, parallelism);
  }

  public ChatOptions withRetry(RetryPolicy value) {
    return new ChatOptions(vendor, model, price, value, parallelism);
  }

  public ChatOptions withParallelism(int value) {
    return new ChatOptions(vendor, model, price, retry, value);
  }
}
