package dev.parlance.adapters.llm.chat;

/**
 * A language model cannot be built from its configuration (a missing key, an unknown provider, a
 * malformed URL). The message is one line a user can act on.
 */
public final class LlmConfigurationException
    extends dev.parlance.domain.completion.LanguageModelConfigurationException {
  public LlmConfigurationException(String message) {
    super(message);
  }
}
