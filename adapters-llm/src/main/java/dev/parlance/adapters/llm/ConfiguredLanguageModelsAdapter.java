package dev.parlance.adapters.llm;

import dev.parlance.domain.completion.BatchCompletionPort;
import dev.parlance.domain.completion.CompleteChatPort;
import dev.parlance.domain.completion.CompletionFailure;
import dev.parlance.domain.completion.LanguageModelsPort;
import java.util.List;
import java.util.Optional;
import java.util.function.Function;

/**
 * The language models of this installation's configuration (keys in docs/llm.md): profiles with
 * their fallbacks, and offline batch folders that write OpenAI Batch files.
 */
final class ConfiguredLanguageModelsAdapter implements LanguageModelsPort {

  private final LlmSettings settings;

  ConfiguredLanguageModelsAdapter(Function<String, Optional<String>> settings) {
    this.settings = new LlmSettings(settings);
  }

  @Override
  public Optional<LanguageModel> choose(ModelRequest request) {
    Optional<LlmSettings.LlmChoice> choice = settings.choose(request.profile(), request.source());
    if (request.batchFolder().isEmpty()) {
      return choice.map(ConfiguredLanguageModelsAdapter::model);
    }
    LlmProfile base =
        choice
            .map(LlmSettings.LlmChoice::primary)
            .orElseGet(
                () ->
                    LlmProfile.of(
                        "batch",
                        Provider.OPENAI,
                        request
                            .batchModel()
                            .orElseThrow(
                                () ->
                                    new dev.parlance.adapters.llm.chat.LlmConfigurationException(
                                        "an offline batch folder needs the model its requests"
                                            + " name, or a configured profile"
                                            + " (PARLANCE_LLM_PROVIDER=openai"
                                            + " PARLANCE_LLM_MODEL=…)")),
                        null));
    // Batch files follow OpenAI's Batch API; Azure and compatible servers read the same files.
    Provider provider =
        base.provider() == Provider.AZURE_OPENAI || base.provider() == Provider.OPENAI_COMPATIBLE
            ? base.provider()
            : Provider.OPENAI;
    String modelName = request.batchModel().orElse(base.model());
    LlmProfile batch =
        new LlmProfile(
            base.name(),
            provider,
            modelName,
            base.apiKey(),
            base.baseUrl(),
            base.apiVersion(),
            base.timeout(),
            base.maxRetries(),
            modelName.equals(base.model()) ? base.price() : Optional.empty(),
            base.parallelism(),
            request.batchFolder());
    return Optional.of(model(new LlmSettings.LlmChoice(batch.name(), List.of(batch))));
  }

  private static LanguageModel model(LlmSettings.LlmChoice choice) {
    CompleteChatPort chat = LanguageModels.create(choice.chain());
    StringBuilder description =
        new StringBuilder(choice.profile() + ": " + choice.primary().describe());
    for (LlmProfile fallback : choice.chain().subList(1, choice.chain().size())) {
      description
          .append(", then ")
          .append(fallback.name())
          .append(": ")
          .append(fallback.describe());
    }
    String models =
        String.join(">", choice.chain().stream().map(LlmProfile::model).distinct().toList());
    return new LanguageModel(
        choice.profile(),
        description.toString(),
        models,
        chat,
        // A profile may itself be configured to answer from a batch folder (batch-dir).
        chat instanceof BatchCompletionPort batch ? Optional.of(batch) : Optional.empty());
  }

  @Override
  public String howToConfigure() {
    return LlmSettings.howToConfigure();
  }

  @Override
  public String remedy(LanguageModel model, CompletionFailure failure) {
    LlmSettings.LlmChoice choice =
        settings.choose(Optional.of(model.profile()), Optional.empty()).orElse(null);
    if (choice == null) {
      return "";
    }
    LlmProfile p =
        choice.chain().stream()
            .filter(x -> x.provider().id().equals(failure.vendor()))
            .findFirst()
            .orElse(choice.primary());
    String apiKey = LlmSettings.key(p.name(), "api-key");
    return switch (failure.kind()) {
      case AUTHENTICATION ->
          "check the key in "
              + apiKey
              + " ("
              + LlmSettings.environmentName(apiKey)
              + p.provider().keyVariable().map(v -> " or " + v).orElse("")
              + ")";
      case UNAVAILABLE ->
          p.provider() == Provider.OLLAMA ? "is Ollama running (ollama serve)?" : "";
      case BAD_REQUEST -> "check the model name in " + LlmSettings.key(p.name(), "model");
      default -> "";
    };
  }

  @Override
  public String priceHint(LanguageModel model) {
    return "set "
        + LlmSettings.key(model.profile(), "price.input")
        + " and price.output (US$ per million tokens)";
  }
}
