package dev.parlance.adapters.llm.tokens;

import dev.langchain4j.model.openai.OpenAiTokenCountEstimator;
import dev.parlance.domain.completion.CountTokensPort;

/**
 * Counts tokens with OpenAI's own tokenizer for a model (jtokkit's byte-pair ranks ship inside the
 * jar, so it works offline): exact for OpenAI models, a close estimate for other vendors' BPEs.
 */
final class OpenAiTokenCountAdapter implements CountTokensPort {

  private final OpenAiTokenCountEstimator estimator;
  private final String model;

  OpenAiTokenCountAdapter(String model) {
    this.model = model;
    this.estimator = new OpenAiTokenCountEstimator(model);
  }

  @Override
  public long count(String text) {
    return text.isEmpty() ? 0 : estimator.estimateTokenCountInText(text);
  }

  @Override
  public String tokenizer() {
    return "OpenAI " + model + " tokenizer";
  }
}
