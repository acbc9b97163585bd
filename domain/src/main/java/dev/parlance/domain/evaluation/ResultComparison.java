package dev.parlance.domain.evaluation;

import java.util.ArrayList;
import java.util.Comparator;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Map;

/** The two official ways of deciding that a predicted result equals the gold result. */
public final class ResultComparison {
  private ResultComparison() {}

  /**
   * BIRD's rule ({@code evaluation.py}, {@code calculate_ex}): {@code set(predicted) == set(gold)}.
   * Row order and duplicate rows are ignored; a row is a tuple, so column order counts.
   */
  public static boolean sameRowSet(ResultTable gold, ResultTable predicted) {
    return new HashSet<>(gold.rows()).equals(new HashSet<>(predicted.rows()));
  }

  /**
   * Spider's test-suite rule ({@code exec_eval.py}, {@code result_eq}): two empty results are
   * equal; otherwise the row counts and the row widths must be equal, the rows with their values
   * sorted must agree (a quick rejection, as a list when order matters, else as a set), and some
   * permutation of the predicted columns must make the rows equal as a multiset, or as a sequence
   * when order matters.
   */
  public static boolean sameUpToColumnPermutation(
      ResultTable gold, ResultTable predicted, boolean orderMatters) {
    List<List<SqlValue>> g = gold.rows();
    List<List<SqlValue>> p = predicted.rows();
    if (g.isEmpty() && p.isEmpty()) {
      return true;
    }
    if (g.size() != p.size()) {
      return false;
    }
    int width = g.getFirst().size();
    if (p.getFirst().size() != width) {
      return false;
    }
    if (!quickAccept(g, p, orderMatters)) {
      return false;
    }
    // Candidate columns: predicted column j can stand for gold column i only if its values agree
    // with column i (as a sequence when order matters, else as a multiset). Spider prunes with
    // sampled rows instead; both only drop permutations that cannot succeed.
    List<List<Integer>> candidates = new ArrayList<>();
    for (int i = 0; i < width; i++) {
      List<Integer> fits = new ArrayList<>();
      Object goldColumn = columnKey(gold.column(i), orderMatters);
      for (int j = 0; j < width; j++) {
        if (goldColumn.equals(columnKey(predicted.column(j), orderMatters))) {
          fits.add(j);
        }
      }
      if (fits.isEmpty()) {
        return false;
      }
      candidates.add(fits);
    }
    Map<List<SqlValue>, Integer> goldCounts = orderMatters ? Map.of() : counts(g);
    return search(
        0, new int[width], new boolean[width], candidates, g, p, orderMatters, goldCounts);
  }

  private static boolean search(
      int column,
      int[] permutation,
      boolean[] used,
      List<List<Integer>> candidates,
      List<List<SqlValue>> gold,
      List<List<SqlValue>> predicted,
      boolean orderMatters,
      Map<List<SqlValue>, Integer> goldCounts) {
    if (column == permutation.length) {
      List<List<SqlValue>> permuted = permute(predicted, permutation);
      return orderMatters ? gold.equals(permuted) : goldCounts.equals(counts(permuted));
    }
    for (int j : candidates.get(column)) {
      if (!used[j]) {
        used[j] = true;
        permutation[column] = j;
        if (search(
            column + 1, permutation, used, candidates, gold, predicted, orderMatters, goldCounts)) {
          return true;
        }
        used[j] = false;
      }
    }
    return false;
  }

  private static List<List<SqlValue>> permute(List<List<SqlValue>> rows, int[] permutation) {
    List<List<SqlValue>> out = new ArrayList<>(rows.size());
    for (List<SqlValue> row : rows) {
      List<SqlValue> permuted = new ArrayList<>(permutation.length);
      for (int j : permutation) {
        permuted.add(row.get(j));
      }
      out.add(permuted);
    }
    return out;
  }

  // exec_eval.py quick_rej: each row's values sorted by str(value) + str(type(value)).
  private static boolean quickAccept(
      List<List<SqlValue>> gold, List<List<SqlValue>> predicted, boolean orderMatters) {
    List<List<SqlValue>> g = gold.stream().map(ResultComparison::unorder).toList();
    List<List<SqlValue>> p = predicted.stream().map(ResultComparison::unorder).toList();
    return orderMatters ? g.equals(p) : new HashSet<>(g).equals(new HashSet<>(p));
  }

  private static final Comparator<SqlValue> PYTHON_SORT_KEY =
      (a, b) ->
          PythonText.compareCodePoints(
              PythonText.str(a) + PythonText.typeName(a),
              PythonText.str(b) + PythonText.typeName(b));

  static List<SqlValue> unorder(List<SqlValue> row) {
    List<SqlValue> sorted = new ArrayList<>(row);
    sorted.sort(PYTHON_SORT_KEY); // stable, like Python's sorted()
    return sorted;
  }

  private static Object columnKey(List<SqlValue> column, boolean orderMatters) {
    if (orderMatters) {
      return column;
    }
    Map<SqlValue, Integer> counts = new HashMap<>();
    column.forEach(v -> counts.merge(v, 1, Integer::sum));
    return counts;
  }

  private static Map<List<SqlValue>, Integer> counts(List<List<SqlValue>> rows) {
    Map<List<SqlValue>, Integer> counts = new HashMap<>();
    rows.forEach(r -> counts.merge(r, 1, Integer::sum));
    return counts;
  }
}
