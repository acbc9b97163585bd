package dev.parlance.application.evaluation;

import dev.parlance.application.ask.AskQuestionUseCase;
import dev.parlance.application.ask.AskSettings;
import dev.parlance.application.ask.StrategyName;
import dev.parlance.application.evaluation.EvaluatePipelineUseCase.Questions;
import dev.parlance.application.evaluation.report.E2eReport;
import dev.parlance.application.evaluation.report.E2eReports;
import dev.parlance.application.evaluation.report.RunDescription;
import dev.parlance.domain.completion.BatchCompletionPort;
import dev.parlance.domain.completion.LanguageModelsPort;
import dev.parlance.domain.completion.LanguageModelsPort.LanguageModel;
import dev.parlance.domain.completion.ModelPurpose;
import dev.parlance.domain.completion.NoLanguageModelException;
import dev.parlance.domain.evaluation.BenchmarkRunsPort;
import java.nio.file.Path;
import java.time.Clock;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;

/**
 * Names a benchmark run, chooses its model, and runs it (and the run compared with it) through the
 * evaluation. What makes a run resumable lives here: its name, its logs, and the identity a log is
 * checked against — never change what an existing log's identity means.
 */
public final class PipelineBenchmarkService implements PipelineBenchmarkUseCase {

  private final EvaluatePipelineUseCase evaluation;
  private final LanguageModelsPort models;
  private final BenchmarkRunsPort runs;
  private final AskSettings defaults;
  private final String embeddingModel;
  private final Clock clock;
  private final dev.parlance.domain.evaluation.LoadExamplePoolPort examplePools;
  // A pool read once per process: its skeletons and embeddings are computed once too.
  private final Map<String, dev.parlance.application.ask.ExamplePool> pools =
      new java.util.concurrent.ConcurrentHashMap<>();

  /**
   * @param defaults the pipeline's configured settings (part of each run's identity)
   * @param embeddingModel the configured embedding model's name, as configured (part of each run's
   *     identity)
   */
  public PipelineBenchmarkService(
      EvaluatePipelineUseCase evaluation,
      LanguageModelsPort models,
      BenchmarkRunsPort runs,
      AskSettings defaults,
      String embeddingModel,
      Clock clock) {
    this.evaluation = evaluation;
    this.models = models;
    this.runs = runs;
    this.defaults = defaults;
    this.embeddingModel = embeddingModel;
    this.clock = clock;
    this.examplePools =
        (pool, dir) -> {
          throw new IllegalArgumentException("no example pools here");
        };
  }

  /**
   * @param examplePools where declared example pools ({@code bench e2e --examples}) are read
   */
  public PipelineBenchmarkService(
      EvaluatePipelineUseCase evaluation,
      LanguageModelsPort models,
      BenchmarkRunsPort runs,
      AskSettings defaults,
      String embeddingModel,
      Clock clock,
      dev.parlance.domain.evaluation.LoadExamplePoolPort examplePools) {
    this.evaluation = evaluation;
    this.models = models;
    this.runs = runs;
    this.defaults = defaults;
    this.embeddingModel = embeddingModel;
    this.clock = clock;
    this.examplePools = examplePools;
  }

