package dev.parlance.adapters.llm.ollama;

import dev.langchain4j.model.chat.ChatModel;
import dev.langchain4j.model.ollama.OllamaChatModel;
import dev.parlance.adapters.llm.chat.ChatOptions;
import dev.parlance.adapters.llm.chat.ChatPorts;
import dev.parlance.adapters.llm.chat.VendorChatBuilder;
import dev.parlance.adapters.llm.chat.VendorQuirks;
import dev.parlance.domain.completion.CompleteChatPort;
import java.util.Map;
import java.util.Optional;

/**
 * The one place that builds models served by a local Ollama. No key is needed; one that is set is
 * sent as a bearer token, for an Ollama behind an authenticating proxy.
 */
public final class OllamaChats {
  public static final String VENDOR = "ollama";
  public static final String DEFAULT_BASE_URL = "http://localhost:11434";

  private OllamaChats() {}

  public static Builder builder() {
    return new Builder();
  }

  public static CompleteChatPort wrap(ChatModel model, ChatOptions options) {
    return ChatPorts.over(model, options, VendorQuirks.NONE);
  }

  /** Ollama's settings: a model, and the server's URL (default localhost:11434). */
  public static final class Builder extends VendorChatBuilder<Builder> {
    private Builder() {
      super(VENDOR, "Ollama", VendorQuirks.NONE);
    }

    // A short answer in Ollama's wire format, for the client's rehearsal.
    @Override
    protected Optional<String> rehearsalAnswer() {
      return Optional.of(
          "{\"model\":\"rehearsal\",\"created_at\":\"2025-01-01T00:00:00Z\","
              + "\"message\":{\"role\":\"assistant\",\"content\":\"SELECT 1\"},"
              + "\"done_reason\":\"stop\",\"done\":true,\"prompt_eval_count\":1,\"eval_count\":1}");
    }

    @Override
    protected ChatModel buildModel() {
      return OllamaChatModel.builder()
          .baseUrl(baseUrlOr(DEFAULT_BASE_URL))
          .modelName(requireModel())
          .customHeaders(apiKey == null ? Map.of() : Map.of("Authorization", "Bearer " + apiKey))
          .httpClientBuilder(transport())
          .timeout(timeout)
          .maxRetries(0)
          .build();
    }
  }
}
