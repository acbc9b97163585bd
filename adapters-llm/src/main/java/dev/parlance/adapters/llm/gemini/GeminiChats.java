package dev.parlance.adapters.llm.gemini;

import dev.langchain4j.model.chat.ChatModel;
import dev.langchain4j.model.googleai.GoogleAiGeminiChatModel;
import dev.parlance.adapters.llm.chat.ChatOptions;
import dev.parlance.adapters.llm.chat.ChatPorts;
import dev.parlance.adapters.llm.chat.VendorChatBuilder;
import dev.parlance.domain.completion.CompleteChatPort;
import java.util.Optional;

/** The one place that builds Google Gemini chat models (the Gemini API, key-based). */
public final class GeminiChats {
  public static final String VENDOR = "gemini";
  public static final String DEFAULT_BASE_URL = "https://generativelanguage.googleapis.com/v1beta";

  private GeminiChats() {}

  public static Builder builder() {
    return new Builder();
  }

  public static CompleteChatPort wrap(ChatModel model, ChatOptions options) {
    return ChatPorts.over(model, options, new GeminiQuirks());
  }

  /** Gemini's settings; the key is required. */
  public static final class Builder extends VendorChatBuilder<Builder> {
    private Builder() {
      super(VENDOR, "Gemini", new GeminiQuirks());
    }

    // A short answer in Gemini's wire format, for the client's rehearsal.
    @Override
    protected Optional<String> rehearsalAnswer() {
      return Optional.of(
          "{\"candidates\":[{\"content\":{\"parts\":[{\"text\":\"SELECT 1\"}],"
              + "\"role\":\"model\"},\"finishReason\":\"STOP\"}],\"usageMetadata\":"
              + "{\"promptTokenCount\":1,\"candidatesTokenCount\":1,\"totalTokenCount\":2}}");
    }

    @Override
    protected ChatModel buildModel() {
      return GoogleAiGeminiChatModel.builder()
          .baseUrl(baseUrlOr(DEFAULT_BASE_URL))
          .apiKey(requireKey("GEMINI_API_KEY"))
          .modelName(requireModel())
          .httpClientBuilder(transport())
          .timeout(timeout)
          .maxRetries(0)
          .build();
    }
  }
}