  @Override
  public Outcome run(Request request, Watch watch) {
    List<StrategyName> strategies =
        request.strategies().isEmpty()
            ? List.of(defaults.strategy())
            : request.strategies().stream().distinct().toList();
    int m = request.candidates().orElse(defaults.candidates());
    if (m < 1 || m > 64) {
      throw new IllegalArgumentException("the candidates must be between 1 and 64, not " + m);
    }
    LanguageModel model = model(request.model());
    String runName = request.run().orElseGet(() -> defaultRunName(request, m, model.models()));
    if (!runName.matches(RUN_NAME)) {
      throw new IllegalArgumentException(
          "a run's name must be letters, digits, '.', '_' or '-' (at most 121 characters), not '"
              + runName
              + "'");
    }
    Map<String, String> identity = new LinkedHashMap<>();
    identity.put("model", model.models());
    identity.put("embedding-model", embeddingModel);
    identity.putAll(settingsIdentity(defaults));
    // RB-SQL's settings name only RB-SQL's logs (and a vote's that includes it).
    rbSqlIdentity(defaults.rbSql())
        .forEach((k, v) -> identity.put(EvaluatePipelineService.RB_SQL_ONLY + k, v));
    if (request.vote() && strategies.size() < 2) {
      throw new IllegalArgumentException(
          "--select vote needs at least two strategies (e.g. --strategy direct,c3,din,ta-sql,rb-sql)");
    }
    Optional<dev.parlance.application.ask.ExamplePool> pool = pool(request);
    AskQuestionUseCase.Baseline bare =
        new AskQuestionUseCase.Baseline(request.baselineTokens().orElse(0));
    var command =
        new EvaluatePipelineUseCase.Command(
            request.questions(),
            strategies,
            m,
            request.limit(),
            request.databases(),
            request.evidence(),
            request.semantics(),
            request.jaccard(),
            request.user(),
            identity,
            request.baseline() ? Optional.of(bare) : Optional.empty(),
            false,
            request.ownExamples(),
            false,
            pool);

    Run first = run(request, watch, model, command, runName, strategies, m, false);
    Optional<Run> second = Optional.empty();
    Comparison comparison = request.comparison();
    if (comparison != Comparison.NONE) {
      String otherName = runName + (comparison == Comparison.RAW ? "-raw" : "-baseline");
      second =
          Optional.of(
              run(
                  request,
                  watch,
                  model,
                  comparison == Comparison.RAW ? command.onBaseTables() : command.asBaseline(bare),
                  otherName,
                  strategies,
                  m,
                  true));
    }
    E2eReport report = E2eReports.of(first.evaluation(), first.description());
    if (second.isPresent()) {
      Run other = second.get();
      boolean raw = comparison == Comparison.RAW;
      report =
          E2eReports.compare(
              first.evaluation(),
              report,
              raw ? "curated" : "pipeline",
              other.evaluation(),
              E2eReports.of(other.evaluation(), other.description()),
              raw ? "raw" : "baseline");
    }
    return new Outcome(first, second, report, model.batch().map(BatchCompletionPort::status));
  }

  private Run run(
      Request request,
      Watch watch,
      LanguageModel model,
      EvaluatePipelineUseCase.Command command,
      String runName,
      List<StrategyName> strategies,
      int m,
      boolean compared) {
    if (request.fresh()) {
      for (StrategyName s : strategies) {
        runs.setAside(runName, s.label());
      }
      if (request.vote()) {
        runs.setAside(runName, EvaluatePipelineService.VOTE);
      }
    }
    String location = runs.location(runName);
    watch
        .starting()
        .accept(
            new Starting(
                runName,
                location,
                compared,
                strategies,
                m,
                model.models(),
                model.batch().map(b -> b.status().pendingFile().getParent())));
    PipelineEvaluation evaluated =
        evaluation.evaluate(
            command, model.chat(), s -> runs.open(runName, s.label()), watch.evaluation());
    if (request.vote()) {
      PipelineEvaluation vote =
          evaluation.evaluate(
              command.asVote(),
              model.chat(),
              s -> runs.open(runName, EvaluatePipelineService.VOTE),
              watch.evaluation());
      evaluated = evaluated.beside(vote.runs().getFirst());
    }
    RunDescription description =
        new RunDescription(
            runName,
            location,
            model.models(),
            model.batch().isPresent() ? "batch" : "online",
            m,
            bird(request.questions()) ? Optional.of(request.evidence()) : Optional.empty(),
            model.batch().map(BatchCompletionPort::status),
            clock.instant());
    return new Run(evaluated, description);
  }

  private LanguageModel model(ModelChoice choice) {
    return models
        .choose(
            new LanguageModelsPort.ModelRequest(
                choice.profile(),
                Optional.empty(),
                choice.batchFolder(),
                choice.batchModel(),
                ModelPurpose.EVALUATION))
        .orElseThrow(() -> new NoLanguageModelException("bench e2e", models.howToConfigure()));
  }

