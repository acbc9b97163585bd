package dev.parlance.application.evaluation;

import dev.parlance.application.ask.StrategyName;
import dev.parlance.application.evaluation.EvaluatePipelineUseCase.Questions;
import dev.parlance.application.evaluation.report.E2eReport;
import dev.parlance.application.evaluation.report.RunDescription;
import dev.parlance.domain.completion.BatchStatus;
import dev.parlance.domain.evaluation.EvaluationSemantics;
import dev.parlance.domain.evaluation.JaccardThresholds;
import dev.parlance.domain.governance.UserIdentity;
import java.nio.file.Path;
import java.util.List;
import java.util.Objects;
import java.util.Optional;
import java.util.OptionalInt;
import java.util.Set;
import java.util.function.Consumer;

/**
 * A named, resumable run of the question pipeline over a benchmark or verified questions (bench
 * e2e): the model chosen (a vendor or an offline batch folder), the run named and its logs opened,
 * optionally a second run beside it (the bare whole-schema baseline, or the sources' base tables),
 * each scored, and one report of both.
 */
public interface PipelineBenchmarkUseCase {

  /** What a run's name may be: one folder's name. */
  String RUN_NAME = "[A-Za-z0-9][A-Za-z0-9._-]{0,120}";

  /**
   * Runs the request's run, then its compared run if any. A run whose log holds every answer asks
   * nothing; an offline batch queues what it cannot answer yet.
   *
   * @throws dev.parlance.domain.completion.NoLanguageModelException when no model is configured and
   *     no batch folder is given
   * @throws dev.parlance.domain.completion.LanguageModelConfigurationException when the chosen
   *     model's settings cannot work (e.g. a batch folder without the model its requests name)
   * @throws IllegalArgumentException for a run name that is not one, or a log of another
   *     configuration ({@link RunConfigurationChangedException})
   */
  Outcome run(Request request, Watch watch);

  /** What a second run beside the first is. */
  enum Comparison {
    NONE,
    /** The same questions with the bare whole-schema prompt: run {@code RUN-baseline}. */
    BASELINE,
    /** The same verified questions of each source's base tables alone: run {@code RUN-raw}. */
    RAW
  }

  /**
   * @param strategies each its own log (the configured strategy when empty)
   * @param candidates m, the candidates that vote (the configured m when empty)
   * @param baselineTokens with a baseline: as much of the schema as fits this many prompt tokens
   *     (all of it when empty)
   * @param ownExamples whether a verified question may be shown itself as an example
   * @param run the run's name; derived from the questions, m and the model when empty
   * @param fresh start the run (and its compared run) over, keeping the old logs aside
   * @param vote besides each strategy alone, a run in which they vote together with one candidate
   *     each (logged as {@code vote.jsonl}, reported as the series {@code vote})
   * @param examples a declared example pool every question may be shown ({@code spider-train}),
   *     instead of its source's verified questions
   */
  record Request(
      Questions questions,
      List<StrategyName> strategies,
      OptionalInt candidates,
      OptionalInt limit,
      Set<String> databases,
      boolean evidence,
      Optional<EvaluationSemantics> semantics,
      JaccardThresholds jaccard,
      UserIdentity user,
      boolean baseline,
      OptionalInt baselineTokens,
      Comparison comparison,
      boolean ownExamples,
      ModelChoice model,
      Optional<String> run,
      boolean fresh,
      boolean vote,
      Optional<String> examples) {
    public Request {
      examples = Objects.requireNonNullElse(examples, Optional.empty());
      Objects.requireNonNull(questions, "questions");
      strategies = List.copyOf(strategies);
      candidates = Objects.requireNonNullElse(candidates, OptionalInt.empty());
      limit = Objects.requireNonNullElse(limit, OptionalInt.empty());
      databases = Set.copyOf(databases);
      semantics = Objects.requireNonNullElse(semantics, Optional.empty());
      Objects.requireNonNull(user, "user");
      baselineTokens = Objects.requireNonNullElse(baselineTokens, OptionalInt.empty());
      Objects.requireNonNull(comparison, "comparison");
      Objects.requireNonNull(model, "model");
      run = Objects.requireNonNullElse(run, Optional.empty());
    }

    /** Each strategy alone, with the sources' own examples. */
    public Request(
        Questions questions,
        List<StrategyName> strategies,
        OptionalInt candidates,
        OptionalInt limit,
        Set<String> databases,
        boolean evidence,
        Optional<EvaluationSemantics> semantics,
        JaccardThresholds jaccard,
        UserIdentity user,
        boolean baseline,
        OptionalInt baselineTokens,
        Comparison comparison,
        boolean ownExamples,
        ModelChoice model,
        Optional<String> run,
        boolean fresh) {
      this(
          questions,
          strategies,
          candidates,
          limit,
          databases,
          evidence,
          semantics,
          jaccard,
          user,
          baseline,
          baselineTokens,
          comparison,
          ownExamples,
          model,
          run,
          fresh,
          false,
          Optional.empty());
    }
  }

  /**
   * Which model answers: a named profile (else the configured one), or an offline batch folder and
   * the model its requests name.
   */
  record ModelChoice(
      Optional<String> profile, Optional<Path> batchFolder, Optional<String> batchModel) {
    public ModelChoice {
      profile = Objects.requireNonNullElse(profile, Optional.empty());
      batchFolder = Objects.requireNonNullElse(batchFolder, Optional.empty());
      batchModel = Objects.requireNonNullElse(batchModel, Optional.empty());
    }
  }

  /**
   * Who watches: each run as it starts, and the evaluation's progress and problems.
   *
   * @param starting told before each run asks anything
   */
  record Watch(Consumer<Starting> starting, EvaluatePipelineUseCase.Watch evaluation) {
    public Watch {
      Objects.requireNonNull(starting, "starting");
      Objects.requireNonNull(evaluation, "evaluation");
    }
  }

  /**
   * A run about to start.
   *
   * @param compared whether it is the second run, beside the first
   * @param model the model names in fallback order, e.g. {@code gpt-4o-mini}
   * @param batchFolder the offline batch folder, when the model answers from one
   */
  record Starting(
      String run,
      String location,
      boolean compared,
      List<StrategyName> strategies,
      int candidates,
      String model,
      Optional<Path> batchFolder) {}

  /** One run's evaluation and how it was made. */
  record Run(PipelineEvaluation evaluation, RunDescription description) {}

  /**
   * @param compared the second run, when one was asked for
   * @param report both runs' report (with their comparison when there are two)
   * @param batch the offline batch folder's state after the runs, when the model answers from one
   */
  record Outcome(Run first, Optional<Run> compared, E2eReport report, Optional<BatchStatus> batch) {

    /** The first run that is not complete: the one the caller reports on. */
    public Run unfinished() {
      if (!first.evaluation().overall().state().complete() || compared.isEmpty()) {
        return first;
      }
      return compared.get();
    }

    public boolean complete() {
      return first.evaluation().overall().state().complete()
          && compared.map(c -> c.evaluation().overall().state().complete()).orElse(true);
    }
  }
}
