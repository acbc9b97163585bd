package dev.parlance.domain.curation;

import java.time.Instant;
import java.util.Map;
import java.util.Objects;
import java.util.Optional;
import java.util.SortedMap;
import java.util.TreeMap;

/**
 * The curation quality measured of each published version (schema-retrieval recall of its approved
 * verified questions), kept so that it is measured once. Every store passes {@code
 * CurationQualityStorePortContract}.
 */
public interface CurationQualityStorePort {

  /** Keeps one version's quality, replacing what was kept of that version. */
  void save(String source, VersionQuality quality);

  /** What is kept of the source's versions, by version number. */
  Map<Integer, VersionQuality> stored(String source);

  /**
   * One version's measured quality.
   *
   * @param questions the approved verified questions scored
   * @param recall mean recall by budget (columns retrieved); empty when none could be scored
   * @param skipped why the version has no recall, when it has none
   * @param elapsedMs how long its measurement took
   */
  record VersionQuality(
      int version,
      int questions,
      SortedMap<Integer, Double> recall,
      Optional<String> skipped,
      Instant measuredAt,
      long elapsedMs) {
    public VersionQuality {
      if (version < 1) {
        throw new IllegalArgumentException("a published version is numbered from 1");
      }
      recall = java.util.Collections.unmodifiableSortedMap(new TreeMap<>(recall));
      skipped = Objects.requireNonNullElse(skipped, Optional.empty());
      Objects.requireNonNull(measuredAt, "measuredAt");
    }
  }
}
