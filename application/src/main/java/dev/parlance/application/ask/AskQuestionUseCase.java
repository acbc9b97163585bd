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
   * @param previous the exchange this question follows up in a conversation ("and in 2023?"): the
   *     prompts show it, and retrieval searches for it together with this question
   * @param voteAcross one candidate from each of these strategies, voted together (SQL-PaLM's
   *     test-time selection); empty: as configured ({@code parlance.ask.select})
   * @param examples the examples to show instead of the source's verified questions (a benchmark's
   *     declared training set)
   */
  record Command(
      String source,
      String question,
      UserIdentity user,
      Optional<StrategyName> strategy,
      OptionalInt candidates,
      Optional<String> modelProfile,
      Optional<Baseline> baseline,
      boolean ownExampleHidden,
      Optional<Exchange> previous,
      java.util.List<StrategyName> voteAcross,
      Optional<ExamplePool> examples) {
    public Command {
      voteAcross = voteAcross == null ? java.util.List.of() : java.util.List.copyOf(voteAcross);
      if (voteAcross.size() == 1 || java.util.Set.copyOf(voteAcross).size() != voteAcross.size()) {
        throw new IllegalArgumentException(
            "a vote across strategies names at least two strategies, each once");
      }
      examples = examples == null ? Optional.empty() : examples;
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
      previous = previous == null ? Optional.empty() : previous;
    }

    /** As configured: no vote across strategies, the source's own examples. */
    public Command(
        String source,
        String question,
        UserIdentity user,
        Optional<StrategyName> strategy,
        OptionalInt candidates,
        Optional<String> modelProfile,
        Optional<Baseline> baseline,
        boolean ownExampleHidden,
        Optional<Exchange> previous) {
      this(
          source,
          question,
          user,
          strategy,
          candidates,
          modelProfile,
          baseline,
          ownExampleHidden,
          previous,
          java.util.List.of(),
          Optional.empty());
    }

    /** The same question, one candidate from each of {@code strategies}, voted together. */
    public Command votingAcross(java.util.List<StrategyName> strategies) {
      return new Command(
          source,
          question,
          user,
          strategy,
          candidates,
          modelProfile,
          baseline,
          ownExampleHidden,
          previous,
          strategies,
          examples);
    }

    /** The same question with {@code pool}'s examples instead of the source's. */
    public Command withExamples(ExamplePool pool) {
      return new Command(
          source,
          question,
          user,
          strategy,
          candidates,
          modelProfile,
          baseline,
          ownExampleHidden,
          previous,
          voteAcross,
          Optional.of(pool));
    }

    /** Not a follow-up. */
    public Command(
        String source,
        String question,
        UserIdentity user,
        Optional<StrategyName> strategy,
        OptionalInt candidates,
        Optional<String> modelProfile,
        Optional<Baseline> baseline,
        boolean ownExampleHidden) {
      this(
          source,
          question,
          user,
          strategy,
          candidates,
          modelProfile,
          baseline,
          ownExampleHidden,
          Optional.empty());
    }

    /** The same question, following up {@code exchange}. */
    public Command followingUp(Exchange exchange) {
      return new Command(
          source,
          question,
          user,
          strategy,
          candidates,
          modelProfile,
          baseline,
          ownExampleHidden,
          Optional.of(exchange),
          voteAcross,
          examples);
    }

    /**
     * What retrieval searches for: this question, after the one it follows up, so that columns the
     * follow-up relies on without naming them ("and in 2023?") are found.
     */
    public String searchText() {
      return previous.map(p -> p.question() + " " + question).orElse(question);
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
   * An earlier question of the same conversation and the SQL it was answered with (none when it got
   * no answer).
   */
  record Exchange(String question, Optional<String> sql) {
    public Exchange {
      if (question == null || question.isBlank()) {
        throw new IllegalArgumentException("the earlier question is empty");
      }
      question = question.strip();
      sql = sql == null ? Optional.empty() : sql.filter(s -> !s.isBlank());
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
