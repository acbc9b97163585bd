package dev.parlance.application.curation;

import dev.parlance.application.retrieval.Progress;
import java.util.concurrent.Executor;
import java.util.logging.Level;
import java.util.logging.Logger;

/**
 * Publishing, then the published version's curation quality measured and stored in the background,
 * so that the steward's chart has its number without anyone waiting for it
 * (docs/design/portal-pages.md gives how long a measurement takes on the demo).
 */
public final class QualityAfterPublish implements PublishCurationUseCase {

  private static final Logger LOG = Logger.getLogger(QualityAfterPublish.class.getName());

  private final PublishCurationUseCase publishing;
  private final StoredCurationQualityUseCase quality;
  private final Executor background;

  public QualityAfterPublish(
      PublishCurationUseCase publishing,
      StoredCurationQualityUseCase quality,
      Executor background) {
    this.publishing = publishing;
    this.quality = quality;
    this.background = background;
  }

  @Override
  public PublishOutcome publishDraft(
      String source, String steward, String note, Progress progress) {
    return measured(source, publishing.publishDraft(source, steward, note, progress));
  }

  @Override
  public PublishOutcome rollback(String source, int version, String steward, Progress progress) {
    return measured(source, publishing.rollback(source, version, steward, progress));
  }

  @Override
  public RegressionReport check(String source) {
    return publishing.check(source);
  }

  private PublishOutcome measured(String source, PublishOutcome outcome) {
    if (outcome instanceof PublishOutcome.Published published) {
      int version = published.version().version();
      background.execute(
          () -> {
            try {
              quality.measureAndStore(source, version);
            } catch (RuntimeException e) {
              // The page measures a version that lacks its number when a steward asks.
              LOG.log(
                  Level.WARNING,
                  "curation quality of " + source + " version " + version + " not measured",
                  e);
            }
          });
    }
    return outcome;
  }
}
