package dev.parlance.application.evaluation;

import dev.parlance.application.retrieval.Progress;
import dev.parlance.domain.evaluation.EvaluationDataset;
import dev.parlance.domain.evaluation.EvaluationSemantics;
import dev.parlance.domain.evaluation.JaccardThresholds;
import java.nio.file.Path;
import java.util.Objects;
import java.util.Optional;

/**
 * Scores a prediction file on a benchmark: execution accuracy with an official evaluator's rules.
 */
public interface ScorePredictionsUseCase {

  EvaluationReport score(Command command, Progress progress);

  /**
   * A benchmark's questions with their gold SQL, as its files give them (e.g. to write a gold
   * file).
   */
  dev.parlance.domain.evaluation.EvaluationBenchmark questions(
      dev.parlance.domain.evaluation.EvaluationDataset dataset, java.nio.file.Path dataDir);

  /**
   * @param dataDir the folder laid out like the shared benchmark data
   * @param predictions a Spider-style or BIRD-style prediction file
   * @param semantics the evaluator's rules; the dataset's own when empty
   */
  record Command(
      EvaluationDataset dataset,
      Path dataDir,
      Path predictions,
      Optional<EvaluationSemantics> semantics,
      JaccardThresholds jaccard) {
    public Command {
      Objects.requireNonNull(dataset, "dataset");
      Objects.requireNonNull(dataDir, "dataDir");
      Objects.requireNonNull(predictions, "predictions");
      semantics = Objects.requireNonNullElse(semantics, Optional.empty());
      jaccard = Objects.requireNonNullElse(jaccard, JaccardThresholds.DEFAULTS);
    }

    public EvaluationSemantics effectiveSemantics() {
      return semantics.orElseGet(dataset::defaultSemantics);
    }
  }
}
