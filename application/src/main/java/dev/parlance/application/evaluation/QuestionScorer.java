package dev.parlance.application.evaluation;

import dev.parlance.domain.evaluation.EvaluationQuestion;
import dev.parlance.domain.evaluation.EvaluationSemantics;
import dev.parlance.domain.evaluation.EvaluationSemantics.PreparedQueries;
import dev.parlance.domain.evaluation.ExecutionLimits;
import dev.parlance.domain.evaluation.ExecutionOutcome;
import dev.parlance.domain.evaluation.GoldMark;
import dev.parlance.domain.evaluation.JaccardProcedure;
import dev.parlance.domain.evaluation.JaccardThresholds;
import dev.parlance.domain.evaluation.ResultDiff;
import dev.parlance.domain.evaluation.RunBenchmarkQueryPort;
import dev.parlance.domain.evaluation.Verdict;
import dev.parlance.domain.source.DataSource;
import java.time.Duration;
import java.util.EnumSet;
import java.util.Optional;
import java.util.Set;

/**
 * Scores one prediction against its gold query as the chosen official evaluator does: both queries
 * rewritten as it rewrites them, run in its order within its time limits, results compared by its
 * rule. Errors and timeouts are wrong. Whoever produced the prediction (a file, the pipeline) does
 * not matter here. Beside the verdict it marks what the gold cannot judge ({@link GoldMark}): a
 * gold that returns no rows, an answer wrong only by the case or surrounding white space of its
 * text.
 */
public final class QuestionScorer {

  /** Rows of each side shown in a failure's diff. */
  static final int DIFF_EXAMPLES = 3;

  private final RunBenchmarkQueryPort runner;
  private final EvaluationSemantics semantics;
  private final JaccardThresholds jaccard;

  public QuestionScorer(
      RunBenchmarkQueryPort runner, EvaluationSemantics semantics, JaccardThresholds jaccard) {
    this.runner = runner;
    this.semantics = semantics;
    this.jaccard = jaccard;
  }

  public EvaluationSemantics semantics() {
    return semantics;
  }

  public JaccardThresholds jaccard() {
    return jaccard;
  }

  /**
   * @param database the question's database, empty when it is missing (the question is skipped)
   * @param predictedSql the prediction, empty when there is none (an error)
   */
  public QuestionResult score(
      EvaluationQuestion question, Optional<DataSource> database, Optional<String> predictedSql) {
    return score(question, database, predictedSql, question.goldSql(), predictedSql);
  }

