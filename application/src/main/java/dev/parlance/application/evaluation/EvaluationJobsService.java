package dev.parlance.application.evaluation;

import dev.parlance.application.access.SourceAccess;
import dev.parlance.application.evaluation.EvaluatePipelineUseCase.Questions;
import dev.parlance.application.evaluation.report.ReportFilesPort;
import dev.parlance.application.retrieval.Progress;
import dev.parlance.application.retrieval.UnknownSourceException;
import dev.parlance.domain.curation.PublishedCurationPort;
import dev.parlance.domain.curation.VerifiedQuery;
import dev.parlance.domain.evaluation.BenchmarkRunsPort;
import dev.parlance.domain.evaluation.JaccardThresholds;
import dev.parlance.domain.evaluation.VerifiedQuestion;
import dev.parlance.domain.evaluation.WriteVerifiedQuestionsPort;
import dev.parlance.domain.governance.UserIdentity;
import dev.parlance.domain.source.DataSourcesPort;
import java.nio.file.Path;
import java.time.Clock;
import java.time.Instant;
import java.time.ZoneOffset;
import java.time.format.DateTimeFormatter;
import java.util.Comparator;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.OptionalInt;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.Executor;

/**
 * Starts evaluation runs of a source's verified questions on a background executor and follows
 * them. The questions are written into the run's folder ({@code questions/SOURCE.jsonl}) and asked
 * through {@link PipelineBenchmarkUseCase} as {@code bench e2e --questions} asks them; the run
 * keeps its report as the command line's does.
 */
public final class EvaluationJobsService implements EvaluationJobsUseCase {

  private static final DateTimeFormatter STAMP =
      DateTimeFormatter.ofPattern("yyyyMMdd-HHmmss").withZone(ZoneOffset.UTC);

  /** What a run reads and writes besides the pipeline. */
  public record Ports(
      DataSourcesPort sources,
      PublishedCurationPort curations,
      BenchmarkRunsPort runs,
      WriteVerifiedQuestionsPort questionFiles,
      ReportFilesPort reports) {}

  private final PipelineBenchmarkUseCase benchmarks;
  private final Ports ports;
  private final Executor background;
  private final Clock clock;
  private final Map<String, Tracker> jobs = new ConcurrentHashMap<>();

  public EvaluationJobsService(
      PipelineBenchmarkUseCase benchmarks, Ports ports, Executor background, Clock clock) {
    this.benchmarks = benchmarks;
    this.ports = ports;
    this.background = background;
    this.clock = clock;
  }

  @Override
  public EvaluationJob start(UserIdentity user, String source, OptionalInt limit) {
    SourceAccess.requireAdmin(user, "start evaluation runs");
    if (limit.isPresent() && limit.getAsInt() < 1) {
      throw new IllegalArgumentException("the limit must be at least 1");
    }
    if (source == null || source.isBlank() || ports.sources().find(source).isEmpty()) {
      throw new UnknownSourceException(source == null ? "" : source);
    }
    List<VerifiedQuery> approved =
        ports.curations().published(source).map(v -> v.curation().approved()).orElse(List.of());
    if (approved.isEmpty()) {
      throw new IllegalArgumentException(
          "source "
              + source
              + " has no approved verified questions in its published curation to evaluate");
    }
    int total = Math.min(approved.size(), limit.orElse(approved.size()));
    Tracker job;
    synchronized (jobs) {
      Optional<Tracker> running =
          jobs.values().stream()
              .filter(j -> j.source.equals(source) && j.state == State.RUNNING)
              .findFirst();
      if (running.isPresent()) {
        throw new AlreadyRunningException(source, running.get().id);
      }
      job = new Tracker(runName(source), source, total, user.name(), clock.instant());
      jobs.put(job.id, job);
    }
    try {
      Path questions =
          Path.of(ports.runs().location(job.id)).resolve("questions").resolve(job.id + ".jsonl");
      ports
          .questionFiles()
          .write(
              questions,
              approved.stream()
                  .map(
                      q ->
                          new VerifiedQuestion(
                              q.question(),
                              q.sql(),
                              source,
                              q.difficulty().isEmpty()
                                  ? Optional.empty()
                                  : Optional.of(q.difficulty())))
                  .toList());
      PipelineBenchmarkUseCase.Request request = request(user, questions, limit, job.id);
      background.execute(() -> run(job, request));
    } catch (RuntimeException e) {
      job.end(State.FAILED, Optional.of(reason(e)), clock.instant());
      throw e;
    }
    return job.snapshot();
  }

