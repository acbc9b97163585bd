package dev.parlance.adapters.db.store;

import jakarta.persistence.Column;
import jakarta.persistence.Entity;
import jakarta.persistence.GeneratedValue;
import jakarta.persistence.GenerationType;
import jakarta.persistence.Id;
import jakarta.persistence.Table;
import java.time.Instant;

/** One published version of a source's curation; its content is the curation file. */
@Entity
@Table(name = "curation_version")
class CurationVersionEntity {
  @Id
  @GeneratedValue(strategy = GenerationType.IDENTITY)
  Long id;

  @Column(name = "source_name", nullable = false)
  String sourceName;

  @Column(name = "version", nullable = false)
  int version;

  @Column(name = "published_by", nullable = false)
  String publishedBy;

  @Column(name = "published_at", nullable = false)
  Instant publishedAt;

  @Column(name = "note", nullable = false)
  String note;

  @Column(name = "view_count", nullable = false)
  int viewCount;

  @Column(name = "verified_count", nullable = false)
  int verifiedCount;

  @Column(name = "content", nullable = false, length = 1_000_000)
  String content;
}
