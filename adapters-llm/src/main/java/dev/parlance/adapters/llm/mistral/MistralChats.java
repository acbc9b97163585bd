package dev.parlance.adapters.llm.mistral;

import dev.langchain4j.model.chat.ChatModel;
import dev.langchain4j.model.mistralai.MistralAiChatModel;
import dev.parlance.adapters.llm.chat.ChatOptions;
import dev.parlance.adapters.llm.chat.ChatPorts;
import dev.parlance.adapters.llm.chat.VendorChatBuilder;
import dev.parlance.adapters.llm.chat.VendorQuirks;
import dev.parlance.domain.completion.CompleteChatPort;
import java.util.Optional;

/** The one place that builds Mistral AI chat models. */
public final class MistralChats {
  public static final String VENDOR = "mistral";
  public static final String DEFAULT_BASE_URL = "https://api.mistral.ai/v1";

  private MistralChats() {}

  public static Builder builder() {
    return new Builder();
  }

  public static CompleteChatPort wrap(ChatModel model, ChatOptions options) {
    return ChatPorts.over(model, options, VendorQuirks.NONE);
  }

  /** Mistral's settings; the key is required. */
  public static final class Builder extends VendorChatBuilder<Builder> {
    private Builder() {
      super(VENDOR, "Mistral", VendorQuirks.NONE);
    }

    // The chat-completions format, for the client's rehearsal.
    @Override
    protected Optional<String> rehearsalAnswer() {
      return Optional.of(CHAT_COMPLETIONS_ANSWER);
    }

    @Override
    protected ChatModel buildModel() {
      return MistralAiChatModel.builder()
          .baseUrl(baseUrlOr(DEFAULT_BASE_URL))
          .apiKey(requireKey("MISTRAL_API_KEY"))
          .modelName(requireModel())
          .httpClientBuilder(transport())
          .timeout(timeout)
          .maxRetries(0)
          .build();
    }
  }
}
