package dev.parlance.application.curation;

import dev.parlance.application.retrieval.Progress;
import dev.parlance.domain.curation.Curation;
import dev.parlance.domain.curation.CurationDiff;
import dev.parlance.domain.curation.CurationDraft;
import dev.parlance.domain.curation.CurationVersion;
import dev.parlance.domain.governance.UserIdentity;
import java.time.Instant;
import java.util.List;
import java.util.Optional;

/**
 * A signed-in steward curates a source they steward (admins curate every source): the draft,
 * validation, publishing and rollback (both recorded in the audit trail), versions, diffs and the
 * curation file. Each method throws {@link dev.parlance.application.access.AccessDeniedException}
 * for a source the user does not steward.
 */
public interface StewardCurationUseCase {

  /** What the steward edits now: the draft, else the published curation, else an empty one. */
  WorkingCopy workingCopy(UserIdentity user, String source);

  /**
   * Replaces the draft by a curation document (the curation file's content, as JSON or YAML).
   *
   * @throws IllegalArgumentException when the document cannot be read, naming what is wrong
   */
  CurationDraft saveDraft(UserIdentity user, String source, String document);

  void discardDraft(UserIdentity user, String source);

  /** Validates the working copy's views against the live database, publishing nothing. */
  ValidationReport validate(UserIdentity user, String source);

  default PublishOutcome publish(UserIdentity user, String source, String note) {
    return publish(user, source, note, Progress.silent());
  }

  /** Publishes the draft, reporting its stages ({@link PublishCurationUseCase#VALIDATING}, …). */
  PublishOutcome publish(UserIdentity user, String source, String note, Progress progress);

  default PublishOutcome rollback(UserIdentity user, String source, int version) {
    return rollback(user, source, version, Progress.silent());
  }

  PublishOutcome rollback(UserIdentity user, String source, int version, Progress progress);

  List<CurationVersion> history(UserIdentity user, String source);

  CurationDiff diff(UserIdentity user, String source, CurationRef from, CurationRef to);

  /** The curation file (YAML) of the draft, the published curation or a version. */
  String export(UserIdentity user, String source, CurationRef ref);

  /**
   * Replaces the draft by a curation file's content.
   *
   * @throws IllegalArgumentException when the file cannot be read, naming what is wrong
   */
  CurationDraft importFile(UserIdentity user, String source, String yaml);

  /**
   * The working copy and where it stands.
   *
   * @param json the curation document as JSON (the curation file's shape)
   * @param draft whether a draft exists (else the published curation, or an empty one)
   * @param basedOn the published version the draft started from (0 when none)
   */
  record WorkingCopy(
      Curation curation,
      String json,
      boolean draft,
      int basedOn,
      Optional<String> editedBy,
      Optional<Instant> editedAt) {}
}
