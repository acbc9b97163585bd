package dev.parlance.application.evaluation;

import dev.parlance.domain.evaluation.EvaluationQuestion;
import dev.parlance.domain.evaluation.GoldMark;
import dev.parlance.domain.evaluation.ResultDiff;
import dev.parlance.domain.evaluation.Verdict;
import java.time.Duration;
import java.util.EnumSet;
import java.util.Objects;
import java.util.Optional;
import java.util.Set;

/**
 * How one question scored.
 *
 * @param predictedSql the prediction as given (empty when there was none)
 * @param detail why it is not correct: the database's error, the timeout, the missing database
 * @param goldFailed whether the gold query itself failed or ran out of time
 * @param diff how the results differ, when both ran and differ
 * @param jaccardCorrect Nascimento's procedure's verdict, when both ran
 * @param marks what the gold cannot judge here (beside the verdict, which stays the official one)
 */
public record QuestionResult(
    EvaluationQuestion question,
    Optional<String> predictedSql,
    Verdict verdict,
    String detail,
    boolean goldFailed,
    Optional<ResultDiff> diff,
    Optional<Boolean> jaccardCorrect,
    Duration goldTime,
    Duration predictedTime,
    Set<GoldMark> marks) {

  public QuestionResult {
    Objects.requireNonNull(question, "question");
    predictedSql = Objects.requireNonNullElse(predictedSql, Optional.empty());
    Objects.requireNonNull(verdict, "verdict");
    Objects.requireNonNull(detail, "detail");
    diff = Objects.requireNonNullElse(diff, Optional.empty());
    jaccardCorrect = Objects.requireNonNullElse(jaccardCorrect, Optional.empty());
    Objects.requireNonNull(goldTime, "goldTime");
    Objects.requireNonNull(predictedTime, "predictedTime");
    marks = marks == null || marks.isEmpty() ? Set.of() : Set.copyOf(EnumSet.copyOf(marks));
  }

  /** A result the gold has nothing to add to. */
  public QuestionResult(
      EvaluationQuestion question,
      Optional<String> predictedSql,
      Verdict verdict,
      String detail,
      boolean goldFailed,
      Optional<ResultDiff> diff,
      Optional<Boolean> jaccardCorrect,
      Duration goldTime,
      Duration predictedTime) {
    this(
        question,
        predictedSql,
        verdict,
        detail,
        goldFailed,
        diff,
        jaccardCorrect,
        goldTime,
        predictedTime,
        Set.of());
  }

  public boolean marked(GoldMark mark) {
    return marks.contains(mark);
  }

  public String difficulty() {
    return question.difficulty().orElse(EvaluationReport.UNKNOWN_DIFFICULTY);
  }
}
