package dev.parlance.application.curation;

import static org.assertj.core.api.Assertions.assertThat;

import dev.parlance.application.curation.CurationQualityUseCase.Quality;
import dev.parlance.domain.curation.Curation;
import dev.parlance.domain.curation.CurationVersion;
import dev.parlance.domain.governance.UserIdentity;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * A published version's quality measured on the background executor, never on the steward's
 * request; a blocked publish measures nothing; a measurement that fails leaves the publish as it
 * was.
 */
class QualityAfterPublishTest {

  private final List<String> measured = new ArrayList<>();
  private final List<Runnable> queued = new ArrayList<>();
  private boolean blocked;

  private final PublishCurationUseCase publishing =
      new PublishCurationUseCase() {
        @Override
        public PublishOutcome publishDraft(
            String source,
            String steward,
            String note,
            dev.parlance.application.retrieval.Progress progress) {
          return outcome(source, 4);
        }

        @Override
        public PublishOutcome rollback(
            String source,
            int version,
            String steward,
            dev.parlance.application.retrieval.Progress progress) {
          return outcome(source, 5);
        }

        @Override
        public RegressionReport check(String source) {
          return new RegressionReport(3, 3, List.of());
        }
      };

  private PublishOutcome outcome(String source, int version) {
    ValidationReport validation = new ValidationReport(source, List.of());
    if (blocked) {
      return new PublishOutcome.Blocked(validation);
    }
    return new PublishOutcome.Published(
        new CurationVersion(version, Curation.empty(source), "sam", Instant.EPOCH, "note"),
        validation,
        new RegressionReport(version - 1, version, List.of()),
        "re-indexed");
  }

  private final StoredCurationQualityUseCase quality =
      new StoredCurationQualityUseCase() {
        @Override
        public Quality stored(UserIdentity user, String source, int lastVersions) {
          throw new AssertionError("not read here");
        }

        @Override
        public Quality measureMissing(UserIdentity user, String source, int lastVersions) {
          throw new AssertionError("not read here");
        }

        @Override
        public void measureAndStore(String source, int version) {
          measured.add(source + " v" + version);
          if (version == 5) {
            throw new IllegalStateException("the index is gone");
          }
        }
      };

  private final QualityAfterPublish publish =
      new QualityAfterPublish(publishing, quality, queued::add);

  @Test
  void should_measure_each_published_version_in_the_background() {
    PublishOutcome published = publish.publishDraft("plant", "sam", "first");

    assertThat(published).isInstanceOf(PublishOutcome.Published.class);
    assertThat(measured).isEmpty();
    assertThat(queued).hasSize(1);
    queued.getFirst().run();
    assertThat(measured).containsExactly("plant v4");

    // A rollback publishes a version too; its failing measurement is only logged.
    assertThat(publish.rollback("plant", 2, "sam")).isInstanceOf(PublishOutcome.Published.class);
    queued.get(1).run();
    assertThat(measured).containsExactly("plant v4", "plant v5");
  }

  @Test
  void should_measure_nothing_when_the_publish_is_blocked_or_only_checked() {
    blocked = true;

    assertThat(publish.publishDraft("plant", "sam", "first"))
        .isInstanceOf(PublishOutcome.Blocked.class);
    publish.check("plant");

    assertThat(queued).isEmpty();
  }
}
