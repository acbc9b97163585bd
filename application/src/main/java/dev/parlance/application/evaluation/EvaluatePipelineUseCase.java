package dev.parlance.application.evaluation;

import dev.parlance.application.ask.AskQuestionUseCase;
import dev.parlance.application.ask.StrategyName;
import dev.parlance.application.retrieval.Progress;
import dev.parlance.domain.completion.CompleteChatPort;
import dev.parlance.domain.evaluation.EvaluationDataset;
import dev.parlance.domain.evaluation.EvaluationSemantics;
import dev.parlance.domain.evaluation.JaccardThresholds;
import dev.parlance.domain.evaluation.PipelineRunLogPort;
import dev.parlance.domain.governance.UserIdentity;
import java.nio.file.Path;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Optional;
import java.util.OptionalInt;
import java.util.Set;
import java.util.function.Consumer;
import java.util.function.Function;

/**
 * Runs the question pipeline over a benchmark (or an organisation's verified questions) and scores
 * its answers with the benchmark's own evaluator. Every finished answer goes to the run's log at
 * once, so an interrupted run, or one waiting for an offline batch, resumes where it stopped.
 */
public interface EvaluatePipelineUseCase {

  /**
   * Asks every question of the run that its log does not hold yet (as far as the model lets it: an
   * offline batch queues what it cannot answer), then scores every logged answer.
   *
   * @param llm the model: a vendor, a fallback chain, or an offline batch
   * @param logs the log of each strategy's run
   */
  PipelineEvaluation evaluate(
      Command command,
      CompleteChatPort llm,
      Function<StrategyName, PipelineRunLogPort> logs,
      Watch watch);

  /**
   * Who watches a long run.
   *
   * @param questions progress over the questions asked in this invocation
   * @param indexing progress of a source's first-use indexing
   * @param problems a question that could not be finished, as it happens (it is asked again by the
   *     next invocation)
   */
  record Watch(Progress questions, Progress indexing, Consumer<String> problems) {
    public Watch {
      Objects.requireNonNull(questions, "questions");
      Objects.requireNonNull(indexing, "indexing");
      Objects.requireNonNull(problems, "problems");
    }

    public static Watch silent() {
      return new Watch(Progress.silent(), Progress.silent(), problem -> {});
    }
  }

  /** Where the questions come from. */
  sealed interface Questions {
    /** A public benchmark read from a folder laid out like the shared data. */
    record Benchmark(EvaluationDataset dataset, Path dataDir) implements Questions {
      public Benchmark {
        Objects.requireNonNull(dataset, "dataset");
        Objects.requireNonNull(dataDir, "dataDir");
      }
    }

    /** An organisation's verified questions (JSON Lines), asked of configured sources. */
    record Verified(Path file) implements Questions {
      public Verified {
        Objects.requireNonNull(file, "file");
      }
    }
  }

