package dev.parlance.domain.curation;

import java.util.List;
import java.util.Optional;

/**
 * Keeps each source's curation: one draft being edited and the published versions, all kept. Every
 * store passes {@code CurationStorePortContract}.
 */
public interface CurationStorePort extends PublishedCurationPort {

  Optional<CurationDraft> draft(String source);

  /** Creates or replaces the source's draft. */
  CurationDraft saveDraft(Curation curation, int basedOn, String editor);

  /** Drops the source's draft; nothing happens if it has none. */
  void discardDraft(String source);

  /**
   * Publishes {@code curation} as the source's next version, in one transaction: readers see the
   * old version or the new one, never a mix. Publishing the draft drops it in the same transaction;
   * a rollback keeps the draft a steward may be working on.
   */
  CurationVersion publish(Curation curation, String steward, String note, boolean dropDraft);

  /**
   * {@link #publish} only while the source's newest version is still {@code expectedLatest},
   * checked in the same transaction, so that of two publishes started from one version exactly one
   * is stored.
   *
   * @throws CurationConflictException when another version was published first; nothing is stored
   */
  default CurationVersion publishIfLatest(
      int expectedLatest, Curation curation, String steward, String note, boolean dropDraft) {
    int latest = latestVersion(curation.source());
    if (latest != expectedLatest) {
      throw new CurationConflictException(curation.source(), expectedLatest, latest);
    }
    return publish(curation, steward, note, dropDraft);
  }

  Optional<CurationVersion> version(String source, int version);

  /** The number of the source's newest published version, without reading it (0 when none). */
  int latestVersion(String source);

  /** Every published version of the source, oldest first. */
  List<CurationVersion> history(String source);
}
