package dev.parlance.domain.evaluation;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.Comparator;
import java.util.HashSet;
import java.util.List;
import java.util.Set;

/**
 * Nascimento's evaluation procedure (dissertation §5.2.1), which tolerates some mismatch in columns
 * and rows: (2) match each gold column to the most similar predicted column by Jaccard similarity
 * of their value sets, at least tc; (3) fail if fewer than tn of the gold columns match; (4) keep
 * the matched columns, the predicted ones in their gold partner's order; (5) correct iff the
 * Jaccard similarity of the two tables' row sets is at least tq.
 *
 * <p>The dissertation leaves open whether two gold columns may match the same predicted column;
 * here the matching is one-to-one (a "matching"), taken greedily from the most similar pair down,
 * ties to the leftmost gold then predicted column. The Jaccard similarity of two empty sets is 1.
 */
public final class JaccardProcedure {
  private JaccardProcedure() {}

  /**
   * @param matched for each gold column, the index of its predicted column, or -1
   * @param coverage the share of gold columns that matched
   * @param tableSimilarity the aligned tables' similarity (0 when step 3 failed)
   */
  public record Outcome(
      boolean correct, List<Integer> matched, double coverage, double tableSimilarity) {
    public Outcome {
      matched = List.copyOf(matched);
    }
  }

  public static Outcome compare(
      ResultTable gold, ResultTable predicted, JaccardThresholds thresholds) {
    int goldWidth = gold.width();
    int predictedWidth = predicted.width();
    List<Set<SqlValue>> goldColumns = new ArrayList<>();
    for (int i = 0; i < goldWidth; i++) {
      goldColumns.add(new HashSet<>(gold.column(i)));
    }
    List<Set<SqlValue>> predictedColumns = new ArrayList<>();
    for (int j = 0; j < predictedWidth; j++) {
      predictedColumns.add(new HashSet<>(predicted.column(j)));
    }
    record Pair(int gold, int predicted, double similarity) {}
    List<Pair> pairs = new ArrayList<>();
    for (int i = 0; i < goldWidth; i++) {
      for (int j = 0; j < predictedWidth; j++) {
        double s = jaccard(goldColumns.get(i), predictedColumns.get(j));
        if (s >= thresholds.column()) {
          pairs.add(new Pair(i, j, s));
        }
      }
    }
    pairs.sort(
        Comparator.comparingDouble(Pair::similarity)
            .reversed()
            .thenComparingInt(Pair::gold)
            .thenComparingInt(Pair::predicted));
    int[] match = new int[goldWidth];
    Arrays.fill(match, -1);
    boolean[] taken = new boolean[predictedWidth];
    int matchedCount = 0;
    for (Pair p : pairs) {
      if (match[p.gold()] < 0 && !taken[p.predicted()]) {
        match[p.gold()] = p.predicted();
        taken[p.predicted()] = true;
        matchedCount++;
      }
    }
    List<Integer> matched = Arrays.stream(match).boxed().toList();
    double coverage = goldWidth == 0 ? 1.0 : (double) matchedCount / goldWidth;
    if (coverage < thresholds.coverage() || matchedCount == 0) {
      return new Outcome(false, matched, coverage, 0);
    }
    Set<List<SqlValue>> goldRows = new HashSet<>();
    Set<List<SqlValue>> predictedRows = new HashSet<>();
    for (List<SqlValue> row : gold.rows()) {
      List<SqlValue> kept = new ArrayList<>();
      for (int i = 0; i < goldWidth; i++) {
        if (match[i] >= 0) {
          kept.add(row.get(i));
        }
      }
      goldRows.add(kept);
    }
    for (List<SqlValue> row : predicted.rows()) {
      List<SqlValue> kept = new ArrayList<>();
      for (int i = 0; i < goldWidth; i++) {
        if (match[i] >= 0) {
          kept.add(row.get(match[i]));
        }
      }
      predictedRows.add(kept);
    }
    double similarity = jaccard(goldRows, predictedRows);
    return new Outcome(similarity >= thresholds.table(), matched, coverage, similarity);
  }

  static <T> double jaccard(Set<T> a, Set<T> b) {
    if (a.isEmpty() && b.isEmpty()) {
      return 1.0;
    }
    int common = 0;
    for (T x : a) {
      if (b.contains(x)) {
        common++;
      }
    }
    return (double) common / (a.size() + b.size() - common);
  }
}
