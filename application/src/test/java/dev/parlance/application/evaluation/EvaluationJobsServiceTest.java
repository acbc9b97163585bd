package dev.parlance.application.evaluation;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.parlance.application.access.AccessDeniedException;
import dev.parlance.application.ask.AskSettings;
import dev.parlance.application.evaluation.EvaluatePipelineUseCase.Questions;
import dev.parlance.application.evaluation.EvaluationJobsUseCase.AlreadyRunningException;
import dev.parlance.application.evaluation.EvaluationJobsUseCase.EvaluationJob;
import dev.parlance.application.evaluation.EvaluationJobsUseCase.State;
import dev.parlance.application.evaluation.EvaluationJobsUseCase.UnknownJobException;
import dev.parlance.application.evaluation.report.E2eReport;
import dev.parlance.application.evaluation.report.ReportFilesPort;
import dev.parlance.application.retrieval.UnknownSourceException;
import dev.parlance.application.source.IndexSourceUseCase;
import dev.parlance.domain.catalog.SchemaCatalog;
import dev.parlance.domain.completion.CompletionFailure;
import dev.parlance.domain.completion.LanguageModelsPort;
import dev.parlance.domain.completion.NoLanguageModelException;
import dev.parlance.domain.curation.Curation;
import dev.parlance.domain.curation.CurationVersion;
import dev.parlance.domain.curation.PublishedCurationPort;
import dev.parlance.domain.curation.VerifiedQuery;
import dev.parlance.domain.curation.VerifiedStatus;
import dev.parlance.domain.evaluation.BenchmarkRunsPort;
import dev.parlance.domain.evaluation.ExecutionOutcome;
import dev.parlance.domain.evaluation.PipelineAnswer;
import dev.parlance.domain.evaluation.PipelineRunLogPort;
import dev.parlance.domain.evaluation.VerifiedQuestion;
import dev.parlance.domain.evaluation.VerifiedQuestionFile;
import dev.parlance.domain.governance.UserIdentity;
import dev.parlance.domain.source.Credentials;
import dev.parlance.domain.source.DataSource;
import dev.parlance.domain.source.DataSourcesPort;
import dev.parlance.domain.sql.SqlShape;
import java.nio.file.Path;
import java.time.Clock;
import java.time.Instant;
import java.time.ZoneOffset;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.OptionalInt;
import java.util.Set;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;

/**
 * Evaluation runs started from the portal: admins only, the source's approved verified questions
 * written for the run and asked as {@code bench e2e --questions} asks them, in the background, one
 * at a time per source, progress and failure readable, the run's report kept.
 */
class EvaluationJobsServiceTest {

  private static final UserIdentity ADMIN = new UserIdentity("ada", Set.of("admin"), Map.of());
  private static final UserIdentity STEWARD =
      new UserIdentity("stu", Set.of("steward"), Map.of("stewarded_sources", "demo"));
  private static final DataSource DEMO =
      DataSource.of("demo", "jdbc:sqlite:/tmp/demo.db", Credentials.none());
  private static final Clock CLOCK =
      Clock.fixed(Instant.parse("2026-11-24T12:00:00Z"), ZoneOffset.UTC);

  private final Map<Path, List<VerifiedQuestion>> files = new HashMap<>();
  private final List<String> reports = new ArrayList<>();
  private final List<Runnable> queued = new ArrayList<>();
  private List<VerifiedQuery> verified =
      List.of(
          query("q1", "How many plants?", VerifiedStatus.APPROVED),
          query("q2", "Which plant is largest?", VerifiedStatus.PROPOSED),
          query("q3", "How many open orders?", VerifiedStatus.APPROVED));

  private static VerifiedQuery query(String id, String question, VerifiedStatus status) {
    return new VerifiedQuery(id, question, "SELECT 1", "stu", status, "simple");
  }

  private EvaluationJobsService service(PipelineBenchmarkUseCase benchmarks) {
    DataSourcesPort sources = new OneSource(Optional.of(DEMO));
    PublishedCurationPort published =
        source ->
            source.equals("demo")
                ? Optional.of(
                    new CurationVersion(
                        3,
                        new Curation("demo", null, null, null, null, verified, null),
                        "stu",
                        CLOCK.instant(),
                        "third"))
                : Optional.empty();
    return new EvaluationJobsService(
        benchmarks,
        new EvaluationJobsService.Ports(
            sources, published, new Runs(), files::put, new RecordedReports()),
        queued::add,
        CLOCK);
  }

  @Test
  void should_refuse_whoever_is_not_an_admin_and_start_nothing() {
    EvaluationJobsService jobs = service(neverCalled());

    assertThatThrownBy(() -> jobs.start(STEWARD, "demo", OptionalInt.empty()))
        .isInstanceOf(AccessDeniedException.class)
        .hasMessageContaining("only admins may start evaluation runs");
    assertThatThrownBy(() -> jobs.jobs(STEWARD)).isInstanceOf(AccessDeniedException.class);
    assertThat(queued).isEmpty();
    assertThat(files).isEmpty();
  }

