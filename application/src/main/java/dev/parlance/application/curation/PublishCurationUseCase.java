package dev.parlance.application.curation;

import dev.parlance.application.retrieval.Progress;

/**
 * Publishes a source's curation: its draft, or (rollback) an old version again. Either way the
 * views are validated first, the new version is stored atomically with who and when, the source is
 * re-indexed so retrieval and prompts use the new vocabulary at once, and the approved verified
 * questions' SQL is run to report which results changed. Publishing never calls a language model:
 * asking the model the verified questions is {@link ModelRegressionUseCase}, started on purpose.
 */
public interface PublishCurationUseCase {

  /** The stages a publish reports to its {@link Progress}, in order. */
  String VALIDATING = "validating the views";

  String STORING = "storing the new version";
  String INDEXING = "re-indexing";
  String VERIFYING = RegressionService.STAGE;

  default PublishOutcome publishDraft(String source, String steward, String note) {
    return publishDraft(source, steward, note, Progress.silent());
  }

  PublishOutcome publishDraft(String source, String steward, String note, Progress progress);

  default PublishOutcome rollback(String source, int version, String steward) {
    return rollback(source, version, steward, Progress.silent());
  }

  PublishOutcome rollback(String source, int version, String steward, Progress progress);

  /**
   * Runs the approved verified questions' SQL of the working copy (the draft, else the published
   * curation) and compares their rows with the published version's, publishing nothing and calling
   * no model.
   */
  RegressionReport check(String source);
}
