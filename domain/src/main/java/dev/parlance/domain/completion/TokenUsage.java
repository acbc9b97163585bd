package dev.parlance.domain.completion;

/** Tokens a vendor counted for one or more calls: what was read (prompt) and written. */
public record TokenUsage(long promptTokens, long completionTokens) {

  public static final TokenUsage NONE = new TokenUsage(0, 0);

  public TokenUsage {
    if (promptTokens < 0 || completionTokens < 0) {
      throw new IllegalArgumentException("token counts cannot be negative");
    }
  }

  public long totalTokens() {
    return promptTokens + completionTokens;
  }

  public TokenUsage plus(TokenUsage other) {
    return new TokenUsage(
        promptTokens + other.promptTokens, completionTokens + other.completionTokens);
  }
}
