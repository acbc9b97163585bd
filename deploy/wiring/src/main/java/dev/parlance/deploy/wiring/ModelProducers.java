package dev.parlance.deploy.wiring;

import dev.parlance.adapters.llm.LanguageModels;
import dev.parlance.adapters.llm.tokens.Tokenizers;
import dev.parlance.application.model.CountedLanguageModels;
import dev.parlance.domain.completion.CountTokensPort;
import dev.parlance.domain.completion.LanguageModelsPort;
import dev.parlance.domain.completion.ModelCallsPort;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.enterprise.inject.Produces;
import jakarta.inject.Singleton;
import java.time.Clock;
import java.util.function.Function;

/** Language models (adapters-llm): the configured profiles, their fallbacks and batch folders. */
@ApplicationScoped
public class ModelProducers {

  @Produces
  @ApplicationScoped
  LanguageModelsPort languageModels(ParlanceSettings settings, ModelCallsPort ledger) {
    // Every model call Parlance makes is chosen here, so the ledger (the Spend page) sees all.
    return new CountedLanguageModels(
        LanguageModels.configured(settings::value, settings::names), ledger, Clock.systemUTC());
  }

  /** A model's tokenizer by the model's name, for prompt-size measurements. */
  @Produces
  @Singleton
  Tokenizer tokenizers() {
    return Tokenizers::openAi;
  }

  /** Counts tokens as a named model's tokenizer does. */
  @FunctionalInterface
  public interface Tokenizer extends Function<String, CountTokensPort> {}
}
