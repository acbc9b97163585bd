package dev.parlance.application.evaluation;

import dev.parlance.domain.evaluation.EvaluationQuestion;
import dev.parlance.domain.evaluation.ResultDiff;
import dev.parlance.domain.evaluation.Verdict;
import java.time.Duration;
import java.util.Objects;
import java.util.Optional;

/**
 * How one question scored.
 *
 * @param predictedSql the prediction as given (empty when there was none)
 * @param detail why it is not correct: the database's error, the timeout, the missing database
 * @param goldFailed whether the gold query itself failed or ran out of time
 * @param diff how the results differ, when both ran and differ
 * @param jaccardCorrect Nascimento's procedure's verdict, when both ran
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
    Duration predictedTime) {

  public QuestionResult {
    Objects.requireNonNull(question, "question");
    predictedSql = Objects.requireNonNullElse(predictedSql, Optional.empty());
    Objects.requireNonNull(verdict, "verdict");
    Objects.requireNonNull(detail, "detail");
    diff = Objects.requireNonNullElse(diff, Optional.empty());
    jaccardCorrect = Objects.requireNonNullElse(jaccardCorrect, Optional.empty());
    Objects.requireNonNull(goldTime, "goldTime");
    Objects.requireNonNull(predictedTime, "predictedTime");
  }

  public String difficulty() {
    return question.difficulty().orElse(EvaluationReport.UNKNOWN_DIFFICULTY);
  }
}
