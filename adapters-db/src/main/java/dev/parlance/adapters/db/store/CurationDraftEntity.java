package dev.parlance.adapters.db.store;

import jakarta.persistence.Column;
import jakarta.persistence.Entity;
import jakarta.persistence.Id;
import jakarta.persistence.Table;
import java.time.Instant;

/** A source's curation draft: the one working copy stewards edit. */
@Entity
@Table(name = "curation_draft")
class CurationDraftEntity {
  @Id
  @Column(name = "source_name")
  String sourceName;

  @Column(name = "based_on", nullable = false)
  int basedOn;

  @Column(name = "edited_by", nullable = false)
  String editedBy;

  @Column(name = "edited_at", nullable = false)
  Instant editedAt;

  @Column(name = "content", nullable = false, length = 1_000_000)
  String content;
}
