package dev.parlance.application.evaluation;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.parlance.application.ask.Answer;
import dev.parlance.application.ask.AskQuestionUseCase;
import dev.parlance.application.ask.CandidateReport;
import dev.parlance.application.ask.QuestionPipeline;
import dev.parlance.application.ask.StageReport;
import dev.parlance.application.ask.StrategyName;
import dev.parlance.application.evaluation.EvaluatePipelineUseCase.Command;
import dev.parlance.application.evaluation.EvaluatePipelineUseCase.Questions;
import dev.parlance.application.retrieval.Progress;
import dev.parlance.application.source.IndexSourceUseCase;
import dev.parlance.domain.catalog.SchemaCatalog;
import dev.parlance.domain.completion.CompleteChatPort;
import dev.parlance.domain.completion.Completion;
import dev.parlance.domain.completion.CompletionFailure;
import dev.parlance.domain.completion.CompletionRequest;
import dev.parlance.domain.completion.Completions;
import dev.parlance.domain.completion.Cost;
import dev.parlance.domain.completion.FailureKind;
import dev.parlance.domain.completion.TokenUsage;
import dev.parlance.domain.evaluation.EvaluationBenchmark;
import dev.parlance.domain.evaluation.EvaluationDataset;
import dev.parlance.domain.evaluation.EvaluationQuestion;
import dev.parlance.domain.evaluation.ExecutionOutcome;
import dev.parlance.domain.evaluation.JaccardThresholds;
import dev.parlance.domain.evaluation.PipelineAnswer;
import dev.parlance.domain.evaluation.PipelineRunLogPort;
import dev.parlance.domain.evaluation.ResultTable;
import dev.parlance.domain.evaluation.SqlValue;
import dev.parlance.domain.evaluation.VerifiedQuestionFile;
import dev.parlance.domain.governance.QueryResult;
import dev.parlance.domain.governance.UserIdentity;
import dev.parlance.domain.source.Credentials;
import dev.parlance.domain.source.DataSource;
import dev.parlance.domain.source.DataSourcesPort;
import dev.parlance.domain.source.Dialect;
import dev.parlance.domain.sql.SqlShape;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.EnumMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.OptionalInt;
import java.util.Set;
import org.junit.jupiter.api.Test;

/** The evaluation loop with fake ports: logging, resuming, waiting, evidence, configuration. */
class EvaluatePipelineServiceTest {

  private static final DataSource SHOP =
      new DataSource("bench-shop", "jdbc:sqlite:shop.sqlite", Dialect.SQLITE, Credentials.none());

  private final List<EvaluationQuestion> questions =
      List.of(
          question("1", "shop", "How many orders?", null, "G1", "simple"),
          question("2", "shop", "How many big orders?", "big means amount > 100", "G2", "moderate"),
          question("3", "zoo", "How many animals?", null, "G3", "simple"));
  private final EvaluationBenchmark benchmark =
      new EvaluationBenchmark(
          "bird-dev",
          "test gold",
          questions,
          Map.of("shop", SHOP),
          List.of("zoo"),
          List.of("simple", "moderate", "challenging"),
          List.of());

  private final Map<String, DataSource> sources = new LinkedHashMap<>();
  private final List<String> asked = new ArrayList<>();
  // What the fake pipeline answers, by question text prefix: SQL and confidence.
  private final Map<String, Object[]> answers = new LinkedHashMap<>();
  private final Map<StrategyName, MemoryLog> logs = new EnumMap<>(StrategyName.class);
  private final List<String> problems = new ArrayList<>();
  // The indexing use case: sources it was asked to have ready, those that are, and a failure.
  private final List<String> awaited = new ArrayList<>();
  private final Set<String> ready = new java.util.HashSet<>();
  private RuntimeException indexingFails;

  private final IndexSourceUseCase indexing =
      new IndexSourceUseCase() {
        @Override
        public IndexState state(String source) {
          return ready.contains(source) ? new Ready() : new NotReady("no schema index");
        }

        @Override
        public void start(String source) {
          throw new AssertionError("a benchmark waits for its indexes");
        }

        @Override
        public void awaitReady(String source, Progress progress) {
          awaited.add(source);
          if (indexingFails != null) {
            throw indexingFails;
          }
          ready.add(source);
        }
      };

