package dev.parlance.application.evaluation;

import dev.parlance.application.retrieval.Progress;
import dev.parlance.domain.evaluation.EvaluationBenchmark;
import dev.parlance.domain.evaluation.EvaluationQuestion;
import dev.parlance.domain.evaluation.LoadEvaluationBenchmarkPort;
import dev.parlance.domain.evaluation.Predictions;
import dev.parlance.domain.evaluation.ReadPredictionsPort;
import dev.parlance.domain.evaluation.RunBenchmarkQueryPort;
import java.util.List;

/** Loads the benchmark and the predictions, scores every question in order, tallies. */
public final class ScorePredictionsService implements ScorePredictionsUseCase {

  private final LoadEvaluationBenchmarkPort benchmarks;
  private final ReadPredictionsPort predictionFiles;
  private final RunBenchmarkQueryPort runner;

  public ScorePredictionsService(
      LoadEvaluationBenchmarkPort benchmarks,
      ReadPredictionsPort predictionFiles,
      RunBenchmarkQueryPort runner) {
    this.benchmarks = benchmarks;
    this.predictionFiles = predictionFiles;
    this.runner = runner;
  }

  @Override
  public EvaluationBenchmark questions(
      dev.parlance.domain.evaluation.EvaluationDataset dataset, java.nio.file.Path dataDir) {
    return benchmarks.load(dataset, dataDir);
  }

  @Override
  public EvaluationReport score(Command command, Progress progress) {
    long start = System.nanoTime();
    EvaluationBenchmark benchmark = benchmarks.load(command.dataset(), command.dataDir());
    Predictions predictions = predictionFiles.read(command.predictions(), benchmark);
    QuestionScorer scorer =
        new QuestionScorer(runner, command.effectiveSemantics(), command.jaccard());
    EvaluationTally tally = new EvaluationTally(benchmark);
    List<EvaluationQuestion> questions = benchmark.questions();
    for (int i = 0; i < questions.size(); i++) {
      EvaluationQuestion q = questions.get(i);
      tally.add(scorer.score(q, benchmark.database(q.database()), predictions.of(q.id())));
      progress.update("scoring", i + 1, questions.size());
    }
    return tally.report(
        scorer,
        predictions.format(),
        predictions.notes(),
        predictions.warnings(),
        (System.nanoTime() - start) / 1e9);
  }
}
