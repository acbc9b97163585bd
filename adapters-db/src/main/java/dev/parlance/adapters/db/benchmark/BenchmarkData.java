package dev.parlance.adapters.db.benchmark;

import dev.parlance.domain.benchmark.LoadRetrievalBenchmarkPort;
import dev.parlance.domain.evaluation.BenchmarkRunsPort;
import dev.parlance.domain.evaluation.ListBenchmarkRunsPort;
import dev.parlance.domain.evaluation.LoadEvaluationBenchmarkPort;
import dev.parlance.domain.evaluation.PipelineRunLogPort;
import dev.parlance.domain.evaluation.ReadPredictionsPort;
import dev.parlance.domain.evaluation.ReadVerifiedQuestionsPort;
import dev.parlance.domain.evaluation.WriteVerifiedQuestionsPort;
import java.nio.file.Path;
import java.time.Clock;

/** The one place that builds benchmark-data readers. */
public final class BenchmarkData {
  private BenchmarkData() {}

  /** Reads CRUSH4SQL's retrieval benchmarks from a folder laid out like the shared data. */
  public static LoadRetrievalBenchmarkPort retrievalBenchmarks() {
    return new Crush4SqlBenchmarkAdapter();
  }

  /** Reads the execution-accuracy benchmarks (Spider dev, BIRD dev revisions, BIRD Mini-Dev). */
  public static dev.parlance.domain.evaluation.LoadExamplePoolPort examplePools() {
    return new ExamplePoolAdapter();
  }

  public static LoadEvaluationBenchmarkPort executionBenchmarks() {
    return new ExecutionBenchmarkAdapter();
  }

  /** Reads Spider-style and BIRD-style prediction files. */
  public static ReadPredictionsPort predictionFiles() {
    return new PredictionFileAdapter();
  }

  /** Reads an organisation's verified questions from JSON Lines. */
  public static ReadVerifiedQuestionsPort verifiedQuestions() {
    return new JsonlVerifiedQuestionsAdapter();
  }

  /** Writes verified questions as the JSON Lines {@link #verifiedQuestions()} reads. */
  public static WriteVerifiedQuestionsPort verifiedQuestionFiles() {
    return new JsonlVerifiedQuestionsAdapter();
  }

  /** The runs kept under {@code folder} (the home's {@code bench-runs}), with their reports. */
  public static ListBenchmarkRunsPort runFolders(Path folder) {
    return new RunFolderAdapter(folder);
  }

  /** The JSON Lines log of a pipeline run over a benchmark, in {@code file}. */
  public static PipelineRunLogPort runLog(Path file) {
    return new JsonlRunLogAdapter(file);
  }

  /** Pipeline runs over benchmarks, a folder each under {@code root}. */
  public static BenchmarkRunsPort runs(Path root) {
    return new JsonlBenchmarkRunsAdapter(root, Clock.systemUTC());
  }
}