  private static EvaluationQuestion question(
      String id, String db, String text, String evidence, String gold, String difficulty) {
    return new EvaluationQuestion(
        id, db, text, Optional.ofNullable(evidence), gold, Optional.of(difficulty));
  }

  private static ExecutionOutcome rows(long... values) {
    List<List<SqlValue>> rows = new ArrayList<>();
    for (long v : values) {
      rows.add(List.of(SqlValue.of(v)));
    }
    return new ExecutionOutcome.Rows(ResultTable.of(List.of("x"), rows), Duration.ofMillis(1));
  }

  private static final Map<String, ExecutionOutcome> DATABASE =
      Map.of("G1", rows(7), "G2", rows(3), "P7", rows(7), "P3", rows(3), "P9", rows(9));

  /** An in-memory run log. */
  private static final class MemoryLog implements PipelineRunLogPort {
    Map<String, String> configuration;
    final List<PipelineAnswer> lines = new ArrayList<>();

    @Override
    public Optional<Map<String, String>> configuration() {
      return Optional.ofNullable(configuration);
    }

    @Override
    public void start(Map<String, String> c) {
      configuration = Map.copyOf(c);
      lines.clear();
    }

    @Override
    public List<PipelineAnswer> answers() {
      return List.copyOf(lines);
    }

    @Override
    public void append(PipelineAnswer answer) {
      lines.add(answer);
    }

    @Override
    public String location() {
      return "memory";
    }
  }

  private EvaluatePipelineService service() {
    return service(benchmark);
  }

  private EvaluatePipelineService service(EvaluationBenchmark loaded) {
    DataSourcesPort sourcesPort =
        new DataSourcesPort() {
          @Override
          public Optional<DataSource> find(String name) {
            return Optional.ofNullable(sources.get(name));
          }

          @Override
          public List<DataSource> all() {
            return List.copyOf(sources.values());
          }

          @Override
          public void save(DataSource source) {
            sources.put(source.name(), source);
          }

          @Override
          public boolean remove(String name) {
            return sources.remove(name) != null;
          }
        };
    QuestionPipeline pipeline =
        (command, llm, progress) -> {
          if (!ready.contains(command.source())) {
            throw new IllegalStateException("asked before the source's indexes were ready");
          }
          asked.add(command.question());
          Completions c = llm.complete(CompletionRequest.of(command.question()));
          if (c.failures().stream().anyMatch(f -> f.kind() == FailureKind.QUEUED)) {
            return answer(command, Answer.Status.QUEUED, null, 0);
          }
          Object[] a =
              answers.entrySet().stream()
                  .filter(e -> command.question().startsWith(e.getKey()))
                  .map(Map.Entry::getValue)
                  .findFirst()
                  .orElse(new Object[] {null, 0.0});
          double confidence = (double) a[1];
          Answer.Status status =
              a[0] == null
                  ? Answer.Status.NO_ANSWER
                  : confidence >= 0.5 ? Answer.Status.ANSWERED : Answer.Status.UNSURE;
          return answer(command, status, (String) a[0], confidence);
        };
    return new EvaluatePipelineService(
        new EvaluatePipelineService.Ports(
            (dataset, dir) -> loaded,
            file -> new VerifiedQuestionFile(file, List.of(), "0".repeat(64)),
            sourcesPort,
            () -> pipeline,
            indexing,
            (db, sql, limits) -> DATABASE.getOrDefault(sql, ExecutionOutcome.failed("no such")),
            source -> new SchemaCatalog(source.name(), List.of()),
            (sql, catalog) ->
                new SqlShape(
                    true, Set.of("orders"), Set.of("orders.id"), false, Optional.empty())));
  }

  private static Answer answer(
      AskQuestionUseCase.Command c, Answer.Status status, String sql, double confidence) {
    Answer.Trace trace =
        new Answer.Trace(
            c.source(),
            c.question(),
            c.strategy().orElse(StrategyName.DIRECT),
            List.of(new CandidateReport(sql == null ? "" : sql, "sample 1", "1 row")),
            List.of("orders.id", "orders.amount"),
            List.of(),
            List.of(
                new StageReport("generation", 1, new TokenUsage(100, 10), Cost.ZERO, 50, 5, false)),
            List.of(),
            60,
            50,
            null);
    return switch (status) {
      case QUEUED -> Answer.queued(trace);
      case NO_ANSWER -> Answer.noAnswer(trace, List.of(), "no candidate ran");
      case CANNOT_ANSWER -> Answer.cannotAnswer(trace, "cannot answer from this source");
      case ANSWERED -> Answer.answered(trace, sql, rows(sql), confidence, List.of(), "");
      case UNSURE -> Answer.unsure(trace, sql, rows(sql), confidence, List.of(), "");
    };
  }