  @Test
  void should_refuse_an_unknown_source_a_source_without_approved_questions_and_a_bad_limit() {
    EvaluationJobsService jobs = service(neverCalled());

    assertThatThrownBy(() -> jobs.start(ADMIN, "nowhere", OptionalInt.empty()))
        .isInstanceOf(UnknownSourceException.class);
    assertThatThrownBy(() -> jobs.start(ADMIN, "demo", OptionalInt.of(0)))
        .isInstanceOf(IllegalArgumentException.class)
        .hasMessage("the limit must be at least 1");
    verified = List.of(query("q2", "Which plant is largest?", VerifiedStatus.PROPOSED));
    assertThatThrownBy(() -> jobs.start(ADMIN, "demo", OptionalInt.empty()))
        .isInstanceOf(IllegalArgumentException.class)
        .hasMessage(
            "source demo has no approved verified questions in its published curation to"
                + " evaluate");
    assertThat(queued).isEmpty();
    assertThat(jobs.jobs(ADMIN)).isEmpty();
  }

  @Test
  void should_ask_the_approved_questions_in_the_background_and_show_their_progress()
      throws Exception {
    List<PipelineBenchmarkUseCase.Request> requests = new ArrayList<>();
    CountDownLatch halfway = new CountDownLatch(1);
    CountDownLatch finish = new CountDownLatch(1);
    EvaluationJobsService jobs =
        service(
            (request, watch) -> {
              requests.add(request);
              watch.evaluation().questions().update("asking", 1, 2);
              halfway.countDown();
              await(finish);
              throw new NoLanguageModelException("bench e2e", "set PARLANCE_LLM_PROVIDER");
            });

    EvaluationJob started = jobs.start(ADMIN, "demo", OptionalInt.empty());

    assertThat(started.id()).isEqualTo("portal-demo-20261124-120000");
    assertThat(started.state()).isEqualTo(State.RUNNING);
    assertThat(started.total()).isEqualTo(2);
    assertThat(started.startedBy()).isEqualTo("ada");
    // Nothing is asked on the caller's thread.
    assertThat(requests).isEmpty();
    Path file =
        Path.of("runs/portal-demo-20261124-120000/questions/portal-demo-20261124-120000.jsonl");
    assertThat(files.get(file))
        .containsExactly(
            new VerifiedQuestion("How many plants?", "SELECT 1", "demo", Optional.of("simple")),
            new VerifiedQuestion(
                "How many open orders?", "SELECT 1", "demo", Optional.of("simple")));

    Thread worker = new Thread(queued.getFirst());
    worker.start();
    assertThat(halfway.await(5, TimeUnit.SECONDS)).isTrue();
    PipelineBenchmarkUseCase.Request asked = requests.getFirst();
    assertThat(asked.questions()).isEqualTo(new Questions.Verified(file));
    assertThat(asked.run()).contains("portal-demo-20261124-120000");
    assertThat(asked.user()).isEqualTo(ADMIN);
    assertThat(asked.ownExamples()).isFalse();
    assertThat(asked.fresh()).isFalse();
    EvaluationJob running = jobs.job(ADMIN, started.id());
    assertThat(running.state()).isEqualTo(State.RUNNING);
    assertThat(running.done()).isEqualTo(1);
    assertThat(running.total()).isEqualTo(2);
    // One run at a time per source.
    assertThatThrownBy(() -> jobs.start(ADMIN, "demo", OptionalInt.empty()))
        .isInstanceOf(AlreadyRunningException.class)
        .hasMessageContaining("portal-demo-20261124-120000");

    finish.countDown();
    worker.join(5_000);

    EvaluationJob failed = jobs.job(ADMIN, started.id());
    assertThat(failed.state()).isEqualTo(State.FAILED);
    assertThat(failed.failure())
        .contains("bench e2e needs a language model and none is configured");
    assertThat(failed.endedAt()).isPresent();
    // Once it ended, the source may be evaluated again: a run of its own.
    EvaluationJob next = jobs.start(ADMIN, "demo", OptionalInt.of(1));
    assertThat(next.id()).isEqualTo("portal-demo-20261124-120000-2");
    assertThat(next.total()).isEqualTo(1);
    assertThat(jobs.jobs(ADMIN))
        .extracting(EvaluationJob::id)
        .containsExactly("portal-demo-20261124-120000-2", "portal-demo-20261124-120000");
    assertThatThrownBy(() -> jobs.job(ADMIN, "portal-other"))
        .isInstanceOf(UnknownJobException.class);
  }

