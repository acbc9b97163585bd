package dev.parlance.application.evaluation;

import dev.parlance.application.ask.Answer;
import dev.parlance.application.ask.AskQuestionUseCase;
import dev.parlance.application.ask.QuestionPipeline;
import dev.parlance.application.ask.StageReport;
import dev.parlance.application.ask.StrategyName;
import dev.parlance.application.retrieval.Progress;
import dev.parlance.application.source.IndexSourceUseCase;
import dev.parlance.domain.benchmark.BenchmarkDataException;
import dev.parlance.domain.benchmark.LoadRetrievalBenchmarkPort;
import dev.parlance.domain.catalog.ReadCatalogPort;
import dev.parlance.domain.catalog.SchemaCatalog;
import dev.parlance.domain.completion.CompleteChatPort;
import dev.parlance.domain.completion.CompletionRequest;
import dev.parlance.domain.completion.Completions;
import dev.parlance.domain.completion.FailureKind;
import dev.parlance.domain.curation.PublishedCurationPort;
import dev.parlance.domain.evaluation.EvaluationBenchmark;
import dev.parlance.domain.evaluation.EvaluationQuestion;
import dev.parlance.domain.evaluation.LoadEvaluationBenchmarkPort;
import dev.parlance.domain.evaluation.PipelineAnswer;
import dev.parlance.domain.evaluation.PipelineRunLogPort;
import dev.parlance.domain.evaluation.ReadVerifiedQuestionsPort;
import dev.parlance.domain.evaluation.RunBenchmarkQueryPort;
import dev.parlance.domain.evaluation.VerifiedQuestion;
import dev.parlance.domain.evaluation.VerifiedQuestionFile;
import dev.parlance.domain.governance.GovernancePoliciesPort;
import dev.parlance.domain.governance.GovernancePolicy;
import dev.parlance.domain.source.DataSource;
import dev.parlance.domain.source.DataSourcesPort;
import dev.parlance.domain.sql.AnalyzeSqlPort;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Locale;
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

  /** Questions in a row whose model failed for reasons outside the question before a run stops. */
  static final int UNAVAILABLE_STREAK = 3;

  private static final Set<FailureKind> TRANSIENT =
      Set.of(FailureKind.UNAVAILABLE, FailureKind.RATE_LIMITED, FailureKind.AUTHENTICATION);

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
                  ports.curations(), sources, baseGold, command.baseTablesOnly(), this::lineage);
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
      Map<String, PipelineAnswer> done = open(log, configuration(command, benchmark, strategies));
      Asking asking =
          new Asking(command, strategies, llm, log, done, sources, watch, notes, asker, union);
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
      case Questions.Verified v -> verified(v.file(), command.baseTablesOnly(), baseGold);
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

  // An organisation's verified questions as a benchmark over its configured sources.
  private EvaluationBenchmark verified(
      Path file, boolean baseTablesOnly, Map<String, String> baseGold) {
    VerifiedQuestionFile read = ports.verifiedQuestions().read(file);
    List<VerifiedQuestion> verified = read.questions();
    if (verified.isEmpty()) {
      throw new BenchmarkDataException(file, "holds no questions");
    }
    List<EvaluationQuestion> questions = new ArrayList<>();
    Set<String> difficulties = new LinkedHashSet<>();
    Map<String, DataSource> databases = new LinkedHashMap<>();
    List<String> missing = new ArrayList<>();
    for (int i = 0; i < verified.size(); i++) {
      VerifiedQuestion v = verified.get(i);
      v.difficulty().ifPresent(difficulties::add);
      questions.add(
          new EvaluationQuestion(
              String.valueOf(i + 1),
              v.source(),
              v.question(),
              Optional.empty(),
              v.sql(),
              v.difficulty()));
      v.baseSql().ifPresent(sql -> baseGold.put(String.valueOf(questions.size()), sql));
      if (!databases.containsKey(v.source()) && !missing.contains(v.source())) {
        ports
            .sources()
            .find(v.source())
            .ifPresentOrElse(
                s -> databases.put(v.source(), baseTablesOnly ? baseTables(s) : s),
                () -> missing.add(v.source()));
      }
    }
    List<String> notes = new ArrayList<>();
    if (!missing.isEmpty()) {
      notes.add(
          "sources not configured, their questions are skipped: " + String.join(", ", missing));
    }
    return new EvaluationBenchmark(
        "questions:" + file.getFileName(),
        "verified questions — "
            + file.getFileName()
            + " ("
            + questions.size()
            + " questions, sha256 "
            + read.sha256().substring(0, 12)
            + ")",
        questions,
        databases,
        missing,
        List.copyOf(difficulties),
        notes);
  }

  /**
   * A curated source's view lineage: each view column's base columns, read by parsing the view's
   * defining query over the raw tables and the other views (a view over views resolved down to base
   * columns). Empty without a curation, views, or a reader of raw tables.
   */
  private Optional<ScoredAs.Lineage> lineage(DataSource source) {
    if (ports.rawCatalogs() == null) {
      return Optional.empty();
    }
    Optional<dev.parlance.domain.curation.Curation> curation =
        ports.curations().published(source.name()).map(v -> v.curation());
    if (curation.isEmpty() || curation.get().views().isEmpty()) {
      return Optional.empty();
    }
    try {
      SchemaCatalog raw = ports.rawCatalogs().read(source);
      SchemaCatalog curated = ports.catalogs().read(source);
      Map<String, dev.parlance.domain.catalog.Table> tables = new LinkedHashMap<>();
      raw.tables().forEach(t -> tables.put(dev.parlance.domain.catalog.Names.key(t.name()), t));
      Set<String> views = new java.util.HashSet<>();
      for (var v : curation.get().views()) {
        String key = dev.parlance.domain.catalog.Names.key(v.name());
        views.add(key);
        curated.table(v.name()).ifPresent(t -> tables.putIfAbsent(key, t));
      }
      SchemaCatalog both = new SchemaCatalog(source.name(), List.copyOf(tables.values()));
      Map<String, Set<String>> direct = new LinkedHashMap<>();
      for (var v : curation.get().views()) {
        String view = dev.parlance.domain.catalog.Names.key(v.name());
        ports
            .analyzer()
            .lineage(v.sqlFor(source.dialect()), both)
            .forEach((column, read) -> direct.put(view + "." + column, read));
      }
      // Views over views: replace a view's column by what it reads, until only base columns stay.
      Map<String, Set<String>> resolved = new LinkedHashMap<>();
      for (String column : direct.keySet()) {
        resolved.put(column, base(column, direct, views, new java.util.HashSet<>()));
      }
      return Optional.of(new ScoredAs.Lineage(both, resolved));
    } catch (RuntimeException e) {
      return Optional.empty();
    }
  }

  private static Set<String> base(
      String column, Map<String, Set<String>> direct, Set<String> views, Set<String> seen) {
    Set<String> out = new java.util.LinkedHashSet<>();
    if (!seen.add(column)) {
      return out;
    }
    for (String read : direct.getOrDefault(column, Set.of())) {
      String table = read.substring(0, Math.max(0, read.lastIndexOf('.')));
      if (views.contains(table)) {
        out.addAll(base(read, direct, views, seen));
      } else {
        out.add(read);
      }
    }
    return out;
  }

  /**
   * The source's base tables alone: a shadow source {@code <name>-raw} on the same database and
   * credentials, under a copy of the source's policy, with no curation of its own.
   */
  private DataSource baseTables(DataSource curated) {
    DataSource raw =
        new DataSource(
            curated.name() + "-raw", curated.jdbcUrl(), curated.dialect(), curated.credentials());
    Optional<DataSource> known = ports.sources().find(raw.name());
    if (known.isEmpty() || !known.get().equals(raw)) {
      ports.sources().save(raw);
    }
    if (ports.policies() != null) {
      ports
          .policies()
          .current(curated.name())
          .ifPresent(
              policy -> {
                GovernancePolicy copy = policy.forSource(raw.name());
                boolean same =
                    ports
                        .policies()
                        .current(raw.name())
                        .map(p -> p.forSource(raw.name()).sameRules(copy))
                        .orElse(false);
                if (!same) {
                  ports.policies().publish(copy, "parlance-bench");
                }
              });
    }
    return raw;
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

  // What makes two runs comparable; a log started with other values belongs to another run.
  private static Map<String, String> configuration(
      Command command, EvaluationBenchmark benchmark, List<StrategyName> strategies) {
    Map<String, String> c = new LinkedHashMap<>();
    c.put("dataset", benchmark.name());
    c.put("gold", benchmark.goldRevision());
    if (command.vote()) {
      c.put(
          "strategy",
          VOTE
              + ": "
              + strategies.stream().map(StrategyName::label).collect(Collectors.joining("+")));
      c.put("candidates", "1 per strategy");
    } else {
      c.put("strategy", strategies.getFirst().label());
      c.put("candidates", String.valueOf(command.candidates()));
    }
    c.put("evidence", String.valueOf(command.evidence()));
    c.put("user", command.user().name());
    // Absent from pipeline runs, so that their logs read as before.
    command
        .baseline()
        .ifPresent(
            b ->
                c.put(
                    "baseline",
                    "whole schema"
                        + (b.tokenLimit() > 0 ? ", at most " + b.tokenLimit() + " tokens" : "")));
    if (!command.ownExamples()) {
      c.put("own-examples", "hidden");
    }
    if (command.baseTablesOnly()) {
      c.put("curation", "off: base tables alone");
    }
    boolean rbSql = strategies.contains(StrategyName.RB_SQL);
    command
        .runIdentity()
        .forEach(
            (key, value) -> {
              if (!key.startsWith(RB_SQL_ONLY)) {
                c.put(key, value);
              } else if (rbSql) {
                c.put(key.substring(RB_SQL_ONLY.length()), value);
              }
            });
    // Absent when the sources' own examples are shown, so that such logs read as before.
    command
        .examples()
        .ifPresent(p -> c.put("example-pool", p.name() + " (" + p.size() + " examples)"));
    return c;
  }

  private static Map<String, PipelineAnswer> open(
      PipelineRunLogPort log, Map<String, String> configuration) {
    Optional<Map<String, String>> started = log.configuration();
    if (started.isEmpty()) {
      log.start(configuration);
      return new HashMap<>();
    }
    List<String> differences = new ArrayList<>();
    configuration.forEach(
        (key, value) -> {
          String was = started.get().get(key);
          if (!value.equals(was)) {
            differences.add(
                key
                    + " was "
                    + (was == null ? "not set" : "'" + was + "'")
                    + ", now '"
                    + value
                    + "'");
          }
        });
    if (!differences.isEmpty()) {
      throw new RunConfigurationChangedException(log.location(), String.join("; ", differences));
    }
    Map<String, PipelineAnswer> done = new HashMap<>();
    for (PipelineAnswer a : log.answers()) {
      done.put(a.questionId(), a);
    }
    return done;
  }

  /** The question as the pipeline gets it: BIRD's evidence appended when the run uses it. */
  static String questionText(EvaluationQuestion q, boolean evidence) {
    if (evidence && q.evidence().isPresent() && !q.evidence().get().isBlank()) {
      return q.question().strip() + "\nExternal Knowledge: " + q.evidence().get().strip();
    }
    return q.question();
  }

  /** One strategy's asking loop over the questions without an answer. */
  private final class Asking {
    private final Command command;
    private final StrategyName strategy;
    // More than one: they vote together, one candidate each.
    private final List<StrategyName> strategies;
    private final WatchedModel llm;
    private final PipelineRunLogPort log;
    private final Map<String, PipelineAnswer> done;
    private final Map<String, DataSource> sources;
    private final Watch watch;
    private final List<String> notes;
    private final Supplier<Asker> asker;
    // Sources whose indexes this loop found ready.
    private final Set<String> ready = new java.util.HashSet<>();
    private final Optional<UnionSource> union;
    private String unionOn;
    private int resumed;
    private int askedNow;
    private int waiting;
    private int unfinished;
    private Optional<String> stopped = Optional.empty();

    Asking(
        Command command,
        List<StrategyName> strategies,
        CompleteChatPort llm,
        PipelineRunLogPort log,
        Map<String, PipelineAnswer> done,
        Map<String, DataSource> sources,
        Watch watch,
        List<String> notes,
        Supplier<Asker> asker,
        Optional<UnionSource> union) {
      this.asker = asker;
      this.union = union;
      this.command = command;
      this.strategy = strategies.getFirst();
      this.strategies = List.copyOf(strategies);
      this.llm = new WatchedModel(llm);
      this.log = log;
      this.done = done;
      this.sources = sources;
      this.watch = watch;
      this.notes = notes;
    }

    void run(List<EvaluationQuestion> questions) {
      List<EvaluationQuestion> toAsk = new ArrayList<>();
      for (EvaluationQuestion q : questions) {
        if (done.containsKey(q.id())) {
          resumed++;
        } else if (sources.containsKey(q.database())) {
          toAsk.add(q);
        }
      }
      String stage = "questions (" + (strategies.size() > 1 ? VOTE : strategy.label()) + ")";
      Progress progress = toAsk.isEmpty() ? Progress.silent() : watch.questions();
      progress.update(stage, 0, toAsk.size());
      int streak = 0;
      for (int i = 0; i < toAsk.size(); i++) {
        EvaluationQuestion q = toAsk.get(i);
        Optional<String> trouble = ask(q);
        if (trouble.isPresent()) {
          unfinished++;
          streak++;
          if (streak >= UNAVAILABLE_STREAK) {
            unfinished += toAsk.size() - i - 1;
            stopped =
                Optional.of(
                    streak
                        + " questions in a row failed ("
                        + trouble.get()
                        + "); stopped so as not to log them as wrong");
            return;
          }
        } else {
          streak = 0;
        }
        progress.update(stage, i + 1, toAsk.size());
      }
    }

    // Asks one question; logs a final answer. What went wrong outside the question, if anything.
    private Optional<String> ask(EvaluationQuestion q) {
      DataSource source = sources.get(q.database());
      llm.reset();
      Answer answer;
      try {
        if (union.isPresent()) {
          source = pointUnionAt(q.database());
        }
        Asker asking = asker.get();
        if (ready.add(source.name())) {
          try {
            asking.indexing().awaitReady(source.name(), watch.indexing());
            // What every question shares is built before the first one, as the index is.
            asking.pipeline().prepare(source);
          } catch (RuntimeException e) {
            ready.remove(source.name());
            throw e;
          }
        }
        AskQuestionUseCase.Command asked =
            new AskQuestionUseCase.Command(
                source.name(),
                questionText(q, command.evidence()),
                command.user(),
                Optional.of(strategy),
                OptionalInt.of(command.candidates()),
                Optional.empty(),
                command.baseline(),
                !command.ownExamples());
        if (strategies.size() > 1) {
          asked = asked.votingAcross(strategies);
        }
        if (command.examples().isPresent()) {
          asked = asked.withExamples(command.examples().get());
        }
        answer = asking.pipeline().ask(asked, llm, Progress.silent());
      } catch (RuntimeException e) {
        String why = "question " + q.id() + " failed: " + oneLine(e.getMessage(), e);
        notes.add(why + " (not logged; asked again next time)");
        watch.problems().accept(why + "; not logged, asked again next time");
        return Optional.of(why);
      }
      if (answer.status() == Answer.Status.QUEUED) {
        waiting++;
        return Optional.empty();
      }
      Optional<String> unavailable = llm.unavailable();
      if (unavailable.isPresent()) {
        String why = "the model failed: " + unavailable.get();
        watch
            .problems()
            .accept("question " + q.id() + ": " + why + "; not logged, asked again next time");
        return Optional.of(why);
      }
      PipelineAnswer logged = logged(q, answer);
      log.append(logged);
      done.put(q.id(), logged);
      askedNow++;
      return Optional.empty();
    }

    // The union source runs answers on the database of the question being asked.
    private DataSource pointUnionAt(String database) {
      DataSource on = union.get().askedOn(database);
      if (!database.equals(unionOn)) {
        Optional<DataSource> known = ports.sources().find(on.name());
        if (known.isEmpty() || !known.get().equals(on)) {
          ports.sources().save(on);
        }
        unionOn = database;
      }
      return on;
    }

    PipelineEvaluation.RunState state(PipelineRunLogPort log, List<EvaluationQuestion> questions) {
      int finished = 0;
      int skipped = 0;
      for (EvaluationQuestion q : questions) {
        if (!sources.containsKey(q.database())) {
          skipped++;
        } else if (done.containsKey(q.id())) {
          finished++;
        }
      }
      return new PipelineEvaluation.RunState(
          log.location(),
          questions.size(),
          finished,
          skipped,
          resumed,
          askedNow,
          waiting,
          unfinished,
          stopped);
    }
  }

  private static String oneLine(String message, Exception e) {
    return (message == null ? e.getClass().getSimpleName() : message)
        .replaceAll("\\s+", " ")
        .strip();
  }

  static PipelineAnswer logged(EvaluationQuestion q, Answer a) {
    List<PipelineAnswer.StageUsage> stages = new ArrayList<>();
    for (StageReport s : a.stages()) {
      stages.add(
          new PipelineAnswer.StageUsage(
              s.name(),
              s.calls(),
              s.usage(),
              s.cost(),
              s.llmMillis(),
              s.otherMillis(),
              s.oneTime()));
    }
    return new PipelineAnswer(
        q.id(),
        q.database(),
        a.status().name().toLowerCase(Locale.ROOT),
        a.sql(),
        Math.max(0, Math.min(1, a.confidence())),
        a.candidates().size(),
        a.schemaElements(),
        stages,
        a.wallMillis(),
        a.llmWallMillis(),
        a.problem(),
        Optional.of(a.schemaView().way().label()));
  }

  /**
   * The model as one question sees it, remembering whether a request lost samples for reasons
   * outside the question (the vendor down, rate limits after retries, a rejected key).
   */
  private static final class WatchedModel implements CompleteChatPort {
    private final CompleteChatPort model;
    private volatile String unavailable;

    WatchedModel(CompleteChatPort model) {
      this.model = model;
    }

    @Override
    public Completions complete(CompletionRequest request) {
      Completions c = model.complete(request);
      if (c.completions().size() < request.samples()) {
        c.failures().stream()
            .filter(f -> TRANSIENT.contains(f.kind()))
            .findFirst()
            .ifPresent(f -> unavailable = f.kind().name() + ": " + f.message());
      }
      return c;
    }

    void reset() {
      unavailable = null;
    }

    Optional<String> unavailable() {
      return Optional.ofNullable(unavailable);
    }
  }
}