  private static QueryResult rows(String sql) {
    return new QueryResult(List.of(), List.of(), false, 1, sql, sql);
  }

  private static CompleteChatPort answering() {
    return request ->
        Completions.of(
            new Completion(
                "ok",
                new TokenUsage(100, 10),
                Cost.ZERO,
                "fake",
                "fake",
                Duration.ZERO,
                1,
                Completion.Ending.FINISHED));
  }

  private static CompleteChatPort failing(FailureKind kind) {
    return request ->
        Completions.failed(
            new CompletionFailure(
                kind, "fake", "fake", "not now", TokenUsage.NONE, Cost.ZERO, Duration.ZERO, 1));
  }

  private static Command command(boolean evidence, StrategyName... strategies) {
    return new Command(
        new Questions.Benchmark(EvaluationDataset.BIRD_DEV, Path.of("data")),
        List.of(strategies),
        5,
        OptionalInt.empty(),
        Set.of(),
        evidence,
        Optional.empty(),
        JaccardThresholds.DEFAULTS,
        new UserIdentity("bench", Set.of(), Map.of()),
        Map.of("model", "fake"));
  }

  private PipelineEvaluation evaluate(Command command, CompleteChatPort llm) {
    return service()
        .evaluate(
            command,
            llm,
            s -> logs.computeIfAbsent(s, k -> new MemoryLog()),
            EvaluatePipelineUseCase.Watch.silent());
  }

  @Test
  void should_log_each_answer_and_ask_nothing_again_when_run_a_second_time() {
    answers.put("How many orders?", new Object[] {"P7", 1.0});
    answers.put("How many big orders?", new Object[] {"P9", 0.4});

    PipelineEvaluation first = evaluate(command(true, StrategyName.DIRECT), answering());
    List<String> firstAsked = List.copyOf(asked);
    PipelineEvaluation second = evaluate(command(true, StrategyName.DIRECT), answering());

    assertThat(firstAsked).hasSize(2);
    assertThat(asked).hasSize(2);
    assertThat(logs.get(StrategyName.DIRECT).lines).hasSize(2);
    for (PipelineEvaluation e : List.of(first, second)) {
      Tally t = e.overall().report().overall();
      assertThat(t.questions()).isEqualTo(3);
      assertThat(t.correct()).isEqualTo(1);
      assertThat(t.wrong()).isEqualTo(1);
      assertThat(t.skipped()).isEqualTo(1);
      assertThat(e.overall().state().complete()).isTrue();
      assertThat(e.overall().metrics().calibration().byStatus().get("unsure").questions())
          .isEqualTo(1);
    }
    assertThat(second.overall().state().resumed()).isEqualTo(2);
    assertThat(second.overall().state().askedNow()).isZero();
    // The benchmark's database became a source of the installation, the missing one did not.
    assertThat(sources).containsOnlyKeys("bench-shop");
  }

  @Test
  void should_wait_once_per_source_for_its_indexes_when_questions_are_asked() {
    answers.put("How many orders?", new Object[] {"P7", 1.0});

    PipelineEvaluation e =
        evaluate(command(true, StrategyName.DIRECT, StrategyName.C3), answering());

    // Two questions on bench-shop per strategy: one wait per strategy's loop, none for the
    // missing database.
    assertThat(awaited).containsExactly("bench-shop", "bench-shop");
    assertThat(asked).hasSize(4);
    assertThat(e.overall().state().complete()).isTrue();
  }

