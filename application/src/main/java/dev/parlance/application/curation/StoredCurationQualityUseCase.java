package dev.parlance.application.curation;

import dev.parlance.application.curation.CurationQualityUseCase.Quality;
import dev.parlance.domain.governance.UserIdentity;

/**
 * Curation quality as the metadata store keeps it: each published version's recall is measured once
 * (in the background after its publish, or when a steward asks for a version that lacks it) and
 * read back from then on. Throws {@link dev.parlance.application.access.AccessDeniedException} for
 * a source the user does not steward.
 */
public interface StoredCurationQualityUseCase {

  /**
   * The last {@code lastVersions} published versions that have a stored measurement, oldest first;
   * nothing is measured.
   */
  Quality stored(UserIdentity user, String source, int lastVersions);

  /**
   * The last {@code lastVersions} published versions, oldest first: the stored ones as stored, the
   * others measured now and stored.
   */
  Quality measureMissing(UserIdentity user, String source, int lastVersions);

  /**
   * Measures one published version and stores it, for the work after a publish (no user: the
   * publish was the steward's).
   */
  void measureAndStore(String source, int version);
}
