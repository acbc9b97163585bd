package dev.parlance.application.model;

import dev.parlance.domain.completion.LanguageModelsPort.ProfileSummary;
import java.util.List;

/** The configured language-model profiles, described without their keys. */
@FunctionalInterface
public interface ListModelProfilesUseCase {
  List<ProfileSummary> profiles();
}
