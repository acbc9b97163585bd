package dev.parlance.application.model;

import dev.parlance.domain.completion.LanguageModelsPort;
import dev.parlance.domain.completion.LanguageModelsPort.ProfileSummary;
import java.util.List;

/** Lists the profiles the configuration holds. */
public final class ListModelProfilesService implements ListModelProfilesUseCase {

  private final LanguageModelsPort models;

  public ListModelProfilesService(LanguageModelsPort models) {
    this.models = models;
  }

  @Override
  public List<ProfileSummary> profiles() {
    return models.profiles();
  }
}
