package dev.parlance.application.evaluation;

import dev.parlance.application.ask.QuestionPipeline;
import dev.parlance.application.ask.StrategyName;
import dev.parlance.application.source.IndexSourceUseCase;
import dev.parlance.domain.benchmark.LoadRetrievalBenchmarkPort;
import dev.parlance.domain.catalog.ReadCatalogPort;
import dev.parlance.domain.catalog.SchemaCatalog;
import dev.parlance.domain.completion.CompleteChatPort;
import dev.parlance.domain.curation.PublishedCurationPort;
import dev.parlance.domain.evaluation.EvaluationBenchmark;
import dev.parlance.domain.evaluation.EvaluationQuestion;
import dev.parlance.domain.evaluation.LoadEvaluationBenchmarkPort;
import dev.parlance.domain.evaluation.PipelineAnswer;
import dev.parlance.domain.evaluation.PipelineRunLogPort;
import dev.parlance.domain.evaluation.ReadVerifiedQuestionsPort;
import dev.parlance.domain.evaluation.RunBenchmarkQueryPort;
import dev.parlance.domain.governance.GovernancePoliciesPort;
import dev.parlance.domain.source.DataSource;
import dev.parlance.domain.source.DataSourcesPort;
import dev.parlance.domain.sql.AnalyzeSqlPort;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.OptionalInt;
import java.util.Set;
import java.util.function.Function;
import java.util.function.Supplier;
import java.util.stream.Collectors;

/**
 * Drives the question pipeline over a benchmark's questions, one at a time, logging each finished
 * answer before the next question, and scores the logged answers with the benchmark's evaluator
 * (and the other evaluator beside it). Benchmark databases are registered as sources named {@code
 * bench-<db>} so the pipeline asks them like any configured source (index on first use, governed
 * execution, audit).
 */
public final class EvaluatePipelineService implements EvaluatePipelineUseCase {

  /** The label of a run that votes across strategies (its log is {@code vote.jsonl}). */
  public static final String VOTE = "vote";

  /**
   * Run-identity entries that only RB-SQL's runs (alone or in a vote) carry: other strategies' logs
   * read as before.
   */
  public static final String RB_SQL_ONLY = "rb-sql ";

  /**
   * What the evaluation reads, asks and runs.
   *
   * @param pipeline built on the first question asked: an invocation with nothing to ask does not
   *     load the embedding model
   */
  public record Ports(
      LoadEvaluationBenchmarkPort benchmarks,
      ReadVerifiedQuestionsPort verifiedQuestions,
      DataSourcesPort sources,
      Supplier<QuestionPipeline> pipeline,
      IndexSourceUseCase indexing,
      RunBenchmarkQueryPort runner,
      ReadCatalogPort catalogs,
      AnalyzeSqlPort analyzer,
      GovernancePoliciesPort policies,
      PublishedCurationPort curations,
      LoadRetrievalBenchmarkPort unions,
      Function<UnionSource, Asker> unionPipeline,
      ReadCatalogPort rawCatalogs) {

    /**
     * Without a reader of the sources' raw tables: a curated source's recall compares its views'
     * columns as they are.
     */
    public Ports(
        LoadEvaluationBenchmarkPort benchmarks,
        ReadVerifiedQuestionsPort verifiedQuestions,
        DataSourcesPort sources,
        Supplier<QuestionPipeline> pipeline,
        IndexSourceUseCase indexing,
        RunBenchmarkQueryPort runner,
        ReadCatalogPort catalogs,
        AnalyzeSqlPort analyzer,
        GovernancePoliciesPort policies,
        PublishedCurationPort curations,
        LoadRetrievalBenchmarkPort unions,
        Function<UnionSource, Asker> unionPipeline) {
      this(
          benchmarks,
          verifiedQuestions,
          sources,
          pipeline,
          indexing,
          runner,
          catalogs,
          analyzer,
          policies,
          curations,
          unions,
          unionPipeline,
          null);
    }

    /** What benchmarks and verified questions need; no union, no curation. */
    public Ports(
        LoadEvaluationBenchmarkPort benchmarks,
        ReadVerifiedQuestionsPort verifiedQuestions,
        DataSourcesPort sources,
        Supplier<QuestionPipeline> pipeline,
        IndexSourceUseCase indexing,
        RunBenchmarkQueryPort runner,
        ReadCatalogPort catalogs,
        AnalyzeSqlPort analyzer) {
      this(
          benchmarks,
          verifiedQuestions,
          sources,
          pipeline,
          indexing,
          runner,
          catalogs,
          analyzer,
          null,
          PublishedCurationPort.none(),
          (dataset, dir, file) -> {
            throw new IllegalStateException("no union benchmarks here");
          },
          union -> {
            throw new IllegalStateException("no union benchmarks here");
          });
    }
  }

