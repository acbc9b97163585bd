package dev.parlance.application.curation;

import static dev.parlance.application.access.SourceAccess.requireStewardship;

import dev.parlance.application.retrieval.Progress;
import dev.parlance.domain.curation.Curation;
import dev.parlance.domain.curation.CurationDiff;
import dev.parlance.domain.curation.CurationDraft;
import dev.parlance.domain.curation.CurationFilePort;
import dev.parlance.domain.curation.CurationStorePort;
import dev.parlance.domain.curation.CurationVersion;
import dev.parlance.domain.governance.ActionTaken;
import dev.parlance.domain.governance.RecordActionPort;
import dev.parlance.domain.governance.UserIdentity;
import java.time.Clock;
import java.util.List;
import java.util.Optional;

/** The steward's curation, checked against the user's stewardship, publishing audited. */
public final class StewardCurationService implements StewardCurationUseCase {

  private final EditCurationUseCase edits;
  private final ReadCurationUseCase reads;
  private final ValidateCurationUseCase validator;
  private final PublishCurationUseCase publisher;
  private final CurationStorePort store;
  private final CurationFilePort files;
  private final RecordActionPort audit;
  private final Clock clock;

  public StewardCurationService(
      EditCurationUseCase edits,
      ReadCurationUseCase reads,
      ValidateCurationUseCase validator,
      PublishCurationUseCase publisher,
      CurationStorePort store,
      CurationFilePort files,
      RecordActionPort audit,
      Clock clock) {
    this.edits = edits;
    this.reads = reads;
    this.validator = validator;
    this.publisher = publisher;
    this.store = store;
    this.files = files;
    this.audit = audit;
    this.clock = clock;
  }

  @Override
  public WorkingCopy workingCopy(UserIdentity user, String source) {
    requireStewardship(user, source);
    Curation curation = edits.workingCopy(source);
    Optional<CurationDraft> draft = store.draft(source);
    return new WorkingCopy(
        curation,
        files.writeJson(curation),
        draft.isPresent(),
        draft
            .map(CurationDraft::basedOn)
            .orElseGet(() -> store.published(source).map(CurationVersion::version).orElse(0)),
        draft.map(CurationDraft::editedBy),
        draft.map(CurationDraft::editedAt));
  }

  @Override
  public CurationDraft saveDraft(UserIdentity user, String source, String document) {
    requireStewardship(user, source);
    if (document == null || document.isBlank()) {
      throw new IllegalArgumentException("the curation document is empty");
    }
    Curation curation = files.read(document);
    if (!curation.source().equals(source)) {
      throw new IllegalArgumentException(
          "source: the curation is for source '" + curation.source() + "', not '" + source + "'");
    }
    return edits.change(source, user.name(), current -> curation);
  }

  @Override
  public void discardDraft(UserIdentity user, String source) {
    requireStewardship(user, source);
    edits.discard(source);
  }

  @Override
  public ValidationReport validate(UserIdentity user, String source) {
    requireStewardship(user, source);
    return validator.validate(edits.workingCopy(source));
  }

  @Override
  public PublishOutcome publish(UserIdentity user, String source, String note, Progress progress) {
    requireStewardship(user, source);
    PublishOutcome outcome =
        publisher.publishDraft(source, user.name(), note == null ? "" : note, progress);
    if (outcome instanceof PublishOutcome.Published published) {
      audit.record(
          ActionTaken.by(
              clock.instant(),
              user,
              source,
              "curation-publish",
              "published version " + published.version().version()));
    }
    return outcome;
  }

  @Override
  public PublishOutcome rollback(UserIdentity user, String source, int version, Progress progress) {
    requireStewardship(user, source);
    PublishOutcome outcome = publisher.rollback(source, version, user.name(), progress);
    if (outcome instanceof PublishOutcome.Published published) {
      audit.record(
          ActionTaken.by(
              clock.instant(),
              user,
              source,
              "curation-rollback",
              "version "
                  + version
                  + " published again as version "
                  + published.version().version()));
    }
    return outcome;
  }

  @Override
  public List<CurationVersion> history(UserIdentity user, String source) {
    requireStewardship(user, source);
    return reads.history(source);
  }

  @Override
  public CurationDiff diff(UserIdentity user, String source, CurationRef from, CurationRef to) {
    requireStewardship(user, source);
    return reads.diff(source, from, to);
  }

  @Override
  public String export(UserIdentity user, String source, CurationRef ref) {
    requireStewardship(user, source);
    return reads.export(source, ref);
  }

  @Override
  public CurationDraft importFile(UserIdentity user, String source, String yaml) {
    requireStewardship(user, source);
    if (yaml == null || yaml.isBlank()) {
      throw new IllegalArgumentException("the curation file is empty");
    }
    return edits.importFile(source, yaml, user.name());
  }
}
