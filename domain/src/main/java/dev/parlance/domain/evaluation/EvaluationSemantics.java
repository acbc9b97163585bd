package dev.parlance.domain.evaluation;

import java.time.Duration;
import java.util.Locale;

/**
 * How an official evaluator decides that a prediction is right (METHODS.md §6): what it does to the
 * queries before running them, how long they may run, how text is decoded, and when two results are
 * the same. Errors and timeouts are always wrong.
 */
public sealed interface EvaluationSemantics {

  /** {@code bird} or {@code spider}. */
  String label();

  /** One line saying which evaluator this follows, for reports. */
  String description();

  /** The queries as the evaluator runs them, and whether row order counts. */
  PreparedQueries prepare(String goldSql, String predictedSql);

  /** How long a query may run (BIRD: the gold and the prediction together). */
  Duration timeout();

  /** Whether {@link #timeout()} covers both queries together rather than each. */
  boolean timeoutCoversBothQueries();

  /** Whether the gold query runs before the prediction. */
  boolean goldRunsFirst();

  TextDecoding textDecoding();

  boolean sameResult(PreparedQueries queries, ResultTable gold, ResultTable predicted);

  static EvaluationSemantics bird() {
    return new Bird();
  }

  static EvaluationSemantics spider() {
    return new Spider(false);
  }

  static EvaluationSemantics parse(String text) {
    return switch (text.strip().toLowerCase(Locale.ROOT)) {
      case "bird" -> bird();
      case "spider" -> spider();
      case "spider-keep-distinct" -> new Spider(true);
      default ->
          throw new IllegalArgumentException(
              "unknown semantics '" + text + "' (use bird, spider or spider-keep-distinct)");
    };
  }

  /**
   * @param gold the gold query as it runs
   * @param predicted the prediction as it runs
   * @param orderMatters whether the rows must come in the same order
   */
  record PreparedQueries(String gold, String predicted, boolean orderMatters) {}

  /**
   * BIRD's {@code evaluation.py}: the queries run as given, the prediction first, both within one
   * 30 s budget ({@code func_timeout} around both); correct iff {@code set(predicted rows) ==
   * set(gold rows)}. Python's {@code sqlite3} decodes text strictly, so text that is not UTF-8 is
   * an error.
   */
  record Bird() implements EvaluationSemantics {
    @Override
    public String label() {
      return "bird";
    }

    @Override
    public String description() {
      return "BIRD evaluation.py: set(predicted rows) == set(gold rows); 30 s for both queries";
    }

    @Override
    public PreparedQueries prepare(String goldSql, String predictedSql) {
      return new PreparedQueries(goldSql.strip(), predictedSql, false);
    }

    @Override
    public Duration timeout() {
      return Duration.ofSeconds(30);
    }

    @Override
    public boolean timeoutCoversBothQueries() {
      return true;
    }

    @Override
    public boolean goldRunsFirst() {
      return false;
    }

    @Override
    public TextDecoding textDecoding() {
      return TextDecoding.STRICT;
    }

    @Override
    public boolean sameResult(PreparedQueries queries, ResultTable gold, ResultTable predicted) {
      return ResultComparison.sameRowSet(gold, predicted);
    }
  }

  /**
   * Spider's test-suite evaluator with {@code --etype exec}: a prediction's {@code " value "}
   * becomes {@code " 1 "}; in both queries {@code "> ="}, {@code "< ="}, {@code "! ="} are closed
   * up, every {@code DISTINCT} token is removed (unless {@code keepDistinct}) and {@code
   * YEAR(CURDATE())} becomes 2020; order matters iff the gold contains {@code order by}; each query
   * may run 60 s; text is decoded ignoring invalid bytes; results compare by {@link
   * ResultComparison#sameUpToColumnPermutation}.
   */
  record Spider(boolean keepDistinct) implements EvaluationSemantics {
    @Override
    public String label() {
      return keepDistinct ? "spider-keep-distinct" : "spider";
    }

    @Override
    public String description() {
      return "Spider test-suite exec_eval.py (--etype exec"
          + (keepDistinct ? ", --keep_distinct" : "")
          + "): row multisets up to a column permutation, order iff gold says 'order by';"
          + " 60 s per query";
    }

    @Override
    public PreparedQueries prepare(String goldSql, String predictedSql) {
      String gold = SpiderRewrites.closeComparisons(goldSql.strip());
      String predicted =
          SpiderRewrites.closeComparisons(
              SpiderRewrites.fillValuePlaceholders(predictedSql.strip()));
      if (!keepDistinct) {
        gold = SpiderRewrites.removeDistinct(gold);
        predicted = SpiderRewrites.removeDistinct(predicted);
      }
      boolean orderMatters = SpiderRewrites.orderMatters(gold);
      return new PreparedQueries(
          SpiderRewrites.replaceCurrentYear(gold),
          SpiderRewrites.replaceCurrentYear(predicted),
          orderMatters);
    }

    @Override
    public Duration timeout() {
      return Duration.ofSeconds(60);
    }

    @Override
    public boolean timeoutCoversBothQueries() {
      return false;
    }

    @Override
    public boolean goldRunsFirst() {
      return true;
    }

    @Override
    public TextDecoding textDecoding() {
      return TextDecoding.IGNORE_INVALID_BYTES;
    }

    @Override
    public boolean sameResult(PreparedQueries queries, ResultTable gold, ResultTable predicted) {
      return ResultComparison.sameUpToColumnPermutation(gold, predicted, queries.orderMatters());
    }
  }
}
