package dev.parlance.domain.values;

import java.util.List;
import java.util.Optional;

/** Stores the distinct values of a source's text columns. */
public interface IndexValuesPort {

  /** Replaces a source's values atomically. */
  void replace(String source, List<ColumnValue> values);

  /** How many values are indexed for a source, if it was ever indexed. */
  Optional<Integer> count(String source);
}
