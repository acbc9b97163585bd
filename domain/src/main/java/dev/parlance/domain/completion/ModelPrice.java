package dev.parlance.domain.completion;

import java.math.BigDecimal;
import java.math.MathContext;
import java.util.Objects;

/** What a model costs, in US dollars per million prompt (input) and completion (output) tokens. */
public record ModelPrice(BigDecimal inputPerMillion, BigDecimal outputPerMillion) {

  private static final BigDecimal MILLION = BigDecimal.valueOf(1_000_000);

  public ModelPrice {
    Objects.requireNonNull(inputPerMillion, "inputPerMillion");
    Objects.requireNonNull(outputPerMillion, "outputPerMillion");
    if (inputPerMillion.signum() < 0 || outputPerMillion.signum() < 0) {
      throw new IllegalArgumentException("prices cannot be negative");
    }
  }

  public static ModelPrice perMillion(String input, String output) {
    return new ModelPrice(new BigDecimal(input), new BigDecimal(output));
  }

  public Cost costOf(TokenUsage usage) {
    BigDecimal usd =
        inputPerMillion
            .multiply(BigDecimal.valueOf(usage.promptTokens()))
            .add(outputPerMillion.multiply(BigDecimal.valueOf(usage.completionTokens())))
            .divide(MILLION, MathContext.DECIMAL64);
    return Cost.of(usd);
  }

  /** The same price scaled, e.g. by 0.5 for a vendor's batch discount. */
  public ModelPrice times(BigDecimal factor) {
    return new ModelPrice(inputPerMillion.multiply(factor), outputPerMillion.multiply(factor));
  }
}
