package dev.parlance.adapters.llm.anthropic;

import dev.langchain4j.model.anthropic.AnthropicChatModel;
import dev.langchain4j.model.chat.ChatModel;
import dev.parlance.adapters.llm.chat.ChatOptions;
import dev.parlance.adapters.llm.chat.ChatPorts;
import dev.parlance.adapters.llm.chat.VendorChatBuilder;
import dev.parlance.domain.completion.CompleteChatPort;
import java.util.Optional;

/** The one place that builds Anthropic (Claude) chat models. */
public final class AnthropicChats {
  public static final String VENDOR = "anthropic";
  public static final String DEFAULT_BASE_URL = "https://api.anthropic.com/v1/";

  private AnthropicChats() {}

  public static Builder builder() {
    return new Builder();
  }

  public static CompleteChatPort wrap(ChatModel model, ChatOptions options) {
    return ChatPorts.over(model, options, new AnthropicQuirks());
  }

  /** Anthropic's settings; the key is required, the base URL defaults to api.anthropic.com. */
  public static final class Builder extends VendorChatBuilder<Builder> {
    private Builder() {
      super(VENDOR, "Anthropic", new AnthropicQuirks());
    }

    // A short answer in Anthropic's wire format, for the client's rehearsal.
    @Override
    protected Optional<String> rehearsalAnswer() {
      return Optional.of(
          "{\"id\":\"rehearsal\",\"type\":\"message\",\"role\":\"assistant\","
              + "\"model\":\"rehearsal\",\"content\":[{\"type\":\"text\",\"text\":\"SELECT 1\"}],"
              + "\"stop_reason\":\"end_turn\",\"usage\":{\"input_tokens\":1,\"output_tokens\":1}}");
    }

    @Override
    protected ChatModel buildModel() {
      return AnthropicChatModel.builder()
          .baseUrl(baseUrlOr(DEFAULT_BASE_URL))
          .apiKey(requireKey("ANTHROPIC_API_KEY"))
          .modelName(requireModel())
          .httpClientBuilder(transport())
          .timeout(timeout)
          .maxRetries(0)
          .build();
    }
  }
}
