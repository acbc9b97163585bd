package dev.parlance.adapters.llm.tokens;

import dev.parlance.domain.completion.CountTokensPort;

/** The one place that builds token counters. */
public final class Tokenizers {
  private Tokenizers() {}

  /** OpenAI's tokenizer for {@code model} (e.g. {@code gpt-4o}: o200k_base), offline. */
  public static CountTokensPort openAi(String model) {
    return new OpenAiTokenCountAdapter(model);
  }
}
