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

  /** Who asks what about which source, and optionally how (else the configured strategy and m). */
  record Command(
      String source,
      String question,
      UserIdentity user,
      Optional<StrategyName> strategy,
      OptionalInt candidates) {
    public Command {
      Objects.requireNonNull(source, "source");
      Objects.requireNonNull(user, "user");
      if (question == null || question.isBlank()) {
        throw new IllegalArgumentException("the question is empty");
      }
      question = question.strip();
      strategy = strategy == null ? Optional.empty() : strategy;
      candidates = candidates == null ? OptionalInt.empty() : candidates;
    }

    public static Command of(String source, String question, UserIdentity user) {
      return new Command(source, question, user, Optional.empty(), OptionalInt.empty());
    }
  }
}
