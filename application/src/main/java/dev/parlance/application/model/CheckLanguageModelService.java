package dev.parlance.application.model;

import dev.parlance.domain.completion.CompletionFailure;
import dev.parlance.domain.completion.CompletionRequest;
import dev.parlance.domain.completion.Completions;
import dev.parlance.domain.completion.LanguageModelsPort;
import dev.parlance.domain.completion.LanguageModelsPort.LanguageModel;
import dev.parlance.domain.completion.LanguageModelsPort.ModelRequest;
import dev.parlance.domain.completion.ModelPurpose;
import dev.parlance.domain.completion.NoLanguageModelException;
import java.util.Optional;

/** Checks a model with one short completion (an offline batch folder only reports its state). */
public final class CheckLanguageModelService implements CheckLanguageModelUseCase {

  private static final int MAX_TOKENS = 32;

  private final LanguageModelsPort models;

  public CheckLanguageModelService(LanguageModelsPort models) {
    this.models = models;
  }

  @Override
  public ModelCheck check(Optional<String> profile, Optional<String> source, String prompt) {
    LanguageModel model =
        models
            .choose(ModelRequest.of(profile, source).forPurpose(ModelPurpose.CHECK))
            .orElseThrow(
                () -> new NoLanguageModelException("checking a model", models.howToConfigure()));
    if (model.batch().isPresent()) {
      return new OfflineBatch(model, model.batch().get().status());
    }
    Completions result =
        model.chat().complete(CompletionRequest.of(prompt).withMaxTokens(MAX_TOKENS));
    if (result.isEmpty()) {
      CompletionFailure first = result.firstFailure().orElseThrow();
      return new NoAnswer(model, result.failures(), models.remedy(model, first));
    }
    return new Answered(
        model,
        result.first(),
        result.failures(),
        result.first().cost().isKnown() ? "" : models.priceHint(model));
  }
}
