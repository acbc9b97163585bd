package dev.parlance.domain.answer;

import java.math.BigDecimal;
import java.util.Objects;

/** Tokens and money spent on questions over some time (a user's or a source's day). */
public record Spend(long tokens, BigDecimal usd) {

  public static final Spend NONE = new Spend(0, BigDecimal.ZERO);

  public Spend {
    Objects.requireNonNull(usd, "usd");
    if (tokens < 0 || usd.signum() < 0) {
      throw new IllegalArgumentException("spend cannot be negative");
    }
  }

  public Spend plus(Spend other) {
    return new Spend(tokens + other.tokens, usd.add(other.usd));
  }
}
