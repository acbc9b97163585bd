package dev.parlance.domain.values;

import java.util.Locale;

/**
 * SQL-PaLM's fuzzy match F_m (§6.3, Eq. 16): the longest contiguous matching subsequence, applied
 * recursively left and right of each match as Ratcliff and Obershelp do (Python's {@code
 * difflib.SequenceMatcher.ratio()} without its junk heuristic), as {@code 2·M / (|a| + |b|)}.
 * Case-insensitive: users do not type the database's capitals.
 */
public final class MatchingRatio {
  private MatchingRatio() {}

  public static double of(String a, String b) {
    String x = a.toLowerCase(Locale.ROOT);
    String y = b.toLowerCase(Locale.ROOT);
    int total = x.length() + y.length();
    if (total == 0) {
      return 1.0;
    }
    return 2.0 * matches(x, 0, x.length(), y, 0, y.length()) / total;
  }

  private static int matches(String x, int xFrom, int xTo, String y, int yFrom, int yTo) {
    if (xFrom >= xTo || yFrom >= yTo) {
      return 0;
    }
    // Longest common substring of x[xFrom,xTo) and y[yFrom,yTo), earliest in x on ties.
    int bestLength = 0;
    int bestX = xFrom;
    int bestY = yFrom;
    int[] previous = new int[yTo - yFrom + 1];
    int[] current = new int[yTo - yFrom + 1];
    for (int i = xFrom; i < xTo; i++) {
      for (int j = yFrom; j < yTo; j++) {
        int k = j - yFrom + 1;
        current[k] = x.charAt(i) == y.charAt(j) ? previous[k - 1] + 1 : 0;
        if (current[k] > bestLength) {
          bestLength = current[k];
          bestX = i - bestLength + 1;
          bestY = j - bestLength + 1;
        }
      }
      int[] swap = previous;
      previous = current;
      current = swap;
      java.util.Arrays.fill(current, 0);
    }
    if (bestLength == 0) {
      return 0;
    }
    return bestLength
        + matches(x, xFrom, bestX, y, yFrom, bestY)
        + matches(x, bestX + bestLength, xTo, y, bestY + bestLength, yTo);
  }
}
