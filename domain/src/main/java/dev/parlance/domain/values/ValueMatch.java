package dev.parlance.domain.values;

import java.util.Objects;

/** A stored value that a phrase of the question matches, with its matching ratio. */
public record ValueMatch(ColumnValue value, String phrase, double ratio) {
  public ValueMatch {
    Objects.requireNonNull(value, "value");
    Objects.requireNonNull(phrase, "phrase");
  }
}
