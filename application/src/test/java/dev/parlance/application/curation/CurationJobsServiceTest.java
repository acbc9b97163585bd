package dev.parlance.application.curation;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.parlance.application.access.AccessDeniedException;
import dev.parlance.application.retrieval.Progress;
import dev.parlance.domain.curation.Curation;
import dev.parlance.domain.curation.CurationDiff;
import dev.parlance.domain.curation.CurationDraft;
import dev.parlance.domain.curation.CurationVersion;
import dev.parlance.domain.governance.UserIdentity;
import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.time.ZoneOffset;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.Executor;
import org.junit.jupiter.api.Test;

class CurationJobsServiceTest {

  private static final UserIdentity ADA = UserIdentity.of("ada", "admin");

  private final List<Runnable> queued = new ArrayList<>();
  private final Executor later = queued::add;

  private static UserIdentity stewardOf(String source) {
    return UserIdentity.of("rita", "steward").withAttribute("stewarded_sources", source);
  }

  /** Publishing that reports two stages, then publishes version 4. */
  private final StewardCurationUseCase curation =
      new StewardCurationUseCase() {
        @Override
        public PublishOutcome publish(
            UserIdentity user, String source, String note, Progress progress) {
          progress.update(PublishCurationUseCase.VALIDATING, 0, 25);
          progress.update(PublishCurationUseCase.VERIFYING, 36, 36);
          return new PublishOutcome.Published(
              new CurationVersion(4, Curation.empty(source), user.name(), Instant.EPOCH, note),
              new ValidationReport(source, List.of()),
              new RegressionReport(3, 4, List.of()),
              "");
        }

        @Override
        public PublishOutcome rollback(
            UserIdentity user, String source, int version, Progress progress) {
          throw new CurationConflict("version 5 was published by someone else");
        }

        @Override
        public WorkingCopy workingCopy(UserIdentity user, String source) {
          throw new UnsupportedOperationException();
        }

        @Override
        public CurationDraft saveDraft(UserIdentity user, String source, String document) {
          throw new UnsupportedOperationException();
        }

        @Override
        public void discardDraft(UserIdentity user, String source) {
          throw new UnsupportedOperationException();
        }

        @Override
        public ValidationReport validate(UserIdentity user, String source) {
          throw new UnsupportedOperationException();
        }

        @Override
        public List<CurationVersion> history(UserIdentity user, String source) {
          throw new UnsupportedOperationException();
        }

        @Override
        public CurationDiff diff(
            UserIdentity user, String source, CurationRef from, CurationRef to) {
          throw new UnsupportedOperationException();
        }

        @Override
        public String export(UserIdentity user, String source, CurationRef ref) {
          throw new UnsupportedOperationException();
        }

        @Override
        public CurationDraft importFile(UserIdentity user, String source, String yaml) {
          throw new UnsupportedOperationException();
        }
      };

  private static final class CurationConflict extends RuntimeException {
    private static final long serialVersionUID = 1L;

    CurationConflict(String message) {
      super(message);
    }
  }

  private final ModelRegressionUseCase models =
      new ModelRegressionUseCase() {
        @Override
        public Estimate estimate(UserIdentity user, String source) {
          throw new UnsupportedOperationException();
        }

        @Override
        public RegressionReport run(UserIdentity user, String source, Progress progress) {
          progress.update("asked", 1, 1);
          return new RegressionReport(4, 4, List.of());
        }
      };

  private CurationJobsService jobs(Executor executor) {
    return new CurationJobsService(
        curation, models, executor, Clock.fixed(Instant.EPOCH, ZoneOffset.UTC));
  }

  @Test
  void should_run_a_publish_in_the_background_and_keep_its_stages_and_outcome() {
    CurationJobsService jobs = jobs(later);

    CurationJobsUseCase.Job started =
        jobs.start(ADA, "plant", new CurationJobsUseCase.Work.Publish("note"));

    assertThat(started.state()).isEqualTo(CurationJobsUseCase.State.RUNNING);
    assertThat(started.kind()).isEqualTo("publish");
    queued.removeFirst().run();
    CurationJobsUseCase.Job ended = jobs.job(ADA, started.id());
    assertThat(ended.state()).isEqualTo(CurationJobsUseCase.State.DONE);
    assertThat(ended.step()).isGreaterThan(started.step());
    assertThat(ended.outcome())
        .get()
        .isInstanceOfSatisfying(
            PublishOutcome.Published.class, p -> assertThat(p.version().version()).isEqualTo(4));
  }

  @Test
  void should_refuse_a_second_job_of_the_source_while_the_first_runs() {
    CurationJobsService jobs = jobs(later);
    jobs.start(ADA, "plant", new CurationJobsUseCase.Work.Publish(""));

    assertThatThrownBy(() -> jobs.start(ADA, "plant", new CurationJobsUseCase.Work.Rollback(2)))
        .isInstanceOf(CurationJobsUseCase.AlreadyRunningException.class)
        .hasMessageContaining("publish of plant started by ada is still running");
    // Another source is free.
    assertThat(jobs.start(ADA, "crew", new CurationJobsUseCase.Work.ModelCheck()).kind())
        .isEqualTo("model-check");
  }

  @Test
  void should_keep_the_reason_when_a_job_fails() {
    CurationJobsService jobs = jobs(Runnable::run);

    CurationJobsUseCase.Job job =
        jobs.job(ADA, jobs.start(ADA, "plant", new CurationJobsUseCase.Work.Rollback(2)).id());

    assertThat(job.state()).isEqualTo(CurationJobsUseCase.State.FAILED);
    assertThat(job.failure()).contains("version 5 was published by someone else");
  }

  @Test
  void should_keep_the_model_checks_report() {
    CurationJobsService jobs = jobs(Runnable::run);

    CurationJobsUseCase.Job job =
        jobs.job(ADA, jobs.start(ADA, "plant", new CurationJobsUseCase.Work.ModelCheck()).id());

    assertThat(job.report()).get().extracting(RegressionReport::toVersion).isEqualTo(4);
  }

  @Test
  void should_wake_a_follower_when_the_job_moves_on() throws InterruptedException {
    CurationJobsService jobs = jobs(later);
    CurationJobsUseCase.Job started =
        jobs.start(ADA, "plant", new CurationJobsUseCase.Work.Publish(""));
    Thread worker = new Thread(queued.removeFirst());

    worker.start();
    CurationJobsUseCase.Job next =
        jobs.next(ADA, started.id(), started.step(), Duration.ofSeconds(30));
    worker.join();

    assertThat(next.step()).isGreaterThan(started.step());
  }

  @Test
  void should_refuse_a_steward_of_another_source_and_hide_its_jobs() {
    CurationJobsService jobs = jobs(later);
    String id = jobs.start(ADA, "plant", new CurationJobsUseCase.Work.Publish("")).id();

    assertThatThrownBy(
            () -> jobs.start(stewardOf("crew"), "plant", new CurationJobsUseCase.Work.Publish("")))
        .isInstanceOf(AccessDeniedException.class);
    assertThatThrownBy(() -> jobs.job(stewardOf("crew"), id))
        .isInstanceOf(CurationJobsUseCase.UnknownJobException.class);
    assertThat(jobs.job(stewardOf("plant"), id).source()).isEqualTo("plant");
  }
}
