package dev.parlance.application.curation;

import dev.parlance.domain.curation.Curation;

/** Checks a curation's views against the live database before it may be published. */
@FunctionalInterface
public interface ValidateCurationUseCase {
  ValidationReport validate(Curation curation);
}
