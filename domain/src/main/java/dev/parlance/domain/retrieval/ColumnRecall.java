package dev.parlance.domain.retrieval;

import dev.parlance.domain.catalog.Names;
import java.util.HashSet;
import java.util.List;
import java.util.Set;

/**
 * CRUSH4SQL's metric (§5.1): the share of a question's gold columns found among the first B
 * retrieved columns, {@code |R(q(x)) ∩ R(x)| / |R(q(x))|}. Ids compare case-insensitively.
 */
public final class ColumnRecall {
  private ColumnRecall() {}

  /**
   * @param gold the gold column ids ({@code table.column})
   * @param ranked retrieved column ids, best first
   * @param budget how many of {@code ranked} count
   */
  public static double at(Set<String> gold, List<String> ranked, int budget) {
    if (gold.isEmpty()) {
      throw new IllegalArgumentException("recall is undefined without gold columns");
    }
    Set<String> goldKeys = new HashSet<>();
    gold.forEach(g -> goldKeys.add(Names.key(g)));
    Set<String> found = new HashSet<>();
    for (String id : ranked.subList(0, Math.min(budget, ranked.size()))) {
      String key = Names.key(id);
      if (goldKeys.contains(key)) {
        found.add(key);
      }
    }
    return (double) found.size() / goldKeys.size();
  }
}
