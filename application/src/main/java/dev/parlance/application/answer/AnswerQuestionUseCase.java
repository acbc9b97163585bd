package dev.parlance.application.answer;

import dev.parlance.application.ask.Answer;
import dev.parlance.application.ask.StrategyName;
import dev.parlance.application.retrieval.Progress;
import dev.parlance.domain.governance.UserIdentity;
import java.time.Instant;
import java.util.List;
import java.util.Objects;
import java.util.Optional;
import java.util.OptionalInt;
import java.util.OptionalLong;
import java.util.Set;

/**
 * A signed-in user asks a question about a source: one they may use, within their rate and daily
 * budgets; the answer is kept in their history (it is what feedback refers to).
 */
public interface AnswerQuestionUseCase {

  /**
   * @throws dev.parlance.application.access.AccessDeniedException when the user may not use the
   *     source
   * @throws QuotaExceededException when the user's rate or a daily budget is spent
   * @throws dev.parlance.application.retrieval.UnknownSourceException for an unknown source
   * @throws dev.parlance.domain.completion.NoLanguageModelException when no model is configured
   * @throws dev.parlance.application.source.SourceNotReadyException while the source is indexed
   * @throws UnknownAnswerException when the answer followed up is not in the user's own history
   * @throws IllegalArgumentException when the answer followed up is about another source
   */
  RecordedAnswer ask(Command command, Progress progress);

  /**
   * Takes the user's place for a question as it arrives, before it waits for a thread: refused at
   * once when the user may not ask, their rate or budget is spent, or they already have as many
   * questions being answered as allowed. The caller answers it with {@link #ask(Command, Progress,
   * AskAdmission.Ticket)} and closes the ticket when the answer is sent (or was never started).
   *
   * @throws dev.parlance.application.access.AccessDeniedException when the user may not use the
   *     source
   * @throws dev.parlance.application.retrieval.UnknownSourceException for an unknown source
   * @throws QuotaExceededException when the user's rate or a daily budget is spent
   * @throws TooManyAsksException when the user has as many questions being answered as allowed
   */
  default AskAdmission.Ticket admit(Command command) {
    requireAllowed(command.user(), command.source());
    return () -> {};
  }

  /**
   * Answers a question {@link #admit} admitted (the ticket stays the caller's to close).
   *
   * @throws TooManyAsksException when the server works on as many questions as it may
   */
  default RecordedAnswer ask(Command command, Progress progress, AskAdmission.Ticket admitted) {
    return ask(command, progress);
  }

  /**
   * Refuses, as {@link #ask} would, a question the user may not ask about the source, before any
   * work starts: a caller that streams progress answers 200 once the stream opens, so a refusal
   * must come first. Counts nothing against the user's rate.
   *
   * @throws dev.parlance.application.access.AccessDeniedException when the user may not use the
   *     source
   * @throws dev.parlance.application.retrieval.UnknownSourceException for an unknown source
   */
  void requireAllowed(UserIdentity user, String source);

  /**
   * Who asks what about which source, and optionally with which strategy and how many candidates.
   *
   * @param followUp the number of an earlier answer in the user's own history that this question
   *     follows up ("and in 2023?"): its question and SQL are the conversation's context
   * @param modelProfile the language-model profile to ask (else the source's, else the default)
   * @param voteAcross one candidate from each of these strategies, voted together by their results
   *     (SQL-PaLM's test-time selection, {@code --select vote}); empty: {@code strategy} (else the
   *     configured strategy or vote) answers
   */
  record Command(
      UserIdentity user,
      String source,
      String question,
      Optional<StrategyName> strategy,
      OptionalInt candidates,
      OptionalLong followUp,
      Optional<String> modelProfile,
      List<StrategyName> voteAcross) {

    /** Longest question accepted: a question, not a document. */
    public static final int MAX_QUESTION = 2000;

    /** Most candidates one question may ask the model for. */
    public static final int MAX_CANDIDATES = 16;

    public Command {
      Objects.requireNonNull(user, "user");
      Objects.requireNonNull(source, "source");
      if (question == null || question.isBlank()) {
        throw new IllegalArgumentException("question: the question is empty");
      }
      question = question.strip();
      if (question.length() > MAX_QUESTION) {
        throw new IllegalArgumentException("question: longer than " + MAX_QUESTION + " characters");
      }
      strategy = Objects.requireNonNullElse(strategy, Optional.empty());
      candidates = Objects.requireNonNullElse(candidates, OptionalInt.empty());
      if (candidates.isPresent()
          && (candidates.getAsInt() < 1 || candidates.getAsInt() > MAX_CANDIDATES)) {
        throw new IllegalArgumentException(
            "candidates: must be between 1 and "
                + MAX_CANDIDATES
                + ", got "
                + candidates.getAsInt());
      }
      followUp = Objects.requireNonNullElse(followUp, OptionalLong.empty());
      modelProfile = Objects.requireNonNullElse(modelProfile, Optional.empty());
      if (followUp.isPresent() && followUp.getAsLong() < 1) {
        throw new IllegalArgumentException(
            "follow_up: an answer number is 1 or more, got " + followUp.getAsLong());
      }
      voteAcross = voteAcross == null ? List.of() : List.copyOf(voteAcross);
      if (voteAcross.size() == 1 || Set.copyOf(voteAcross).size() != voteAcross.size()) {
        throw new IllegalArgumentException(
            "select: a vote across strategies names at least two strategies, each once");
      }
      if (!voteAcross.isEmpty() && candidates.isPresent()) {
        throw new IllegalArgumentException(
            "candidates: a vote across strategies draws one candidate from each strategy");
      }
      if (!voteAcross.isEmpty() && strategy.isPresent()) {
        throw new IllegalArgumentException(
            "strategy: a vote across strategies names them all, not one strategy besides");
      }
    }

    /** One strategy (else the configured one or the configured vote) answers. */
    public Command(
        UserIdentity user,
        String source,
        String question,
        Optional<StrategyName> strategy,
        OptionalInt candidates,
        OptionalLong followUp,
        Optional<String> modelProfile) {
      this(user, source, question, strategy, candidates, followUp, modelProfile, List.of());
    }

    /** A question on its own, not a follow-up. */
    public Command(
        UserIdentity user,
        String source,
        String question,
        Optional<StrategyName> strategy,
        OptionalInt candidates) {
      this(user, source, question, strategy, candidates, OptionalLong.empty());
    }

    /** With the source's or the default model. */
    public Command(
        UserIdentity user,
        String source,
        String question,
        Optional<StrategyName> strategy,
        OptionalInt candidates,
        OptionalLong followUp) {
      this(user, source, question, strategy, candidates, followUp, Optional.empty());
    }
  }

  /**
   * The answer and its number in the user's history.
   *
   * @param useCaseMicros how long this use case took, quotas and history included, in microseconds:
   *     a client that subtracts it from its own latency (the API's share) should not also measure
   *     the rounding of whole milliseconds
   * @param follows the earlier answer this one followed up, if it was a follow-up
   */
  record RecordedAnswer(
      long id, Instant askedAt, Answer answer, long useCaseMicros, Optional<FollowedUp> follows) {
    public RecordedAnswer {
      follows = Objects.requireNonNullElse(follows, Optional.empty());
    }

    /** {@link #useCaseMicros} in whole milliseconds. */
    public long useCaseMillis() {
      return useCaseMicros / 1_000;
    }
  }

  /** The earlier answer a follow-up continued: its number and its question. */
  record FollowedUp(long answer, String question) {}
}