  @Test
  void should_log_nothing_and_ask_again_next_time_when_the_indexes_cannot_be_built() {
    indexingFails = new IllegalStateException("the database is locked");

    PipelineEvaluation failed = evaluate(command(true, StrategyName.DIRECT), answering());

    assertThat(asked).isEmpty();
    assertThat(logs.get(StrategyName.DIRECT).lines).isEmpty();
    assertThat(failed.overall().state().complete()).isFalse();
    assertThat(failed.overall().report().notes())
        .anyMatch(n -> n.contains("the database is locked"));

    indexingFails = null;
    PipelineEvaluation next = evaluate(command(true, StrategyName.DIRECT), answering());

    assertThat(asked).hasSize(2);
    assertThat(next.overall().state().complete()).isTrue();
  }

  @Test
  void should_log_nothing_and_count_the_question_as_waiting_when_the_batch_queues_it() {
    PipelineEvaluation e =
        evaluate(command(true, StrategyName.DIRECT), failing(FailureKind.QUEUED));

    assertThat(logs.get(StrategyName.DIRECT).lines).isEmpty();
    assertThat(e.overall().state().waiting()).isEqualTo(2);
    assertThat(e.overall().state().complete()).isFalse();
    assertThat(e.overall().report().overall().scored()).isZero();
  }

  @Test
  void should_stop_without_logging_when_the_model_is_unavailable_for_three_questions_in_a_row() {
    List<EvaluationQuestion> many = new ArrayList<>();
    for (int i = 1; i <= 5; i++) {
      many.add(question(String.valueOf(i), "shop", "Question " + i, null, "G1", "simple"));
    }
    EvaluationBenchmark five =
        new EvaluationBenchmark(
            "bird-dev", "g", many, Map.of("shop", SHOP), List.of(), List.of("simple"), List.of());

    PipelineEvaluation e =
        service(five)
            .evaluate(
                command(true, StrategyName.DIRECT),
                failing(FailureKind.UNAVAILABLE),
                s -> logs.computeIfAbsent(s, k -> new MemoryLog()),
                new EvaluatePipelineUseCase.Watch(
                    Progress.silent(), Progress.silent(), problems::add));

    assertThat(asked).hasSize(3);
    assertThat(problems)
        .hasSize(3)
        .allMatch(p -> p.contains("the model failed: UNAVAILABLE: not now"));
    assertThat(logs.get(StrategyName.DIRECT).lines).isEmpty();
    assertThat(e.overall().state().unfinished()).isEqualTo(5);
    assertThat(e.overall().state().stopped()).get().asString().contains("3 questions in a row");
  }

  @Test
  void should_append_birds_evidence_to_the_question_unless_told_not_to() {
    evaluate(command(true, StrategyName.DIRECT), answering());
    List<String> withEvidence = List.copyOf(asked);
    asked.clear();
    logs.clear();
    evaluate(command(false, StrategyName.DIRECT), answering());

    assertThat(withEvidence)
        .containsExactly(
            "How many orders?", "How many big orders?\nExternal Knowledge: big means amount > 100");
    assertThat(asked).containsExactly("How many orders?", "How many big orders?");
  }

  @Test
  void should_refuse_a_log_that_a_run_with_another_configuration_started() {
    evaluate(command(true, StrategyName.DIRECT), answering());

    assertThatThrownBy(() -> evaluate(command(false, StrategyName.DIRECT), answering()))
        .isInstanceOf(IllegalArgumentException.class)
        .hasMessageContaining("evidence was 'true', now 'false'");
  }

  @Test
  void should_report_each_strategy_and_all_of_them_together_when_several_run() {
    answers.put("How many orders?", new Object[] {"P7", 1.0});
    answers.put("How many big orders?", new Object[] {"P3", 0.8});

    PipelineEvaluation e =
        evaluate(command(true, StrategyName.DIRECT, StrategyName.C3), answering());

    assertThat(e.runs())
        .extracting(PipelineEvaluation.StrategyRun::strategy)
        .containsExactly("direct", "c3");
    assertThat(e.overall().strategy()).isEqualTo("direct+c3");
    assertThat(e.overall().report().overall().correct()).isEqualTo(4);
    assertThat(e.overall().report().overall().skipped()).isEqualTo(2);
    assertThat(e.overall().metrics().questions()).isEqualTo(4);
    assertThat(e.overall().bySemantics().get("spider").correct()).isEqualTo(4);
    assertThat(logs).containsOnlyKeys(StrategyName.DIRECT, StrategyName.C3);
  }
}
