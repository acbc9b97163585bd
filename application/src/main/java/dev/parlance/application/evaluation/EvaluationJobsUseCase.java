package dev.parlance.application.evaluation;

import dev.parlance.domain.governance.UserIdentity;
import java.time.Instant;
import java.util.List;
import java.util.Objects;
import java.util.Optional;
import java.util.OptionalInt;

/**
 * Evaluation runs an admin starts from the portal: the question pipeline over a source's approved
 * verified questions (as {@code bench e2e --questions}, through {@link PipelineBenchmarkUseCase}),
 * in the background, one at a time per source, its progress readable while it runs, its run kept
 * with its HTML report under the benchmark runs like any other. The jobs are this instance's, kept
 * while it runs; the runs and their reports are kept as files.
 */
public interface EvaluationJobsUseCase {

  /**
   * Starts a run over the source's approved verified questions, asked as the admin starting it.
   *
   * @param limit only the first N questions
   * @throws dev.parlance.application.access.AccessDeniedException unless the user is an admin
   * @throws dev.parlance.application.retrieval.UnknownSourceException for a source that is not
   *     configured
   * @throws IllegalArgumentException when the source has no approved verified questions published,
   *     or for a limit below 1
   * @throws AlreadyRunningException while a run of the same source is under way
   */
  EvaluationJob start(UserIdentity user, String source, OptionalInt limit);

  /**
   * @throws UnknownJobException when this instance started no such run
   */
  EvaluationJob job(UserIdentity user, String id);

  /** The runs this instance started, newest first. */
  List<EvaluationJob> jobs(UserIdentity user);

  enum State {
    RUNNING,
    DONE,
    FAILED
  }

  /**
   * One run started from the portal.
   *
   * @param id the run's name, under which it is kept (its report: {@link BenchmarkRunsUseCase})
   * @param done the questions answered so far, of {@code total}
   * @param failure why a failed run stopped
   */
  record EvaluationJob(
      String id,
      String source,
      State state,
      long done,
      long total,
      Optional<String> failure,
      String startedBy,
      Instant startedAt,
      Optional<Instant> endedAt) {
    public EvaluationJob {
      Objects.requireNonNull(id, "id");
      Objects.requireNonNull(source, "source");
      Objects.requireNonNull(state, "state");
      failure = Objects.requireNonNullElse(failure, Optional.empty());
      endedAt = Objects.requireNonNullElse(endedAt, Optional.empty());
    }
  }

  /** A run of the source is under way: one at a time per source. */
  final class AlreadyRunningException extends RuntimeException {
    private static final long serialVersionUID = 1L;

    public AlreadyRunningException(String source, String run) {
      super(
          "an evaluation of source "
              + source
              + " is running ("
              + run
              + "): wait until it ends to start another");
    }
  }

  /** No run of that id was started here. */
  final class UnknownJobException extends RuntimeException {
    private static final long serialVersionUID = 1L;

    public UnknownJobException(String id) {
      super("no evaluation run '" + id + "' was started on this server");
    }
  }
}