  /**
   * A pipeline and what keeps its sources' indexes: questions are asked once their source is ready,
   * so that the one way a source is indexed is the indexing use case's.
   */
  public record Asker(QuestionPipeline pipeline, IndexSourceUseCase indexing) {}

  private final Ports ports;
  private QuestionPipeline pipeline;

  public EvaluatePipelineService(Ports ports) {
    this.ports = ports;
  }

  private synchronized QuestionPipeline pipeline() {
    if (pipeline == null) {
      pipeline = ports.pipeline().get();
    }
    return pipeline;
  }

  @Override
  public PipelineEvaluation evaluate(
      Command command,
      CompleteChatPort llm,
      Function<StrategyName, PipelineRunLogPort> logs,
      Watch watch) {
    long start = System.nanoTime();
    Map<String, String> baseGold = new HashMap<>();
    EvaluationBenchmark benchmark = load(command, baseGold);
    List<String> notes = new ArrayList<>();
    List<EvaluationQuestion> selected = select(benchmark, command, notes);
    Map<String, DataSource> sources = sources(benchmark, selected);
    Optional<UnionSource> union = union(command.questions(), benchmark, notes);
    Supplier<Asker> asker =
        union.isPresent()
            ? memo(() -> ports.unionPipeline().apply(union.get()))
            : memo(() -> new Asker(pipeline(), ports.indexing()));
    ScoredAs scoredAs =
        switch (command.questions()) {
          case Questions.Benchmark b -> union.map(ScoredAs::union).orElseGet(ScoredAs::plain);
          case Questions.Verified v ->
              ScoredAs.verified(
                  ports.curations(),
                  sources,
                  baseGold,
                  command.baseTablesOnly(),
                  new ViewLineage(ports)::of);
        };
    command
        .examples()
        .ifPresent(
            p ->
                notes.add(
                    "examples from the "
                        + p.name()
                        + " pool ("
                        + p.size()
                        + " question–SQL pairs) instead of the sources' verified questions; a"
                        + " question's own twin is never shown"));
    if (command.questions() instanceof Questions.Benchmark b
        && b.dataset().label().startsWith("bird")) {
      notes.add(
          command.evidence()
              ? "BIRD's evidence was appended to each question (\"External Knowledge: …\"), as"
                  + " BIRD's leaderboard gives it"
              : "BIRD's evidence was not given to the pipeline (the harder setting)");
    }
    PipelineScoring scoring =
        new PipelineScoring(
            ports.runner(),
            ports.catalogs(),
            ports.analyzer(),
            command.effectiveSemantics(),
            command.jaccard(),
            benchmark,
            sources,
            scoredAs);
    List<PipelineEvaluation.StrategyRun> runs = new ArrayList<>();
    List<List<StrategyName>> series =
        command.vote()
            ? List.of(command.strategies())
            : command.strategies().stream().map(List::of).toList();
    for (List<StrategyName> strategies : series) {
      StrategyName strategy = strategies.getFirst();
      PipelineRunLogPort log = logs.apply(strategy);
      Map<String, PipelineAnswer> done =
          RunConfiguration.open(log, RunConfiguration.of(command, benchmark, strategies));
      QuestionAsking asking =
          new QuestionAsking(
              ports.sources(),
              command,
              strategies,
              llm,
              log,
              done,
              sources,
              watch,
              notes,
              asker,
              union);
      asking.run(selected);
      runs.add(
          scoring.run(
              command.vote() ? VOTE : strategy.label(),
              selected,
              done,
              asking.state(log, selected),
              notes));
    }
    PipelineEvaluation.StrategyRun overall =
        runs.size() == 1 ? runs.getFirst() : scoring.pooled(runs, notes);
    double seconds = (System.nanoTime() - start) / 1e9;
    return new PipelineEvaluation(
        runs.stream().map(r -> withSeconds(r, seconds)).toList(), withSeconds(overall, seconds));
  }

