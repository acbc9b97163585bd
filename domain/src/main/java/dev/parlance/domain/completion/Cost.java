package dev.parlance.domain.completion;

import java.math.BigDecimal;
import java.math.RoundingMode;
import java.util.Objects;

/**
 * Money spent on calls, in US dollars. Calls whose model has no configured price are counted in
 * {@code unpricedCalls}: then {@code usd} is a lower bound, never a silent zero.
 */
public record Cost(BigDecimal usd, int unpricedCalls) {

  public static final Cost ZERO = new Cost(BigDecimal.ZERO, 0);

  public Cost {
    Objects.requireNonNull(usd, "usd");
    if (usd.signum() < 0 || unpricedCalls < 0) {
      throw new IllegalArgumentException("a cost cannot be negative");
    }
  }

  public static Cost of(BigDecimal usd) {
    return new Cost(usd, 0);
  }

  /** One call whose price is not known. */
  public static Cost unpriced() {
    return new Cost(BigDecimal.ZERO, 1);
  }

  public boolean isKnown() {
    return unpricedCalls == 0;
  }

  public Cost plus(Cost other) {
    return new Cost(usd.add(other.usd), unpricedCalls + other.unpricedCalls);
  }

  /** E.g. {@code $0.000412}, or {@code ≥ $0.000412 (2 calls unpriced)}. */
  public String display() {
    String amount = "$" + usd.setScale(6, RoundingMode.HALF_UP).toPlainString();
    if (isKnown()) {
      return amount;
    }
    return (usd.signum() == 0 ? "unknown" : "≥ " + amount)
        + " ("
        + unpricedCalls
        + (unpricedCalls == 1 ? " call" : " calls")
        + " without a configured price)";
  }
}
