package dev.parlance.adapters.db.store;

import jakarta.persistence.Column;
import jakarta.persistence.Entity;
import jakarta.persistence.Id;
import jakarta.persistence.IdClass;
import jakarta.persistence.Table;
import java.io.Serializable;
import java.time.Instant;
import java.util.Objects;

/** One published version's measured curation quality; recall as budget=value pairs. */
@Entity
@Table(name = "curation_quality")
@IdClass(CurationQualityEntity.Key.class)
class CurationQualityEntity {
  @Id
  @Column(name = "source_name", nullable = false)
  String sourceName;

  @Id
  @Column(name = "version", nullable = false)
  int version;

  @Column(name = "questions", nullable = false)
  int questions;

  @Column(name = "recall", nullable = false)
  String recall;

  @Column(name = "skipped")
  String skipped;

  @Column(name = "measured_at", nullable = false)
  Instant measuredAt;

  @Column(name = "elapsed_ms", nullable = false)
  long elapsedMs;

  /** The source and version that name a row. */
  static final class Key implements Serializable {
    private static final long serialVersionUID = 1L;

    String sourceName;
    int version;

    Key() {}

    Key(String sourceName, int version) {
      this.sourceName = sourceName;
      this.version = version;
    }

    @Override
    public boolean equals(Object o) {
      return o instanceof Key k && k.version == version && Objects.equals(k.sourceName, sourceName);
    }

    @Override
    public int hashCode() {
      return Objects.hash(sourceName, version);
    }
  }
}
