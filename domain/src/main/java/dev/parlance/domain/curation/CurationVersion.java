package dev.parlance.domain.curation;

import java.time.Instant;
import java.util.Objects;

/**
 * A published version of a source's curation: numbered 1, 2, … per source, never changed after
 * publishing. A rollback publishes an old version's curation again as a new version.
 *
 * @param note why it was published (e.g. {@code rollback to version 3}); may be empty
 */
public record CurationVersion(
    int version, Curation curation, String publishedBy, Instant publishedAt, String note) {
  public CurationVersion {
    if (version < 1) {
      throw new IllegalArgumentException("published versions are numbered from 1");
    }
    Objects.requireNonNull(curation, "curation");
    publishedBy = publishedBy == null || publishedBy.isBlank() ? "parlance" : publishedBy.strip();
    Objects.requireNonNull(publishedAt, "publishedAt");
    note = note == null ? "" : note.strip();
  }

  public String source() {
    return curation.source();
  }
}