  private static PipelineEvaluation.StrategyRun withSeconds(
      PipelineEvaluation.StrategyRun r, double seconds) {
    EvaluationReport p = r.report();
    return new PipelineEvaluation.StrategyRun(
        r.strategy(),
        new EvaluationReport(
            p.dataset(),
            p.semantics(),
            p.semanticsDescription(),
            p.goldRevision(),
            p.predictionsFormat(),
            p.jaccard(),
            p.overall(),
            p.byDifficulty(),
            p.byDatabase(),
            p.failures(),
            p.goldFailures(),
            p.missingDatabases(),
            p.notes(),
            p.warnings(),
            p.caveats(),
            seconds),
        r.bySemantics(),
        r.answers(),
        r.metrics(),
        r.state());
  }

  private EvaluationBenchmark load(Command command, Map<String, String> baseGold) {
    return switch (command.questions()) {
      case Questions.Benchmark b -> ports.benchmarks().load(b.dataset(), b.dataDir());
      case Questions.Verified v ->
          new VerifiedBenchmark(ports).load(v.file(), command.baseTablesOnly(), baseGold);
    };
  }

  private static <T> Supplier<T> memo(Supplier<T> make) {
    return new Supplier<>() {
      private T made;

      @Override
      public synchronized T get() {
        if (made == null) {
          made = make.get();
        }
        return made;
      }
    };
  }

  // A union benchmark's schema: every database's tables, named db.table (CRUSH4SQL's lists).
  private Optional<UnionSource> union(
      Questions questions, EvaluationBenchmark benchmark, List<String> notes) {
    if (!(questions instanceof Questions.Benchmark b) || b.dataset().union().isEmpty()) {
      return Optional.empty();
    }
    var retrieval = ports.unions().load(b.dataset().union().get(), b.dataDir(), Optional.empty());
    String name = UnionSource.sourceName(b.dataset().label());
    UnionSource union =
        new UnionSource(
            name, new SchemaCatalog(name, retrieval.catalog().tables()), benchmark.databases());
    notes.add(
        "asked over the union of "
            + union.tablesByDatabase().size()
            + " databases' schemas ("
            + union.catalog().columnCount()
            + " columns) as source "
            + name
            + "; each answer ran on its question's own database with that database's qualifier"
            + " removed; no sample rows or retrieved values (a union has no one database to"
            + " sample)");
    return Optional.of(union);
  }

  // The run's questions in benchmark order: the databases asked for, then the limit (counted over
  // questions whose database is present, so that a limited run asks something).
  private static List<EvaluationQuestion> select(
      EvaluationBenchmark benchmark, Command command, List<String> notes) {
    List<EvaluationQuestion> questions = benchmark.questions();
    if (!command.databases().isEmpty()) {
      Set<String> known =
          questions.stream().map(EvaluationQuestion::database).collect(Collectors.toSet());
      List<String> unknown =
          command.databases().stream().filter(d -> !known.contains(d)).sorted().toList();
      if (!unknown.isEmpty()) {
        throw new IllegalArgumentException(
            "no questions on database(s) "
                + String.join(", ", unknown)
                + " in "
                + benchmark.name());
      }
      questions =
          questions.stream().filter(q -> command.databases().contains(q.database())).toList();
      notes.add(
          "only the questions on "
              + String.join(", ", command.databases().stream().sorted().toList())
              + " ("
              + questions.size()
              + ")");
    }
    OptionalInt limit = command.limit();
    if (limit.isPresent()) {
      List<EvaluationQuestion> kept = new ArrayList<>();
      int left = 0;
      for (EvaluationQuestion q : questions) {
        if (benchmark.database(q.database()).isEmpty()) {
          left++;
        } else if (kept.size() < limit.getAsInt()) {
          kept.add(q);
        }
      }
      notes.add(
          "limited to the first "
              + kept.size()
              + " questions whose database is present"
              + (left > 0 ? " (" + left + " questions on missing databases left out)" : ""));
      questions = kept;
    }
    return questions;
  }

  // Each benchmark database the run asks about becomes a source (bench-<db>) of the installation.
  private Map<String, DataSource> sources(
      EvaluationBenchmark benchmark, List<EvaluationQuestion> questions) {
    Map<String, DataSource> sources = new LinkedHashMap<>();
    for (EvaluationQuestion q : questions) {
      if (sources.containsKey(q.database())) {
        continue;
      }
      benchmark
          .database(q.database())
          .ifPresent(
              db -> {
                Optional<DataSource> known = ports.sources().find(db.name());
                if (known.isEmpty() || !known.get().jdbcUrl().equals(db.jdbcUrl())) {
                  ports.sources().save(db);
                }
                sources.put(q.database(), db);
              });
    }
    return sources;
  }
}
