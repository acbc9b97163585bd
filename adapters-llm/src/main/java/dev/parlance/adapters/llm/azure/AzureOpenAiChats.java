package dev.parlance.adapters.llm.azure;

import dev.langchain4j.model.azure.AzureOpenAiChatModel;
import dev.langchain4j.model.chat.ChatModel;
import dev.parlance.adapters.llm.chat.ChatOptions;
import dev.parlance.adapters.llm.chat.ChatPorts;
import dev.parlance.adapters.llm.chat.LlmConfigurationException;
import dev.parlance.adapters.llm.chat.VendorChatBuilder;
import dev.parlance.domain.completion.CompleteChatPort;

/**
 * The one place that builds Azure OpenAI chat models. The base URL is the resource's endpoint
 * ({@code https://NAME.openai.azure.com/}), the model is the deployment's name. Azure's SDK brings
 * its own Netty transport, which insists on HTTPS for keys.
 */
public final class AzureOpenAiChats {
  public static final String VENDOR = "azure-openai";

  private AzureOpenAiChats() {}

  public static Builder builder() {
    return new Builder();
  }

  /** A port over an already built Azure model, e.g. one over a test's {@code OpenAIClient}. */
  public static CompleteChatPort wrap(ChatModel model, ChatOptions options) {
    return ChatPorts.over(model, options, new AzureQuirks());
  }

  /** Azure's settings: endpoint, key and deployment required; the API version is optional. */
  public static final class Builder extends VendorChatBuilder<Builder> {
    private String apiVersion;

    private Builder() {
      super(VENDOR, "Azure OpenAI", new AzureQuirks());
    }

    /** The {@code api-version} query parameter, e.g. {@code 2024-10-21}; default: the SDK's. */
    public Builder apiVersion(String value) {
      this.apiVersion = value == null || value.isBlank() ? null : value.strip();
      return this;
    }

    @Override
    protected ChatModel buildModel() {
      String endpoint = baseUrlOr(null);
      if (!endpoint.startsWith("https://")) {
        throw new LlmConfigurationException(
            "Azure OpenAI needs an https:// endpoint (parlance.llm.base-url), got " + endpoint);
      }
      return AzureOpenAiChatModel.builder()
          .endpoint(endpoint)
          .apiKey(requireKey("AZURE_OPENAI_API_KEY"))
          .deploymentName(requireModel())
          .serviceVersion(apiVersion)
          .timeout(timeout)
          .maxRetries(0)
          .build();
    }
  }
}
