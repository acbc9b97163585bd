package dev.parlance.application.curation;

import dev.parlance.domain.governance.UserIdentity;
import java.time.Instant;
import java.util.Objects;
import java.util.Optional;

/**
 * Publishing, rolling back and the model-based check of verified questions as background jobs that
 * report their stage and progress, so that a steward's page shows them moving instead of waiting
 * 14–68 s for one answer. One job at a time per source; a job is followed by its id. Stewards of
 * the source and admins only (the use cases underneath check it again).
 */
public interface CurationJobsUseCase {

  /** What a job does. */
  sealed interface Work {
    /** Publish the draft with this note. */
    record Publish(String note) implements Work {
      public Publish {
        note = note == null ? "" : note;
      }
    }

    /** Publish an old version again. */
    record Rollback(int version) implements Work {}

    /**
     * Ask the model the published version's verified questions ({@link ModelRegressionUseCase}).
     */
    record ModelCheck() implements Work {}
  }

  /**
   * Starts a job and returns at once.
   *
   * @throws AlreadyRunningException when a job of the source is still running
   * @throws dev.parlance.application.access.AccessDeniedException for a source the user does not
   *     steward
   */
  Job start(UserIdentity user, String source, Work work);

  /**
   * A job as it stands.
   *
   * @throws UnknownJobException when no job has that id (or the user may not see it)
   */
  Job job(UserIdentity user, String id);

  /** Waits until the job moved on from {@code seen} (its {@link Job#step()}), at most the time. */
  Job next(UserIdentity user, String id, long seen, java.time.Duration atMost)
      throws InterruptedException;

  /** Where a job stands. */
  enum State {
    RUNNING,
    DONE,
    FAILED
  }

  /**
   * A job's snapshot.
   *
   * @param step grows each time the job reports something, so that a follower sees a change
   * @param kind {@code publish}, {@code rollback} or {@code model-check}
   * @param outcome a publish's or rollback's outcome once it is done
   * @param report the model check's report once it is done
   * @param failure why it failed, in the user's words
   */
  record Job(
      String id,
      String source,
      String kind,
      String startedBy,
      Instant startedAt,
      State state,
      long step,
      String stage,
      long done,
      long total,
      Optional<PublishOutcome> outcome,
      Optional<RegressionReport> report,
      Optional<String> failure) {
    public Job {
      Objects.requireNonNull(id, "id");
      stage = stage == null ? "" : stage;
      outcome = Objects.requireNonNullElse(outcome, Optional.empty());
      report = Objects.requireNonNullElse(report, Optional.empty());
      failure = Objects.requireNonNullElse(failure, Optional.empty());
    }

    public boolean ended() {
      return state != State.RUNNING;
    }
  }

  /** A job of the source is running already. */
  final class AlreadyRunningException extends RuntimeException {
    private static final long serialVersionUID = 1L;

    public AlreadyRunningException(String source, String kind, String by) {
      super(
          "a "
              + kind
              + " of "
              + source
              + " started by "
              + by
              + " is still running; wait for it to end and try again");
    }
  }

  /** No job of that id. */
  final class UnknownJobException extends RuntimeException {
    private static final long serialVersionUID = 1L;

    public UnknownJobException(String id) {
      super("no curation job " + id + " (jobs are kept while the server runs)");
    }
  }
}