  /**
   * Scores with queries rewritten to run (a union's qualifier removed, curated views expanded); the
   * result shows the question's gold and the prediction as given.
   *
   * @param goldAsRun the gold query as it runs
   * @param predictedAsRun the prediction as it runs
   */
  public QuestionResult score(
      EvaluationQuestion question,
      Optional<DataSource> database,
      Optional<String> predictedSql,
      String goldAsRun,
      Optional<String> predictedAsRun) {
    if (database.isEmpty()) {
      return new QuestionResult(
          question,
          predictedSql,
          Verdict.SKIPPED,
          "database " + question.database() + " is missing",
          false,
          Optional.empty(),
          Optional.empty(),
          Duration.ZERO,
          Duration.ZERO);
    }
    if (predictedSql.isEmpty()) {
      return new QuestionResult(
          question,
          predictedSql,
          Verdict.ERROR,
          "no prediction",
          false,
          Optional.empty(),
          Optional.empty(),
          Duration.ZERO,
          Duration.ZERO);
    }
    PreparedQueries queries =
        semantics.prepare(goldAsRun, predictedAsRun.orElse(predictedSql.get()));
    DataSource db = database.get();
    Duration budget = semantics.timeout();
    ExecutionOutcome gold;
    ExecutionOutcome predicted;
    if (semantics.goldRunsFirst()) {
      gold = run(db, queries.gold(), budget);
      if (!(gold instanceof ExecutionOutcome.Rows)) {
        return goldFailed(question, predictedSql, gold, Duration.ZERO);
      }
      predicted = run(db, queries.predicted(), next(budget, gold));
    } else {
      predicted = run(db, queries.predicted(), budget);
      if (!(predicted instanceof ExecutionOutcome.Rows)) {
        return predictionFailed(question, predictedSql, predicted, Duration.ZERO);
      }
      gold = run(db, queries.gold(), next(budget, predicted));
    }
    if (!(predicted instanceof ExecutionOutcome.Rows p)) {
      return predictionFailed(question, predictedSql, predicted, gold.elapsed());
    }
    if (!(gold instanceof ExecutionOutcome.Rows g)) {
      return goldFailed(question, predictedSql, gold, predicted.elapsed());
    }
    boolean same = semantics.sameResult(queries, g.table(), p.table());
    boolean jaccardCorrect = JaccardProcedure.compare(g.table(), p.table(), jaccard).correct();
    Set<GoldMark> marks = EnumSet.noneOf(GoldMark.class);
    if (g.table().isEmpty()) {
      marks.add(GoldMark.GOLD_EMPTY);
    }
    if (!same
        && semantics.sameResult(
            queries,
            GoldMark.caseAndSpaceFolded(g.table()),
            GoldMark.caseAndSpaceFolded(p.table()))) {
      marks.add(GoldMark.TEXT_CASE_OR_SPACE);
    }
    return new QuestionResult(
        question,
        predictedSql,
        same ? Verdict.CORRECT : Verdict.WRONG,
        same ? "" : "results differ",
        false,
        same
            ? Optional.empty()
            : Optional.of(ResultDiff.between(g.table(), p.table(), DIFF_EXAMPLES)),
        Optional.of(jaccardCorrect),
        g.elapsed(),
        p.elapsed(),
        marks);
  }

  // BIRD's budget covers both queries; Spider gives each its own.
  private Duration next(Duration budget, ExecutionOutcome first) {
    if (!semantics.timeoutCoversBothQueries()) {
      return budget;
    }
    Duration left = budget.minus(first.elapsed());
    return left.isNegative() ? Duration.ZERO : left;
  }

  private ExecutionOutcome run(DataSource db, String sql, Duration timeout) {
    return runner.run(db, sql, new ExecutionLimits(timeout, semantics.textDecoding()));
  }

  private QuestionResult predictionFailed(
      EvaluationQuestion q, Optional<String> sql, ExecutionOutcome outcome, Duration goldTime) {
    boolean timedOut = outcome instanceof ExecutionOutcome.TimedOut;
    return new QuestionResult(
        q,
        sql,
        timedOut ? Verdict.TIMEOUT : Verdict.ERROR,
        timedOut
            ? "prediction ran past " + seconds(semantics.timeout()) + timeoutScope()
            : "prediction failed: " + ((ExecutionOutcome.Failed) outcome).message(),
        false,
        Optional.empty(),
        Optional.empty(),
        goldTime,
        outcome.elapsed());
  }

  private QuestionResult goldFailed(
      EvaluationQuestion q,
      Optional<String> sql,
      ExecutionOutcome outcome,
      Duration predictedTime) {
    boolean timedOut = outcome instanceof ExecutionOutcome.TimedOut;
    return new QuestionResult(
        q,
        sql,
        timedOut ? Verdict.TIMEOUT : Verdict.ERROR,
        timedOut
            ? "gold query ran past " + seconds(semantics.timeout()) + timeoutScope()
            : "gold query failed: " + ((ExecutionOutcome.Failed) outcome).message(),
        true,
        Optional.empty(),
        Optional.empty(),
        outcome.elapsed(),
        predictedTime);
  }

  private String timeoutScope() {
    return semantics.timeoutCoversBothQueries() ? " (for both queries)" : "";
  }

  private static String seconds(Duration d) {
    return d.toSeconds() + " s";
  }
}
