package dev.parlance.adapters.llm.chat;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;

/** Finds the human part of a vendor's error body, on one line. */
public final class VendorMessages {

  private static final ObjectMapper JSON = new ObjectMapper();

  private VendorMessages() {}

  /**
   * {@code error.message} (OpenAI, Anthropic, Gemini, Azure), {@code error} as text (Ollama),
   * {@code message} or {@code detail} (Mistral, vLLM); else the body itself, shortened.
   */
  public static String fromBody(String body) {
    if (body == null || body.isBlank()) {
      return "(empty body)";
    }
    try {
      JsonNode root = JSON.readTree(body);
      for (JsonNode candidate :
          new JsonNode[] {
            root.path("error").path("message"),
            root.path("error"),
            root.path("message"),
            root.path("detail")
          }) {
        if (candidate.isTextual() && !candidate.asText().isBlank()) {
          return oneLine(candidate.asText());
        }
      }
    } catch (JsonProcessingException | RuntimeException notJson) {
      // not JSON: the body itself is the message
    }
    return oneLine(body.length() > 300 ? body.substring(0, 300) + "…" : body);
  }

  public static String oneLine(String text) {
    return text.replaceAll("\\s+", " ").strip();
  }
}