  /**
   * @param strategies each is its own run, with its own log
   * @param limit the first N questions whose database is present
   * @param databases only questions on these databases (all when empty)
   * @param evidence whether BIRD's external knowledge is appended to the question
   * @param semantics the evaluator's rules; the dataset's own when empty (BIRD's for verified
   *     questions); the other semantics' accuracy is reported beside it
   * @param user who the questions are asked for (governance applies as for that user)
   * @param runIdentity what else makes two runs comparable (the model, the pipeline's settings); a
   *     log started with other values is refused
   * @param baseline ask with the bare whole-schema prompt instead of the pipeline's context
   * @param baseTablesOnly ask each verified question of its source's base tables alone: a shadow
   *     source {@code <source>-raw} on the same database, under the same policy, without curation
   *     (the other side of a curated run)
   * @param ownExamples whether a verified question may be shown itself as an example (its twin
   *     among the source's verified questions, matched by text); off, a run over the verified set
   *     measures something
   * @param vote instead of each strategy alone, one run in which the strategies each give one
   *     candidate to one execution vote (SQL-PaLM's test-time selection), logged where the first
   *     strategy's log would be
   * @param examples the examples every question may be shown instead of its source's verified
   *     questions (a benchmark's declared training set)
   */
  record Command(
      Questions questions,
      List<StrategyName> strategies,
      int candidates,
      OptionalInt limit,
      Set<String> databases,
      boolean evidence,
      Optional<EvaluationSemantics> semantics,
      JaccardThresholds jaccard,
      UserIdentity user,
      Map<String, String> runIdentity,
      Optional<AskQuestionUseCase.Baseline> baseline,
      boolean baseTablesOnly,
      boolean ownExamples,
      boolean vote,
      Optional<dev.parlance.application.ask.ExamplePool> examples) {

    public Command {
      examples = Objects.requireNonNullElse(examples, Optional.empty());
      if (vote && strategies.size() < 2) {
        throw new IllegalArgumentException("a vote across strategies needs at least two");
      }
      Objects.requireNonNull(questions, "questions");
      strategies = List.copyOf(strategies);
      if (strategies.isEmpty() || Set.copyOf(strategies).size() != strategies.size()) {
        throw new IllegalArgumentException("name each strategy once");
      }
      if (candidates < 1 || candidates > 64) {
        throw new IllegalArgumentException("candidates must be within [1, 64]");
      }
      limit = Objects.requireNonNullElse(limit, OptionalInt.empty());
      if (limit.isPresent() && limit.getAsInt() < 1) {
        throw new IllegalArgumentException("the limit must be at least 1");
      }
      databases = Set.copyOf(databases);
      semantics = Objects.requireNonNullElse(semantics, Optional.empty());
      jaccard = Objects.requireNonNullElse(jaccard, JaccardThresholds.DEFAULTS);
      Objects.requireNonNull(user, "user");
      runIdentity = java.util.Collections.unmodifiableMap(new LinkedHashMap<>(runIdentity));
      baseline = Objects.requireNonNullElse(baseline, Optional.empty());
    }

    /** Each strategy alone, with the sources' own examples. */
    public Command(
        Questions questions,
        List<StrategyName> strategies,
        int candidates,
        OptionalInt limit,
        Set<String> databases,
        boolean evidence,
        Optional<EvaluationSemantics> semantics,
        JaccardThresholds jaccard,
        UserIdentity user,
        Map<String, String> runIdentity,
        Optional<AskQuestionUseCase.Baseline> baseline,
        boolean baseTablesOnly,
        boolean ownExamples) {
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
          runIdentity,
          baseline,
          baseTablesOnly,
          ownExamples,
          false,
          Optional.empty());
    }

    /** The same run as one vote across its strategies. */
    public Command asVote() {
      return new Command(
          questions,
          strategies,
          candidates,
          limit,
          databases,
          evidence,
          semantics,
          jaccard,
          user,
          runIdentity,
          baseline,
          baseTablesOnly,
          ownExamples,
          true,
          examples);
    }

    /** The same run with {@code pool}'s examples. */
    public Command withExamples(Optional<dev.parlance.application.ask.ExamplePool> pool) {
      return new Command(
          questions,
          strategies,
          candidates,
          limit,
          databases,
          evidence,
          semantics,
          jaccard,
          user,
          runIdentity,
          baseline,
          baseTablesOnly,
          ownExamples,
          vote,
          pool);
    }

    /** A run of the pipeline itself (no baseline). */
    public Command(
        Questions questions,
        List<StrategyName> strategies,
        int candidates,
        OptionalInt limit,
        Set<String> databases,
        boolean evidence,
        Optional<EvaluationSemantics> semantics,
        JaccardThresholds jaccard,
        UserIdentity user,
        Map<String, String> runIdentity) {
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
          runIdentity,
          Optional.empty(),
          false,
          true);
    }

    /** The same run asked of the sources' base tables alone. */
    public Command onBaseTables() {
      return new Command(
          questions,
          strategies,
          candidates,
          limit,
          databases,
          evidence,
          semantics,
          jaccard,
          user,
          runIdentity,
          baseline,
          true,
          ownExamples,
          vote,
          examples);
    }

    /** The same run with the bare whole-schema prompt. */
    public Command asBaseline(AskQuestionUseCase.Baseline b) {
      return new Command(
          questions,
          strategies,
          candidates,
          limit,
          databases,
          evidence,
          semantics,
          jaccard,
          user,
          runIdentity,
          Optional.of(b),
          baseTablesOnly,
          ownExamples,
          vote,
          examples);
    }

    public EvaluationSemantics effectiveSemantics() {
      return semantics.orElseGet(
          () ->
              questions instanceof Questions.Benchmark b
                  ? b.dataset().defaultSemantics()
                  : EvaluationSemantics.bird());
    }
  }
}
