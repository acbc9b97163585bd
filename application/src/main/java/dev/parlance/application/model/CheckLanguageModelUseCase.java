package dev.parlance.application.model;

import dev.parlance.domain.completion.BatchStatus;
import dev.parlance.domain.completion.Completion;
import dev.parlance.domain.completion.CompletionFailure;
import dev.parlance.domain.completion.LanguageModelsPort.LanguageModel;
import java.util.List;
import java.util.Optional;

/** One tiny prompt through the configured language model, end to end. */
public interface CheckLanguageModelUseCase {

  /**
   * Sends {@code prompt} to the model of {@code profile}, else of {@code source}, else the default.
   *
   * @throws dev.parlance.domain.completion.NoLanguageModelException when none is configured
   * @throws dev.parlance.domain.completion.LanguageModelConfigurationException when the
   *     configuration cannot work
   */
  ModelCheck check(Optional<String> profile, Optional<String> source, String prompt);

  /** How the check ended. */
  sealed interface ModelCheck {
    LanguageModel model();
  }

  /**
   * The model answered (perhaps after {@code failures} of earlier fallbacks).
   *
   * @param priceHint how to give the model a price when its cost is unknown, else ""
   */
  record Answered(
      LanguageModel model,
      Completion completion,
      List<CompletionFailure> failures,
      String priceHint)
      implements ModelCheck {}

  /** Nothing answered: every failure, and what to change about the first. */
  record NoAnswer(LanguageModel model, List<CompletionFailure> failures, String remedy)
      implements ModelCheck {}

  /** The model is an offline batch folder: nothing is sent, its state is shown. */
  record OfflineBatch(LanguageModel model, BatchStatus status) implements ModelCheck {}
}
