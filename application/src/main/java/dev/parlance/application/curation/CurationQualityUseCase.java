package dev.parlance.application.curation;

import dev.parlance.domain.governance.UserIdentity;
import java.time.Instant;
import java.util.List;
import java.util.Optional;
import java.util.SortedMap;

/**
 * Curation quality over versions: {@code bench curation}'s curated side (schema-retrieval recall of
 * each version's approved verified questions on that version's curated catalog, Parlance's default
 * retrieval) for the source's last published versions, measured when asked. Throws {@link
 * dev.parlance.application.access.AccessDeniedException} for a source the user does not steward.
 */
@FunctionalInterface
public interface CurationQualityUseCase {

  /** The budgets recall is measured at (columns retrieved). */
  List<Integer> BUDGETS = List.of(5, 10, 20);

  /** The most versions one measurement covers. */
  int MAX_VERSIONS = 10;

  /**
   * @param lastVersions how many of the newest published versions, 1 to {@link #MAX_VERSIONS}
   */
  Quality recallByVersion(UserIdentity user, String source, int lastVersions);

  /** The versions measured, oldest first, and how long the measurement took. */
  record Quality(
      String source, List<Integer> budgets, List<VersionRecall> versions, long elapsedMs) {
    public Quality {
      budgets = List.copyOf(budgets);
      versions = List.copyOf(versions);
    }
  }

  /**
   * One version's recall.
   *
   * @param questions the approved verified questions scored (those with gold columns)
   * @param recall mean recall by budget; empty when no question could be scored
   * @param skipped why the version has no recall, when it has none
   */
  record VersionRecall(
      int version,
      Instant publishedAt,
      String note,
      int questions,
      SortedMap<Integer, Double> recall,
      Optional<String> skipped) {
    public VersionRecall {
      recall = java.util.Collections.unmodifiableSortedMap(new java.util.TreeMap<>(recall));
      skipped = skipped == null ? Optional.empty() : skipped;
    }
  }
}
