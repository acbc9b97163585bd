package dev.parlance.adapters.llm.openai;

import dev.langchain4j.model.chat.ChatModel;
import dev.langchain4j.model.openai.OpenAiChatModel;
import dev.parlance.adapters.llm.chat.ChatOptions;
import dev.parlance.adapters.llm.chat.ChatPorts;
import dev.parlance.adapters.llm.chat.VendorChatBuilder;
import dev.parlance.adapters.llm.chat.VendorQuirks;
import dev.parlance.domain.completion.CompleteChatPort;
import java.util.Optional;

/**
 * The one place that builds OpenAI chat models. A refusal arrives in the message's {@code refusal}
 * field or as {@code finish_reason: content_filter}; langchain4j reports both as a content filter.
 */
public final class OpenAiChats {
  public static final String VENDOR = "openai";
  public static final String DEFAULT_BASE_URL = "https://api.openai.com/v1";

  private OpenAiChats() {}

  public static Builder builder() {
    return new Builder();
  }

  /** A port over an already built OpenAI model, e.g. one whose transport a test swapped. */
  public static CompleteChatPort wrap(ChatModel model, ChatOptions options) {
    return ChatPorts.over(model, options, VendorQuirks.NONE);
  }

  /** OpenAI's settings; the key is required, the base URL defaults to api.openai.com. */
  public static final class Builder extends VendorChatBuilder<Builder> {
    private String organization;

    private Builder() {
      super(VENDOR, "OpenAI", VendorQuirks.NONE);
    }

    public Builder organization(String value) {
      this.organization = value == null || value.isBlank() ? null : value;
      return this;
    }

    // The chat-completions format, for the client's rehearsal.
    @Override
    protected Optional<String> rehearsalAnswer() {
      return Optional.of(CHAT_COMPLETIONS_ANSWER);
    }

    @Override
    protected ChatModel buildModel() {
      return OpenAiChatModel.builder()
          .baseUrl(baseUrlOr(DEFAULT_BASE_URL))
          .apiKey(requireKey("OPENAI_API_KEY"))
          .organizationId(organization)
          .modelName(requireModel())
          .httpClientBuilder(transport())
          .timeout(timeout)
          .maxRetries(0)
          .build();
    }
  }
}