  @Override
  public EvaluationJob job(UserIdentity user, String id) {
    SourceAccess.requireAdmin(user, "see evaluation runs");
    Tracker job = id == null ? null : jobs.get(id);
    if (job == null) {
      throw new UnknownJobException(id);
    }
    return job.snapshot();
  }

  @Override
  public List<EvaluationJob> jobs(UserIdentity user) {
    SourceAccess.requireAdmin(user, "see evaluation runs");
    return jobs.values().stream()
        .map(Tracker::snapshot)
        .sorted(
            Comparator.comparing(EvaluationJob::startedAt)
                .thenComparing(EvaluationJob::id)
                .reversed())
        .toList();
  }

  // As 'bench e2e --questions FILE --run NAME' asks them: the configured strategy and m, the
  // source's verified questions not shown as their own examples.
  private static PipelineBenchmarkUseCase.Request request(
      UserIdentity user, Path questions, OptionalInt limit, String run) {
    return new PipelineBenchmarkUseCase.Request(
        new Questions.Verified(questions),
        List.of(),
        OptionalInt.empty(),
        limit,
        Set.of(),
        true,
        Optional.empty(),
        JaccardThresholds.DEFAULTS,
        user,
        false,
        OptionalInt.empty(),
        PipelineBenchmarkUseCase.Comparison.NONE,
        false,
        new PipelineBenchmarkUseCase.ModelChoice(
            Optional.empty(), Optional.empty(), Optional.empty()),
        Optional.of(run),
        false);
  }

  private void run(Tracker job, PipelineBenchmarkUseCase.Request request) {
    try {
      PipelineBenchmarkUseCase.Outcome outcome =
          benchmarks.run(
              request,
              new PipelineBenchmarkUseCase.Watch(
                  starting -> {},
                  new EvaluatePipelineUseCase.Watch(
                      (stage, done, total) -> job.progress(done, total),
                      Progress.silent(),
                      job::problem)));
      PipelineBenchmarkUseCase.Run first = outcome.first();
      ports
          .reports()
          .keepRunReport(
              Path.of(first.description().runDirectory()), outcome.report(), Optional.empty());
      if (outcome.complete()) {
        job.end(State.DONE, Optional.empty(), clock.instant());
      } else {
        PipelineEvaluation.RunState state = first.evaluation().overall().state();
        String why =
            state.stopped().orElse(state.unfinished() + " question(s) have no answer")
                + job.lastProblem.map(p -> " (" + p + ")").orElse("");
        job.end(State.FAILED, Optional.of(why), clock.instant());
      }
    } catch (RuntimeException e) {
      job.end(State.FAILED, Optional.of(reason(e)), clock.instant());
    }
  }

  private static String reason(RuntimeException e) {
    return e.getMessage() == null ? e.getClass().getSimpleName() : e.getMessage();
  }

  // portal-SOURCE-yyyyMMdd-HHmmss, with a counter when two start within a second.
  private String runName(String source) {
    String base =
        ("portal-" + source + "-" + STAMP.format(clock.instant()))
            .replaceAll("[^A-Za-z0-9._-]", "_");
    String name = base;
    for (int n = 2; jobs.containsKey(name); n++) {
      name = base + "-" + n;
    }
    if (!name.matches(PipelineBenchmarkUseCase.RUN_NAME)) {
      throw new IllegalArgumentException("source " + source + " makes no run name: " + name);
    }
    return name;
  }

  /** A run's state as it changes, read by whoever asks. */
  private static final class Tracker {
    final String id;
    final String source;
    final String startedBy;
    final Instant startedAt;
    volatile State state = State.RUNNING;
    volatile long done;
    volatile long total;
    volatile Optional<String> failure = Optional.empty();
    volatile Optional<String> lastProblem = Optional.empty();
    volatile Optional<Instant> endedAt = Optional.empty();

    Tracker(String id, String source, long total, String startedBy, Instant startedAt) {
      this.id = id;
      this.source = source;
      this.total = total;
      this.startedBy = startedBy;
      this.startedAt = startedAt;
    }

    void progress(long done, long total) {
      this.done = done;
      this.total = total;
    }

    void problem(String problem) {
      lastProblem = Optional.of(problem);
    }

    void end(State state, Optional<String> failure, Instant at) {
      this.failure = failure;
      this.endedAt = Optional.of(at);
      if (state == State.DONE) {
        done = total;
      }
      this.state = state;
    }

    EvaluationJob snapshot() {
      return new EvaluationJob(
          id, source, state, done, total, failure, startedBy, startedAt, endedAt);
    }
  }
}
