package dev.parlance.adapters.llm;

import dev.parlance.adapters.llm.anthropic.AnthropicChats;
import dev.parlance.adapters.llm.azure.AzureOpenAiChats;
import dev.parlance.adapters.llm.batch.OpenAiBatches;
import dev.parlance.adapters.llm.chat.ChatPorts;
import dev.parlance.adapters.llm.chat.LlmConfigurationException;
import dev.parlance.adapters.llm.chat.RetryPolicy;
import dev.parlance.adapters.llm.chat.VendorChatBuilder;
import dev.parlance.adapters.llm.compatible.OpenAiCompatibleChats;
import dev.parlance.adapters.llm.gemini.GeminiChats;
import dev.parlance.adapters.llm.mistral.MistralChats;
import dev.parlance.adapters.llm.ollama.OllamaChats;
import dev.parlance.adapters.llm.openai.OpenAiChats;
import dev.parlance.domain.completion.CompleteChatPort;
import dev.parlance.domain.completion.LanguageModelsPort;
import java.util.List;

/**
 * Builds the completion port a configuration asks for: one vendor, or an ordered fallback chain.
 * Throws {@link LlmConfigurationException} with a one-line reason when a profile cannot work (no
 * key, no model, bad URL).
 */
public final class LanguageModels {
  private LanguageModels() {}

  /**
   * The models of a configuration: {@code settings} gives a setting by its key ({@code
   * parlance.llm.model}) or an environment variable by its name ({@code OPENAI_API_KEY}).
   */
  public static LanguageModelsPort configured(
      java.util.function.Function<String, java.util.Optional<String>> settings) {
    return new ConfiguredLanguageModelsAdapter(settings, java.util.List::of);
  }

  /**
   * The models of a configuration whose profiles can also be listed: {@code settingNames} gives the
   * names of every setting and environment variable the configuration holds, among which the
   * profiles' keys are found ({@code parlance.llm.profiles.NAME.provider} or {@code
   * PARLANCE_LLM_PROFILES_NAME_PROVIDER}).
   */
  public static LanguageModelsPort configured(
      java.util.function.Function<String, java.util.Optional<String>> settings,
      java.util.function.Supplier<? extends Iterable<String>> settingNames) {
    return new ConfiguredLanguageModelsAdapter(settings, settingNames);
  }

  public static CompleteChatPort create(LlmProfile profile) {
    if (profile.batchDirectory().isPresent()) {
      return batch(profile);
    }
    VendorChatBuilder<?> builder =
        switch (profile.provider()) {
          case OPENAI -> OpenAiChats.builder();
          case AZURE_OPENAI ->
              AzureOpenAiChats.builder().apiVersion(profile.apiVersion().orElse(null));
          case ANTHROPIC -> AnthropicChats.builder();
          case GEMINI -> GeminiChats.builder();
          case MISTRAL -> MistralChats.builder();
          case OLLAMA -> OllamaChats.builder();
          case OPENAI_COMPATIBLE -> OpenAiCompatibleChats.builder();
        };
    builder
        .model(profile.model())
        .apiKey(profile.apiKey().orElse(null))
        .baseUrl(profile.baseUrl().orElse(null))
        .timeout(profile.timeout())
        .retry(RetryPolicy.defaults().withMaxRetries(profile.maxRetries()))
        .parallelism(profile.parallelism());
    profile.price().ifPresent(builder::price);
    return builder.build();
  }

  /** The first profile, falling back to the next ones in order. */
  public static CompleteChatPort create(List<LlmProfile> ordered) {
    if (ordered.isEmpty()) {
      throw new LlmConfigurationException("no language model is configured");
    }
    return ChatPorts.withFallback(ordered.stream().map(LanguageModels::create).toList());
  }

  private static CompleteChatPort batch(LlmProfile profile) {
    if (profile.provider() != Provider.OPENAI
        && profile.provider() != Provider.AZURE_OPENAI
        && profile.provider() != Provider.OPENAI_COMPATIBLE) {
      throw new LlmConfigurationException(
          "offline batch mode writes OpenAI Batch API files; provider "
              + profile.provider().id()
              + " cannot read them");
    }
    OpenAiBatches.Builder builder =
        OpenAiBatches.folder(profile.batchDirectory().orElseThrow()).model(profile.model());
    if (profile.provider() == Provider.AZURE_OPENAI) {
      builder.url("/chat/completions");
    }
    profile.price().ifPresent(builder::price);
    return builder.open();
  }
}
