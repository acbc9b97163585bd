package dev.parlance.application.answer;

import dev.parlance.application.access.SourceAccess;
import dev.parlance.application.ask.Answer;
import dev.parlance.application.ask.AskQuestionUseCase;
import dev.parlance.application.ask.Reading;
import dev.parlance.application.retrieval.Progress;
import dev.parlance.application.retrieval.UnknownSourceException;
import dev.parlance.domain.answer.AnswerHistoryPort;
import dev.parlance.domain.answer.AnswerRecord;
import dev.parlance.domain.completion.Cost;
import dev.parlance.domain.completion.TokenUsage;
import dev.parlance.domain.governance.UserIdentity;
import dev.parlance.domain.source.DataSourcesPort;
import java.time.Clock;
import java.time.Instant;
import java.util.Locale;
import java.util.Optional;
import java.util.OptionalLong;

/**
 * Checks the user's access and quotas, admits the question (at most so many at once, per user and
 * in all), asks, and keeps the answer in the user's history.
 */
public final class AnswerQuestionService implements AnswerQuestionUseCase {

  private final DataSourcesPort sources;
  private final AskQuestionUseCase questions;
  private final AnswerHistoryPort history;
  private final AskQuotas quotas;
  private final AskAdmission admission;
  private final Clock clock;

  public AnswerQuestionService(
      DataSourcesPort sources,
      AskQuestionUseCase questions,
      AnswerHistoryPort history,
      AskQuotas quotas,
      Clock clock) {
    this(sources, questions, history, quotas, new AskAdmission(AskAdmission.Limits.none()), clock);
  }

  public AnswerQuestionService(
      DataSourcesPort sources,
      AskQuestionUseCase questions,
      AnswerHistoryPort history,
      AskQuotas quotas,
      AskAdmission admission,
      Clock clock) {
    this.sources = sources;
    this.questions = questions;
    this.history = history;
    this.quotas = quotas;
    this.admission = admission;
    this.clock = clock;
  }

  @Override
  public void requireAllowed(UserIdentity user, String source) {
    SourceAccess.requireUse(user, source);
    if (sources.find(source).isEmpty()) {
      throw new UnknownSourceException(source);
    }
  }

  @Override
  public RecordedAnswer ask(Command command, Progress progress) {
    try (AskAdmission.Ticket mine = admit(command)) {
      return ask(command, progress, mine);
    }
  }

  @Override
  public AskAdmission.Ticket admit(Command command) {
    requireAllowed(command.user(), command.source());
    // The rate counts every question asked, also one then refused for being one too many at once.
    quotas.admit(command.user().name(), command.source());
    return admission.enterUser(command.user().name());
  }

  @Override
  public RecordedAnswer ask(Command command, Progress progress, AskAdmission.Ticket admitted) {
    long start = System.nanoTime();
    Optional<AnswerRecord> earlier = followedUp(command);
    try (AskAdmission.Ticket working = admission.enterEveryone()) {
      return ask(command, progress, earlier, start);
    }
  }

  private RecordedAnswer ask(
      Command command, Progress progress, Optional<AnswerRecord> earlier, long start) {
    Instant askedAt = clock.instant();
    AskQuestionUseCase.Command asked =
        new AskQuestionUseCase.Command(
            command.source(),
            command.question(),
            command.user(),
            command.strategy(),
            command.candidates(),
            command.modelProfile());
    if (!command.voteAcross().isEmpty()) {
      asked = asked.votingAcross(command.voteAcross());
    }
    if (earlier.isPresent()) {
      asked =
          asked.followingUp(
              new AskQuestionUseCase.Exchange(earlier.get().question(), earlier.get().sql()));
    }
    Answer answer = questions.ask(asked, progress);
    TokenUsage usage = answer.usage();
    Cost cost = answer.cost();
    AnswerRecord saved =
        history.save(
            new AnswerRecord(
                0,
                askedAt,
                command.user().name(),
                command.source(),
                command.question(),
                answer.status().name().toLowerCase(Locale.ROOT),
                answer.sql(),
                answer.confidence(),
                answer.totalRows(),
                usage.promptTokens(),
                usage.completionTokens(),
                cost.usd(),
                cost.isKnown(),
                answer.wallMillis(),
                Optional.empty(),
                earlier.map(e -> OptionalLong.of(e.id())).orElse(OptionalLong.empty()),
                answer.alternatives().stream().map(Reading::sql).toList(),
                standalone(answer, earlier, command.question())));
    return new RecordedAnswer(
        saved.id(),
        askedAt,
        answer,
        (System.nanoTime() - start) / 1_000,
        earlier.map(e -> new FollowedUp(e.id(), e.question())));
  }

  /**
   * What stewards read for this question: a follow-up as the model restated it, else (the model
   * gave nothing usable) the earlier question with the follow-up after it; never the fragment
   * alone.
   */
  private static Optional<String> standalone(
      Answer answer, Optional<AnswerRecord> earlier, String question) {
    if (earlier.isEmpty()) {
      return Optional.empty();
    }
    return Optional.of(
        answer
            .standaloneQuestion()
            .orElseGet(() -> earlier.get().standalone() + " Follow-up: " + question));
  }

  // Only the user's own answers continue a conversation, and only about the same source: another's
  // answer is as unknown as one that does not exist.
  private Optional<AnswerRecord> followedUp(Command command) {
    if (command.followUp().isEmpty()) {
      return Optional.empty();
    }
    long id = command.followUp().getAsLong();
    AnswerRecord earlier =
        history
            .find(id)
            .filter(a -> a.user().equals(command.user().name()))
            .orElseThrow(() -> new UnknownAnswerException(id));
    if (!earlier.source().equalsIgnoreCase(command.source())) {
      throw new IllegalArgumentException(
          "follow_up: answer "
              + id
              + " is about source "
              + earlier.source()
              + ", not "
              + command.source());
    }
    return Optional.of(earlier);
  }
}
