package dev.parlance.domain.completion;

/**
 * A language model cannot be built from its configuration (a missing key, an unknown provider, a
 * profile that does not exist). The message is one line naming the setting to fix.
 */
public class LanguageModelConfigurationException extends RuntimeException {

  public LanguageModelConfigurationException(String message) {
    super(message);
  }
}
