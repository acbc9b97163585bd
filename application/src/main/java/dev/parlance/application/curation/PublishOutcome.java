package dev.parlance.application.curation;

import dev.parlance.domain.curation.CurationVersion;
import java.util.Objects;
import java.util.Optional;

/** What became of a publish (or rollback): published with its checks, or blocked by validation. */
public sealed interface PublishOutcome {

  ValidationReport validation();

  /**
   * @param reindexed how many elements the source's index holds now, or why re-indexing failed
   */
  record Published(
      CurationVersion version,
      ValidationReport validation,
      RegressionReport regression,
      String reindexed)
      implements PublishOutcome {
    public Published {
      Objects.requireNonNull(version, "version");
      Objects.requireNonNull(regression, "regression");
      reindexed = reindexed == null ? "" : reindexed;
    }
  }

  /** A view failed validation; nothing was published. */
  record Blocked(ValidationReport validation) implements PublishOutcome {}

  /** The previous version, when there was one. */
  default Optional<Integer> previous() {
    return this instanceof Published p && p.regression().fromVersion() > 0
        ? Optional.of(p.regression().fromVersion())
        : Optional.empty();
  }
}
