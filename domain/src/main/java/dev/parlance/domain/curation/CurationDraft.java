package dev.parlance.domain.curation;

import java.time.Instant;
import java.util.Objects;

/**
 * The working copy a steward edits: every change lands here, never in a published version.
 *
 * @param basedOn the published version the draft started from (0 when there was none)
 */
public record CurationDraft(Curation curation, int basedOn, String editedBy, Instant editedAt) {
  public CurationDraft {
    Objects.requireNonNull(curation, "curation");
    if (basedOn < 0) {
      throw new IllegalArgumentException("basedOn must not be negative");
    }
    editedBy = editedBy == null || editedBy.isBlank() ? "parlance" : editedBy.strip();
    Objects.requireNonNull(editedAt, "editedAt");
  }

  public String source() {
    return curation.source();
  }
}