  private static boolean bird(Questions questions) {
    return questions instanceof Questions.Benchmark b && b.dataset().label().startsWith("bird");
  }

  // <dataset>-m<m>[-noevidence][-baseline]-<model>, or questions-<file> for verified questions.
  private static String defaultRunName(Request request, int m, String model) {
    String what =
        switch (request.questions()) {
          case Questions.Benchmark b -> b.dataset().label();
          case Questions.Verified v -> "questions-" + stem(v.file());
        };
    String name =
        what
            + "-m"
            + m
            + (bird(request.questions()) && !request.evidence() ? "-noevidence" : "")
            + (request.baseline() ? "-baseline" : "")
            + "-"
            + model;
    return name.replaceAll("[^A-Za-z0-9._-]", "_");
  }

  private static String stem(Path file) {
    String name = file.getFileName().toString();
    int dot = name.lastIndexOf('.');
    return dot > 0 ? name.substring(0, dot) : name;
  }

  // The declared pool, read once; only benchmark questions have a data folder to read it from.
  private Optional<dev.parlance.application.ask.ExamplePool> pool(Request request) {
    if (request.examples().isEmpty()) {
      return Optional.empty();
    }
    String name = request.examples().get();
    if (!(request.questions() instanceof Questions.Benchmark b)) {
      throw new IllegalArgumentException(
          "--examples " + name + " needs a benchmark (--dataset), whose data folder holds it");
    }
    String key = name + "\u0000" + b.dataDir().toAbsolutePath().normalize();
    return Optional.of(
        pools.computeIfAbsent(
            key,
            k ->
                new dev.parlance.application.ask.ExamplePool(
                    name,
                    examplePools.load(name, b.dataDir()),
                    name.startsWith("spider")
                        ? dev.parlance.application.ask.ExamplePool.SPIDER_SHOTS
                        : dev.parlance.application.ask.ExamplePool.DEFAULT_SHOTS)));
  }

  /** RB-SQL's settings, as its runs' identity names them. */
  static Map<String, String> rbSqlIdentity(dev.parlance.application.ask.RbSqlSettings rb) {
    Map<String, String> m = new LinkedHashMap<>();
    m.put("rb-sql-theta", String.valueOf(rb.theta()));
    m.put("rb-sql-mu", String.valueOf(rb.mu()));
    m.put("rb-sql-mu-coarse", String.valueOf(rb.muCoarse()));
    m.put("rb-sql-shots", rb.shots() == 0 ? "the pool's" : String.valueOf(rb.shots()));
    m.put("rb-sql-skeleton-weight", String.valueOf(rb.skeletonWeight()));
    return m;
  }

  // Everything in the pipeline's settings that changes answers, besides strategy and m.
  static Map<String, String> settingsIdentity(AskSettings s) {
    Map<String, String> m = new LinkedHashMap<>();
    m.put("temperature", String.valueOf(s.temperature()));
    m.put("max-tokens", String.valueOf(s.maxTokens()));
    m.put("correction-rounds", String.valueOf(s.correctionRounds()));
    m.put("confidence-threshold", String.valueOf(s.confidenceThreshold()));
    m.put("schema-budget", String.valueOf(s.schemaBudget()));
    m.put("wider-budget", String.valueOf(s.widerBudget()));
    m.put("value-threshold", String.valueOf(s.valueThreshold()));
    m.put("value-top-k", String.valueOf(s.valueTopK()));
    m.put("sample-rows", String.valueOf(s.sampleRows()));
    m.put("examples", String.valueOf(s.examples()));
    m.put("hallucinate", String.valueOf(s.hallucinate()));
    // 0 is how every run behaved before adaptive context: such a log resumes as it was.
    if (s.wholeSchemaTokens() != 0) {
      m.put("whole-schema-tokens", String.valueOf(s.wholeSchemaTokens()));
    }
    return m;
  }
}
