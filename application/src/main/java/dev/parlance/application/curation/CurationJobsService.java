package dev.parlance.application.curation;

import dev.parlance.application.access.SourceAccess;
import dev.parlance.application.retrieval.Progress;
import dev.parlance.domain.completion.NoLanguageModelException;
import dev.parlance.domain.governance.UserIdentity;
import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.util.Map;
import java.util.Optional;
import java.util.UUID;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.Executor;
import java.util.logging.Level;
import java.util.logging.Logger;

/** Runs curation jobs on an executor of their own and keeps their state while the server runs. */
public final class CurationJobsService implements CurationJobsUseCase {

  private static final Logger LOG = Logger.getLogger(CurationJobsService.class.getName());

  /** Ended jobs kept for their pages; the oldest are forgotten beyond this. */
  static final int KEPT = 200;

  private final StewardCurationUseCase curation;
  private final ModelRegressionUseCase models;
  private final Executor executor;
  private final Clock clock;
  private final Map<String, Tracker> jobs = new ConcurrentHashMap<>();

  public CurationJobsService(
      StewardCurationUseCase curation,
      ModelRegressionUseCase models,
      Executor executor,
      Clock clock) {
    this.curation = curation;
    this.models = models;
    this.executor = executor;
    this.clock = clock;
  }

  @Override
  public Job start(UserIdentity user, String source, Work work) {
    SourceAccess.requireStewardship(user, source);
    String kind =
        switch (work) {
          case Work.Publish p -> "publish";
          case Work.Rollback r -> "rollback";
          case Work.ModelCheck m -> "model-check";
        };
    Tracker job;
    synchronized (jobs) {
      for (Tracker t : jobs.values()) {
        if (t.source.equals(source) && t.state == State.RUNNING) {
          throw new AlreadyRunningException(source, t.kind, t.startedBy);
        }
      }
      forgetOld();
      job = new Tracker(UUID.randomUUID().toString(), source, kind, user.name(), clock.instant());
      jobs.put(job.id, job);
    }
    try {
      executor.execute(() -> run(job, user, work));
    } catch (RuntimeException e) {
      job.fail("it could not start: " + e.getMessage());
      throw e;
    }
    return job.snapshot();
  }

  private void run(Tracker job, UserIdentity user, Work work) {
    try {
      switch (work) {
        case Work.Publish p -> job.published(curation.publish(user, job.source, p.note(), job));
        case Work.Rollback r ->
            job.published(curation.rollback(user, job.source, r.version(), job));
        case Work.ModelCheck m -> job.checked(models.run(user, job.source, job));
      }
    } catch (NoLanguageModelException e) {
      job.fail(e.getMessage() + ": " + e.howToConfigure());
    } catch (RuntimeException e) {
      LOG.log(Level.WARNING, "curation job " + job.id + " (" + job.kind + ") failed", e);
      job.fail(e.getMessage() == null ? e.getClass().getSimpleName() : e.getMessage());
    }
  }

  @Override
  public Job job(UserIdentity user, String id) {
    return tracker(user, id).snapshot();
  }

  @Override
  public Job next(UserIdentity user, String id, long seen, Duration atMost)
      throws InterruptedException {
    Tracker job = tracker(user, id);
    long deadline = System.nanoTime() + atMost.toNanos();
    synchronized (job) {
      while (job.step == seen && job.state == State.RUNNING) {
        long left = deadline - System.nanoTime();
        if (left <= 0) {
          break;
        }
        job.wait(Math.max(1, left / 1_000_000));
      }
      return job.snapshot();
    }
  }

  private Tracker tracker(UserIdentity user, String id) {
    Tracker job = id == null ? null : jobs.get(id);
    if (job == null || !SourceAccess.stewards(user, job.source)) {
      throw new UnknownJobException(id == null ? "" : id);
    }
    return job;
  }

  private void forgetOld() {
    if (jobs.size() < KEPT) {
      return;
    }
    jobs.values().stream()
        .filter(t -> t.state != State.RUNNING)
        .sorted(java.util.Comparator.comparing((Tracker t) -> t.startedAt))
        .limit(jobs.size() - KEPT + 1L)
        .toList()
        .forEach(t -> jobs.remove(t.id));
  }

  /** One job's state, changed by the job's thread and read by its followers. */
  private static final class Tracker implements Progress {
    final String id;
    final String source;
    final String kind;
    final String startedBy;
    final Instant startedAt;
    State state = State.RUNNING;
    long step;
    String stage = "starting";
    long done;
    long total;
    PublishOutcome outcome;
    RegressionReport report;
    String failure;

    Tracker(String id, String source, String kind, String startedBy, Instant startedAt) {
      this.id = id;
      this.source = source;
      this.kind = kind;
      this.startedBy = startedBy;
      this.startedAt = startedAt;
    }

    @Override
    public synchronized void update(String newStage, long newDone, long newTotal) {
      stage = newStage;
      done = newDone;
      total = newTotal;
      step++;
      notifyAll();
    }

    synchronized void published(PublishOutcome result) {
      outcome = result;
      end(State.DONE);
    }

    synchronized void checked(RegressionReport result) {
      report = result;
      end(State.DONE);
    }

    synchronized void fail(String reason) {
      failure = reason;
      end(State.FAILED);
    }

    private void end(State ended) {
      state = ended;
      stage = ended == State.DONE ? "done" : "failed";
      step++;
      notifyAll();
    }

    synchronized Job snapshot() {
      return new Job(
          id,
          source,
          kind,
          startedBy,
          startedAt,
          state,
          step,
          stage,
          done,
          total,
          Optional.ofNullable(outcome),
          Optional.ofNullable(report),
          Optional.ofNullable(failure));
    }
  }
}
