package dev.parlance.adapters.llm.anthropic;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import dev.langchain4j.model.anthropic.AnthropicChatResponseMetadata;
import dev.langchain4j.model.chat.response.ChatResponse;
import dev.parlance.adapters.llm.chat.VendorQuirks;
import java.io.IOException;
import java.util.Optional;

/**
 * Claude signals a refusal with {@code stop_reason: "refusal"}, which langchain4j folds into
 * "other"; the raw body tells.
 */
final class AnthropicQuirks implements VendorQuirks {

  private static final ObjectMapper JSON = new ObjectMapper();

  @Override
  public Optional<String> refusal(ChatResponse response) {
    if (!(response.metadata() instanceof AnthropicChatResponseMetadata metadata)
        || metadata.rawHttpResponse() == null) {
      return VendorQuirks.super.refusal(response);
    }
    try {
      JsonNode body = JSON.readTree(metadata.rawHttpResponse().body());
      if ("refusal".equals(body.path("stop_reason").asText())) {
        String text = response.aiMessage() == null ? null : response.aiMessage().text();
        return Optional.of(
            text == null || text.isBlank()
                ? "Claude declined to answer (stop_reason refusal)"
                : text);
      }
    } catch (IOException | RuntimeException unreadable) {
      // langchain4j read it already; if we cannot, it was no refusal we could see
    }
    return Optional.empty();
  }
}
