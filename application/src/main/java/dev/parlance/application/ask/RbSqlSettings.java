package dev.parlance.application.ask;

/**
 * RB-SQL's settings (003 §4.2–4.3, docs/design/ask.md "RB-SQL"), on Parlance's own score scale: 100
 * × the cosine of the question's embedding and a table's or column's text (the paper's θ and μ are
 * sums of ColBERT MaxSim scores, another scale).
 *
 * @param theta Table-Retriever's threshold θ: tables scoring below it leave the prompt (the best
 *     table always stays)
 * @param mu Column-Retriever's threshold μ: columns of the kept tables scoring below it leave the
 *     prompt (keys and each kept table's best column stay)
 * @param muCoarse the coarse pre-filter μ' for very wide tables (§4.2.3): a table whose text is too
 *     long to embed whole is scored on its columns above μ' only
 * @param shots k, the examples shown; 0 takes the pool's own (the paper's best: 5 for Spider's
 *     training set, 3 otherwise)
 * @param skeletonWeight how much the skeleton's similarity counts against the question's when
 *     examples are ranked, in [0, 1]
 */
public record RbSqlSettings(
    double theta, double mu, double muCoarse, int shots, double skeletonWeight) {

  public RbSqlSettings {
    if (!(theta >= 0 && theta <= 100 && mu >= 0 && mu <= 100 && muCoarse >= 0 && muCoarse <= mu)) {
      throw new IllegalArgumentException(
          "RB-SQL's thresholds are within [0, 100] and μ' ≤ μ (θ "
              + theta
              + ", μ "
              + mu
              + ", μ' "
              + muCoarse
              + ")");
    }
    if (shots < 0 || shots > 20) {
      throw new IllegalArgumentException("RB-SQL's shots must be within [0, 20], got " + shots);
    }
    if (!(skeletonWeight >= 0 && skeletonWeight <= 1)) {
      throw new IllegalArgumentException("the skeleton's weight must be within [0, 1]");
    }
  }

  /** θ, μ and μ' chosen from the Figure 6 sweep (docs/design/ask.md). */
  public static RbSqlSettings defaults() {
    return new RbSqlSettings(DEFAULT_THETA, DEFAULT_MU, DEFAULT_MU_COARSE, 0, 0.5);
  }

  public static final double DEFAULT_THETA = 45;
  public static final double DEFAULT_MU = 40;
  public static final double DEFAULT_MU_COARSE = 30;
}
