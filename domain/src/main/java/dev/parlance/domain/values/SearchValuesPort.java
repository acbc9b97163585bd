package dev.parlance.domain.values;

import java.util.List;

/**
 * Finds stored values that could match a phrase: a cheap, generous candidate search (e.g. by shared
 * character trigrams) that {@link MatchingRatio} then scores exactly.
 */
@FunctionalInterface
public interface SearchValuesPort {
  List<ColumnValue> candidates(String source, String phrase, int k);
}
