package dev.parlance.adapters.llm.compatible;

import dev.langchain4j.model.chat.ChatModel;
import dev.langchain4j.model.openai.OpenAiChatModel;
import dev.parlance.adapters.llm.chat.ChatOptions;
import dev.parlance.adapters.llm.chat.ChatPorts;
import dev.parlance.adapters.llm.chat.VendorChatBuilder;
import dev.parlance.adapters.llm.chat.VendorQuirks;
import dev.parlance.domain.completion.CompleteChatPort;
import java.util.Optional;

/**
 * The one place that builds models for servers that speak OpenAI's chat completions API at their
 * own base URL (vLLM, LM Studio, llama.cpp's server, gateways). The base URL is required; the key
 * is optional, as local servers often need none.
 */
public final class OpenAiCompatibleChats {
  public static final String VENDOR = "openai-compatible";

  private OpenAiCompatibleChats() {}

  public static Builder builder() {
    return new Builder();
  }

  public static CompleteChatPort wrap(ChatModel model, ChatOptions options) {
    return ChatPorts.over(model, options, VendorQuirks.NONE);
  }

  /** Settings of an OpenAI-compatible server: base URL and model required, key optional. */
  public static final class Builder extends VendorChatBuilder<Builder> {
    private Builder() {
      super(VENDOR, "An OpenAI-compatible server", VendorQuirks.NONE);
    }

    // The chat-completions format, for the client's rehearsal.
    @Override
    protected Optional<String> rehearsalAnswer() {
      return Optional.of(CHAT_COMPLETIONS_ANSWER);
    }

    @Override
    protected ChatModel buildModel() {
      return OpenAiChatModel.builder()
          .baseUrl(baseUrlOr(null))
          .apiKey(apiKey)
          .modelName(requireModel())
          .httpClientBuilder(transport())
          .timeout(timeout)
          .maxRetries(0)
          .build();
    }
  }
}