  @Test
  void should_keep_the_finished_runs_report_through_the_real_benchmark_use_case() {
    EvaluationJobsService jobs = service(realBenchmarks());

    EvaluationJob started = jobs.start(ADMIN, "demo", OptionalInt.empty());
    queued.getFirst().run();

    EvaluationJob done = jobs.job(ADMIN, started.id());
    assertThat(done.state()).isEqualTo(State.DONE);
    assertThat(done.failure()).isEmpty();
    assertThat(done.done()).isEqualTo(done.total());
    assertThat(reports)
        .containsExactly(
            "runs/portal-demo-20261124-120000 questions:portal-demo-20261124-120000.jsonl");
  }

  private static void await(CountDownLatch latch) {
    try {
      latch.await(5, TimeUnit.SECONDS);
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
    }
  }

  private static PipelineBenchmarkUseCase neverCalled() {
    return (request, watch) -> {
      throw new AssertionError("no run expected");
    };
  }

  // The real bench e2e use case and evaluation over the written questions; the evaluation knows no
  // source, so each question is skipped and the run is complete without asking a model.
  private PipelineBenchmarkUseCase realBenchmarks() {
    EvaluatePipelineService evaluation =
        new EvaluatePipelineService(
            new EvaluatePipelineService.Ports(
                (dataset, dir) -> {
                  throw new AssertionError("no benchmark here");
                },
                file -> new VerifiedQuestionFile(file, files.get(file), "0".repeat(64)),
                new OneSource(Optional.empty()),
                () -> {
                  throw new AssertionError("nothing to ask");
                },
                new NeverIndexed(),
                (db, sql, limits) -> ExecutionOutcome.failed("no such"),
                source -> new SchemaCatalog(source.name(), List.of()),
                (sql, catalog) -> new SqlShape(true, Set.of(), Set.of(), false, Optional.empty())));
    LanguageModelsPort models =
        new LanguageModelsPort() {
          @Override
          public Optional<LanguageModel> choose(ModelRequest request) {
            return Optional.of(
                new LanguageModel(
                    "default",
                    "recorded",
                    "recorded",
                    chat -> {
                      throw new AssertionError("nothing to ask");
                    },
                    Optional.empty()));
          }

          @Override
          public String howToConfigure() {
            return "";
          }

          @Override
          public String remedy(LanguageModel model, CompletionFailure failure) {
            return "";
          }

          @Override
          public String priceHint(LanguageModel model) {
            return "";
          }
        };
    return new PipelineBenchmarkService(
        evaluation, models, new Runs(), AskSettings.defaults(), "bge-small-en-v15-q", CLOCK);
  }

  private final class RecordedReports implements ReportFilesPort {
    @Override
    public void keepRunReport(Path runDirectory, E2eReport report, Optional<String> title) {
      reports.add(runDirectory + " " + report.dataset());
    }

    @Override
    public void writeJson(Path file, E2eReport report) {
      throw new AssertionError("only the run's own report");
    }

    @Override
    public void writeHtml(Path file, List<E2eReport> all, Optional<String> title) {
      throw new AssertionError("only the run's own report");
    }

    @Override
    public E2eReport readJson(Path file) {
      throw new AssertionError("nothing read");
    }
  }

  private static final class Runs implements BenchmarkRunsPort {
    private final Map<String, PipelineRunLogPort> logs = new HashMap<>();

    @Override
    public String location(String run) {
      return "runs/" + run;
    }

    @Override
    public PipelineRunLogPort open(String run, String strategy) {
      return logs.computeIfAbsent(run + "/" + strategy, k -> new MemoryLog());
    }

    @Override
    public void setAside(String run, String strategy) {
      throw new AssertionError("a portal run is never started over");
    }
  }

  private static final class MemoryLog implements PipelineRunLogPort {
    private Map<String, String> configuration;
    private final List<PipelineAnswer> answers = new ArrayList<>();

    @Override
    public Optional<Map<String, String>> configuration() {
      return Optional.ofNullable(configuration);
    }

    @Override
    public void start(Map<String, String> c) {
      configuration = Map.copyOf(c);
    }

    @Override
    public List<PipelineAnswer> answers() {
      return List.copyOf(answers);
    }

    @Override
    public void append(PipelineAnswer answer) {
      answers.add(answer);
    }

    @Override
    public String location() {
      return "memory";
    }
  }

  private record OneSource(Optional<DataSource> source) implements DataSourcesPort {
    @Override
    public Optional<DataSource> find(String name) {
      return source.filter(s -> s.name().equals(name));
    }

    @Override
    public List<DataSource> all() {
      return source.stream().toList();
    }

    @Override
    public void save(DataSource s) {}

    @Override
    public boolean remove(String name) {
      return false;
    }
  }

  private static final class NeverIndexed implements IndexSourceUseCase {
    @Override
    public IndexState state(String source) {
      return new NotReady("never");
    }

    @Override
    public void start(String source) {}

    @Override
    public void awaitReady(String source, dev.parlance.application.retrieval.Progress progress) {
      throw new AssertionError("nothing to ask");
    }
  }
}
