package dev.parlance.application.curation;

/**
 * Publishes a source's curation: its draft, or (rollback) an old version again. Either way the
 * views are validated first, the new version is stored atomically with who and when, the source is
 * re-indexed so retrieval and prompts use the new vocabulary at once, and the approved verified
 * questions are run to report which results changed.
 */
public interface PublishCurationUseCase {

  PublishOutcome publishDraft(String source, String steward, String note);

  PublishOutcome rollback(String source, int version, String steward);

  /**
   * Runs the approved verified questions of the working copy (the draft, else the published
   * curation) and compares them with the published version, publishing nothing.
   */
  RegressionReport check(String source);
}
