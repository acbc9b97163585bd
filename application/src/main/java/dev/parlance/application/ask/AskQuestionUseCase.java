package dev.parlance.application.ask;

import dev.parlance.application.retrieval.Progress;
import dev.parlance.domain.completion.CompleteChatPort;
import dev.parlance.domain.governance.UserIdentity;
import java.util.Objects;
import java.util.Optional;
import java.util.OptionalInt;

/**
 * Answers a plain-language question about a source with governed SQL. The language model is an
 * argument, so one service answers online, through a fallback chain, or from an offline batch
 * (whose unanswered requests make the answer {@link Answer.Status#QUEUED}).
 */
public interface AskQuestionUseCase {

  /** Answers with the given model, reporting first-use indexing to {@code progress}. */
  Answer ask(Command command, CompleteChatPort llm, Progress progress);

  default Answer ask(Command command, CompleteChatPort llm) {
    return ask(command, llm, Progress.silent());
  }

  /**
   * Who asks what about which source, and optionally how (else the configured strategy and m).
   *
   * @param baseline instead of the pipeline's context, the bare whole-schema prompt (what a
   *     benchmark compares the pipeline with)
   * @param ownExampleHidden whether a verified question asking the same is left out of the examples
   *     (a benchmark over the verified questions must not show the answer)
   */
  record Command(
      String source,
      String question,
      UserIdentity user,
      Optional<StrategyName> strategy,
      OptionalInt candidates,
      Optional<Baseline> baseline,
      boolean ownExampleHidden) {
    public Command {
      Objects.requireNonNull(source, "source");
      Objects.requireNonNull(user, "user");
      if (question == null || question.isBlank()) {
        throw new IllegalArgumentException("the question is empty");
      }
      question = question.strip();
      strategy = strategy == null ? Optional.empty() : strategy;
      candidates = candidates == null ? OptionalInt.empty() : candidates;
      baseline = baseline == null ? Optional.empty() : baseline;
    }

    public Command(
        String source,
        String question,
        UserIdentity user,
        Optional<StrategyName> strategy,
        OptionalInt candidates) {
      this(source, question, user, strategy, candidates, Optional.empty(), false);
    }

    public static Command of(String source, String question, UserIdentity user) {
      return new Command(source, question, user, Optional.empty(), OptionalInt.empty());
    }
  }

  /**
   * The bare whole-schema prompt: every column the user may see with its descriptions, no
   * hallucination, retrieval, sample rows, retrieved values, corrections or wider retry.
   *
   * @param tokenLimit show as much of the schema as fits this many prompt tokens, whole tables in
   *     catalog order; 0 shows all of it
   */
  record Baseline(int tokenLimit) {
    public Baseline {
      if (tokenLimit < 0) {
        throw new IllegalArgumentException("the baseline's token limit must be ≥ 0");
      }
    }
  }
}
