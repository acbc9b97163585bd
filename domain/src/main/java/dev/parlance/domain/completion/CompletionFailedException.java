package dev.parlance.domain.completion;

/**
 * Thrown by {@link Completions#first()} when a caller that needs an answer got none; carries the
 * failures so the message can say why (e.g. the vendor's "Incorrect API key provided").
 */
public final class CompletionFailedException extends RuntimeException {

  private final transient Completions completions;

  public CompletionFailedException(Completions completions) {
    super(
        completions
            .firstFailure()
            .map(f -> "the language model gave no answer: " + f.describe())
            .orElse("the language model gave no answer"));
    this.completions = completions;
  }

  public Completions completions() {
    return completions;
  }

  public FailureKind kind() {
    return completions.firstFailure().map(CompletionFailure::kind).orElse(FailureKind.OTHER);
  }
}
