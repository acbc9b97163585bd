package dev.parlance.adapters.llm;

import dev.parlance.adapters.llm.chat.LlmConfigurationException;
import java.util.Arrays;
import java.util.Locale;
import java.util.stream.Collectors;

/** The language-model vendors Parlance can be configured with ({@code parlance.llm.provider}). */
public enum Provider {
  OPENAI("openai", "OPENAI_API_KEY"),
  AZURE_OPENAI("azure-openai", "AZURE_OPENAI_API_KEY"),
  ANTHROPIC("anthropic", "ANTHROPIC_API_KEY"),
  GEMINI("gemini", "GEMINI_API_KEY"),
  MISTRAL("mistral", "MISTRAL_API_KEY"),
  OLLAMA("ollama", null),
  OPENAI_COMPATIBLE("openai-compatible", null);

  private final String id;
  private final String keyVariable;

  Provider(String id, String keyVariable) {
    this.id = id;
    this.keyVariable = keyVariable;
  }

  public String id() {
    return id;
  }

  /** The environment variable the vendor's own tools read the key from, if it has one. */
  public java.util.Optional<String> keyVariable() {
    return java.util.Optional.ofNullable(keyVariable);
  }

  public static Provider parse(String text) {
    String wanted = text.strip().toLowerCase(Locale.ROOT);
    return Arrays.stream(values())
        .filter(p -> p.id.equals(wanted))
        .findFirst()
        .orElseThrow(
            () ->
                new LlmConfigurationException(
                    "unknown LLM provider '" + text + "'; known: " + known()));
  }

  public static String known() {
    return Arrays.stream(values()).map(Provider::id).collect(Collectors.joining(", "));
  }
}
