package dev.parlance.domain.evaluation;

/**
 * The thresholds of Nascimento's evaluation procedure (dissertation §5.2.1).
 *
 * @param column tc: a gold column matches a predicted column when the Jaccard similarity of their
 *     value sets is at least this
 * @param coverage tn: the prediction fails when fewer than this share of the gold columns match
 * @param table tq: the prediction is correct when the Jaccard similarity of the aligned tables' row
 *     sets is at least this
 */
public record JaccardThresholds(double column, double coverage, double table) {

  /** tc = 0.5, tn = 1.0, tq = 0.9 (METHODS.md §6). */
  public static final JaccardThresholds DEFAULTS = new JaccardThresholds(0.5, 1.0, 0.9);

  public JaccardThresholds {
    check("tc", column);
    check("tn", coverage);
    check("tq", table);
  }

  private static void check(String name, double value) {
    if (!(value >= 0 && value <= 1)) {
      throw new IllegalArgumentException(name + " must be between 0 and 1, got " + value);
    }
  }

  /** How the thresholds are printed with every result: {@code tc=0.5 tn=1.0 tq=0.9}. */
  public String describe() {
    return "tc=" + column + " tn=" + coverage + " tq=" + table;
  }
}
