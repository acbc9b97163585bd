package dev.parlance.application.ask;

import dev.parlance.application.retrieval.Progress;
import dev.parlance.domain.governance.UserIdentity;
import java.util.Objects;
import java.util.Optional;
import java.util.OptionalInt;

/**
 * Answers a plain-language question about a source with governed SQL, using the language model the
 * command names (else the source's, else the configured default).
 */
public interface AskQuestionUseCase {

  /**
   * Answers the question.
   *
   * @throws dev.parlance.application.retrieval.UnknownSourceException for an unknown source
   * @throws dev.parlance.domain.completion.NoLanguageModelException when no model is configured
   * @throws dev.parlance.application.source.SourceNotReadyException while the source's indexes are
   *     being built (they are started when missing)
   */
  Answer ask(Command command, Progress progress);

  default Answer ask(Command command) {
    return ask(command, Progress.silent());
  }

  /**
   * Gets ready to answer questions on {@code source} with the named model (else the source's, else
   * the default): a one-shot caller waits here, with progress, until the source's indexes are built
   * and loaded, so that its question is not kept waiting by them.
   *
   * @throws dev.parlance.application.retrieval.UnknownSourceException for an unknown source
   * @throws dev.parlance.domain.completion.NoLanguageModelException when no model is configured
   */
  void prepare(String source, Optional<String> modelProfile, Progress progress);

  /**
   * Who asks what about which source, and optionally how (else the configured strategy, m and model
   * profile).
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
      Optional<String> modelProfile,
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
      modelProfile = modelProfile == null ? Optional.empty() : modelProfile;
      baseline = baseline == null ? Optional.empty() : baseline;
    }

    /** With the pipeline's own context and every example. */
    public Command(
        String source,
        String question,
        UserIdentity user,
        Optional<StrategyName> strategy,
        OptionalInt candidates,
        Optional<String> modelProfile) {
      this(source, question, user, strategy, candidates, modelProfile, Optional.empty(), false);
    }

    /** With the configured model. */
    public Command(
        String source,
        String question,
        UserIdentity user,
        Optional<StrategyName> strategy,
        OptionalInt candidates) {
      this(source, question, user, strategy, candidates, Optional.empty());
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
