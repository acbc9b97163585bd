package dev.parlance.application.answer;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.parlance.application.access.AccessDeniedException;
import dev.parlance.application.ask.Answer;
import dev.parlance.application.ask.AskQuestionUseCase;
import dev.parlance.application.ask.SchemaView;
import dev.parlance.application.ask.StageReport;
import dev.parlance.application.ask.StrategyName;
import dev.parlance.application.retrieval.Progress;
import dev.parlance.application.retrieval.UnknownSourceException;
import dev.parlance.domain.answer.AnswerRecord;
import dev.parlance.domain.completion.Cost;
import dev.parlance.domain.completion.TokenUsage;
import dev.parlance.domain.governance.QueryResult;
import dev.parlance.domain.governance.ResultColumn;
import dev.parlance.domain.governance.UserIdentity;
import dev.parlance.domain.source.Credentials;
import dev.parlance.domain.source.DataSource;
import dev.parlance.domain.source.DataSourcesPort;
import java.math.BigDecimal;
import java.time.Clock;
import java.time.Instant;
import java.time.ZoneOffset;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.OptionalInt;
import java.util.OptionalLong;
import java.util.Set;
import org.junit.jupiter.api.Test;

class AnswerQuestionServiceTest {

  static final DataSource DEMO = DataSource.of("demo", "jdbc:h2:mem:demo", Credentials.none());
  static final Clock CLOCK = Clock.fixed(Instant.parse("2026-03-02T10:00:00Z"), ZoneOffset.UTC);

  private final InMemoryAnswers history = new InMemoryAnswers();
  private final List<AskQuestionUseCase.Command> asked = new ArrayList<>();

  private long askMillis;
  private Runnable whileAnswering = () -> {};

  private final AskQuestionUseCase questions =
      new AskQuestionUseCase() {
        @Override
        public Answer ask(Command command, Progress progress) {
          asked.add(command);
          Runnable during = whileAnswering;
          whileAnswering = () -> {};
          during.run();
          try {
            Thread.sleep(askMillis);
          } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
          }
          return answer(command.source(), command.question());
        }

        @Override
        public void prepare(String source, Optional<String> modelProfile, Progress progress) {}
      };

  private final DataSourcesPort sources =
      new DataSourcesPort() {
        @Override
        public Optional<DataSource> find(String name) {
          return name.equals("demo") ? Optional.of(DEMO) : Optional.empty();
        }

        @Override
        public List<DataSource> all() {
          return List.of(DEMO);
        }

        @Override
        public void save(DataSource source) {}

        @Override
        public boolean remove(String name) {
          return false;
        }
      };

  static Answer answer(String source, String question) {
    QueryResult rows =
        new QueryResult(
            List.of(new ResultColumn("installation_code", "VARCHAR")),
            List.of(List.of("NORTH-1")),
            false,
            3,
            "SELECT installation_code FROM installation",
            "SELECT installation_code FROM installation LIMIT 1001");
    Answer.Trace trace =
        new Answer.Trace(
            source,
            question,
            StrategyName.DIRECT,
            List.of(),
            List.of("installation.installation_code"),
            List.of(),
            List.of(
                new StageReport(
                    "generation",
                    3,
                    new TokenUsage(3600, 180),
                    Cost.of(new BigDecimal("0.000648")),
                    900,
                    12,
                    false)),
            List.of(),
            950,
            900,
            SchemaView.unknown());
    return Answer.answered(
        trace, "SELECT installation_code FROM installation", rows, 1.0, List.of(), "One code.");
  }

  private AnswerQuestionService service(AskQuotas.Limits limits) {
    return new AnswerQuestionService(
        sources, questions, history, new AskQuotas(limits, history, CLOCK), CLOCK);
  }

  // Issue 24: eight asks at once by one user took the server's memory from everyone.
  @Test
  void should_refuse_a_users_question_over_their_limit_at_once_while_others_are_admitted() {
    AskAdmission admission = new AskAdmission(new AskAdmission.Limits(1, 2));
    AnswerQuestionService service =
        new AnswerQuestionService(
            sources,
            questions,
            history,
            new AskQuotas(AskQuotas.Limits.none(), history, CLOCK),
            admission,
            CLOCK);
    UserIdentity rita = new UserIdentity("rita", Set.of("analyst"), Map.of());
    UserIdentity ola = new UserIdentity("ola", Set.of("analyst"), Map.of());
    List<Throwable> refused = new ArrayList<>();
    List<Long> admitted = new ArrayList<>();
    whileAnswering =
        () -> {
          try {
            service.ask(command(rita, "demo"), Progress.silent());
          } catch (TooManyAsksException e) {
            refused.add(e);
          }
          admitted.add(service.ask(command(ola, "demo"), Progress.silent()).id());
        };

    service.ask(command(rita, "demo"), Progress.silent());

    assertThat(refused).singleElement().isInstanceOf(TooManyAsksException.class);
    TooManyAsksException e = (TooManyAsksException) refused.getFirst();
    assertThat(e.everyone()).isFalse();
    assertThat(e.getMessage()).contains("1 question being answered");
    assertThat(e.retryAfter()).isPositive();
    assertThat(admitted).hasSize(1);
    assertThat(admission.running()).isZero();
    // Rita's first question ended: her next is admitted.
    assertThat(service.ask(command(rita, "demo"), Progress.silent()).id()).isPositive();
  }

  private static AnswerQuestionUseCase.Command command(UserIdentity user, String source) {
    return new AnswerQuestionUseCase.Command(
        user, source, " which installation? ", Optional.empty(), OptionalInt.of(3));
  }

  @Test
  void should_pass_a_vote_across_strategies_down_to_the_pipeline() {
    UserIdentity rita = new UserIdentity("rita", Set.of("analyst"), Map.of());

    service(AskQuotas.Limits.none())
        .ask(
            new AnswerQuestionUseCase.Command(
                rita,
                "demo",
                "which installation?",
                Optional.empty(),
                OptionalInt.empty(),
                OptionalLong.empty(),
                Optional.empty(),
                List.of(StrategyName.DIRECT, StrategyName.C3, StrategyName.RB_SQL)),
            Progress.silent());
    service(AskQuotas.Limits.none()).ask(command(rita, "demo"), Progress.silent());

    assertThat(asked).hasSize(2);
    assertThat(asked.get(0).voteAcross())
        .containsExactly(StrategyName.DIRECT, StrategyName.C3, StrategyName.RB_SQL);
    assertThat(asked.get(0).strategy()).isEmpty();
    assertThat(asked.get(1).voteAcross()).as("as configured").isEmpty();
  }

  @Test
  void should_report_its_own_time_in_microseconds() {
    askMillis = 12;
    UserIdentity rita = new UserIdentity("rita", Set.of("analyst"), Map.of());

    AnswerQuestionUseCase.RecordedAnswer recorded =
        service(AskQuotas.Limits.none()).ask(command(rita, "demo"), Progress.silent());

    // At least the 12 ms the use case spent asking (how much more depends on the machine).
    assertThat(recorded.useCaseMicros()).isGreaterThanOrEqualTo(12_000L);
    assertThat(recorded.useCaseMillis()).isEqualTo(recorded.useCaseMicros() / 1_000);
  }

  @Test
  void should_keep_the_answer_with_its_tokens_and_cost_in_the_users_history() {
    UserIdentity rita =
        new UserIdentity("rita", Set.of("analyst", "regional"), Map.of("region", "SE"));

    AnswerQuestionUseCase.RecordedAnswer recorded =
        service(AskQuotas.Limits.none()).ask(command(rita, "demo"), Progress.silent());

    assertThat(asked)
        .singleElement()
        .satisfies(
            c -> {
              assertThat(c.user()).isEqualTo(rita);
              assertThat(c.question()).isEqualTo("which installation?");
              assertThat(c.candidates()).hasValue(3);
            });
    AnswerRecord kept = history.find(recorded.id()).orElseThrow();
    assertThat(kept.user()).isEqualTo("rita");
    assertThat(kept.status()).isEqualTo("answered");
    assertThat(kept.sql()).contains("SELECT installation_code FROM installation");
    assertThat(kept.totalTokens()).isEqualTo(3780);
    assertThat(kept.usd()).isEqualByComparingTo("0.000648");
    assertThat(kept.rowCount()).isEqualTo(1);
    assertThat(kept.askedAt()).isEqualTo(CLOCK.instant());
  }

  @Test
  void should_refuse_before_asking_when_the_user_may_not_use_the_source() {
    UserIdentity otherSteward =
        new UserIdentity("oz", Set.of("steward"), Map.of("stewarded_sources", "other"));

    assertThatThrownBy(
            () -> service(AskQuotas.Limits.none()).ask(command(otherSteward, "demo"), null))
        .isInstanceOf(AccessDeniedException.class);
    assertThatThrownBy(
            () ->
                service(AskQuotas.Limits.none())
                    .ask(command(UserIdentity.of("ana", "analyst"), "nope"), null))
        .isInstanceOf(UnknownSourceException.class);
    assertThat(asked).isEmpty();
    assertThat(history.all).isEmpty();
  }

  @Test
  void should_refuse_a_stream_before_it_opens_when_the_user_may_not_use_the_source() {
    UserIdentity otherSteward =
        new UserIdentity("oz", Set.of("steward"), Map.of("stewarded_sources", "other"));
    AnswerQuestionService service = service(new AskQuotas.Limits(1, 0, null, 0, null));

    assertThatThrownBy(() -> service.requireAllowed(otherSteward, "demo"))
        .isInstanceOf(AccessDeniedException.class);
    assertThatThrownBy(() -> service.requireAllowed(UserIdentity.of("ana", "analyst"), "nope"))
        .isInstanceOf(UnknownSourceException.class);
    // Checking counts nothing: the one question a minute is still there to ask.
    service.requireAllowed(UserIdentity.of("ana", "analyst"), "demo");
    service.requireAllowed(UserIdentity.of("ana", "analyst"), "demo");
    service.ask(command(UserIdentity.of("ana", "analyst"), "demo"), null);
    assertThat(asked).hasSize(1);
  }

  @Test
  void should_refuse_before_asking_when_the_users_budget_is_spent() {
    AnswerQuestionService service =
        service(new AskQuotas.Limits(0, 5000, BigDecimal.ZERO, 0, BigDecimal.ZERO));
    UserIdentity ana = UserIdentity.of("ana", "analyst");
    service.ask(command(ana, "demo"), Progress.silent());

    service.ask(command(ana, "demo"), Progress.silent());

    assertThatThrownBy(() -> service.ask(command(ana, "demo"), Progress.silent()))
        .isInstanceOf(QuotaExceededException.class)
        .hasMessageContaining("5000 tokens");
    assertThat(asked).hasSize(2);
  }

  @Test
  void should_refuse_bad_commands_naming_the_field() {
    UserIdentity ana = UserIdentity.of("ana", "analyst");
    assertThatThrownBy(
            () ->
                new AnswerQuestionUseCase.Command(
                    ana, "demo", " ", Optional.empty(), OptionalInt.empty()))
        .hasMessageStartingWith("question:");
    assertThatThrownBy(
            () ->
                new AnswerQuestionUseCase.Command(
                    ana, "demo", "q", Optional.empty(), OptionalInt.of(65)))
        .hasMessageStartingWith("candidates:");
  }

  @Test
  void should_give_the_pipeline_the_earlier_question_and_sql_when_following_up_an_own_answer() {
    UserIdentity ana = UserIdentity.of("ana", "analyst");
    AnswerQuestionService service = service(AskQuotas.Limits.none());
    AnswerQuestionUseCase.RecordedAnswer first =
        service.ask(command(ana, "demo"), Progress.silent());

    AnswerQuestionUseCase.RecordedAnswer followUp =
        service.ask(
            new AnswerQuestionUseCase.Command(
                ana,
                "demo",
                "and only the corrective ones?",
                Optional.empty(),
                OptionalInt.empty(),
                OptionalLong.of(first.id())),
            Progress.silent());

    assertThat(asked.get(0).previous()).isEmpty();
    assertThat(asked.get(1).previous())
        .contains(
            new AskQuestionUseCase.Exchange(
                "which installation?", Optional.of("SELECT installation_code FROM installation")));
    assertThat(asked.get(1).searchText())
        .isEqualTo("which installation? and only the corrective ones?");
    assertThat(followUp.follows())
        .contains(new AnswerQuestionUseCase.FollowedUp(first.id(), "which installation?"));
    assertThat(history.find(followUp.id()).orElseThrow().followsUp()).hasValue(first.id());
    assertThat(first.follows()).isEmpty();
    // The model gave no restatement here: the stewards read the earlier question with the
    // follow-up after it, never the fragment alone.
    assertThat(history.find(followUp.id()).orElseThrow().standalone())
        .isEqualTo("which installation? Follow-up: and only the corrective ones?");
    assertThat(history.find(first.id()).orElseThrow().standaloneQuestion()).isEmpty();
  }

  @Test
  void should_refuse_a_follow_up_of_another_users_answer_as_unknown() {
    AnswerQuestionService service = service(AskQuotas.Limits.none());
    long ritas =
        service.ask(command(UserIdentity.of("rita", "analyst"), "demo"), Progress.silent()).id();
    UserIdentity ana = UserIdentity.of("ana", "analyst", "admin");

    for (long id : new long[] {ritas, 9999}) {
      assertThatThrownBy(
              () ->
                  service.ask(
                      new AnswerQuestionUseCase.Command(
                          ana,
                          "demo",
                          "and in 2023?",
                          Optional.empty(),
                          OptionalInt.empty(),
                          OptionalLong.of(id)),
                      Progress.silent()))
          .isInstanceOf(UnknownAnswerException.class)
          .hasMessageContaining("no answer number " + id);
    }
    assertThat(asked).hasSize(1);
  }

  @Test
  void should_refuse_a_follow_up_number_below_one() {
    assertThatThrownBy(
            () ->
                new AnswerQuestionUseCase.Command(
                    UserIdentity.of("ana", "analyst"),
                    "demo",
                    "and in 2023?",
                    Optional.empty(),
                    OptionalInt.empty(),
                    OptionalLong.of(0)))
        .isInstanceOf(IllegalArgumentException.class)
        .hasMessageStartingWith("follow_up:");
  }

  @Test
  void should_keep_the_readings_an_answer_showed_so_that_one_can_be_chosen() {
    List<String> ran = new ArrayList<>();
    List<String> verdicts = new ArrayList<>();
    UserIdentity ana = UserIdentity.of("ana", "analyst");
    AnswerRecord kept =
        history.save(
            new AnswerRecord(
                0,
                CLOCK.instant(),
                "ana",
                "demo",
                "how many orders?",
                "unsure",
                Optional.of("SELECT 1"),
                0.4,
                1,
                10,
                1,
                BigDecimal.ZERO,
                true,
                5,
                Optional.empty(),
                OptionalLong.empty(),
                List.of("SELECT 1", "SELECT 2")));
    ChooseReadingService choose =
        new ChooseReadingService(
            new AnswerHistoryService(history),
            c -> {
              ran.add(c.user().name() + ": " + c.sql());
              return new dev.parlance.domain.governance.QueryOutcome.Ran(
                  new QueryResult(
                      List.of(new ResultColumn("n", "INTEGER")),
                      List.of(List.of(2)),
                      false,
                      1,
                      c.sql(),
                      c.sql()));
            },
            command -> {
              verdicts.add(command.verdict() + " " + command.reading());
              return new GiveFeedbackUseCase.FeedbackGiven(
                  kept,
                  dev.parlance.domain.curation.Suggestion.pending(
                      dev.parlance.domain.curation.SuggestionKind.FEEDBACK,
                      "answer-" + kept.id(),
                      command.comment(),
                      dev.parlance.domain.curation.Curation.empty("demo"),
                      CLOCK.instant()));
            });

    ChooseReadingUseCase.ChosenReading chosen = choose.choose(ana, kept.id(), 2);

    assertThat(chosen.sql()).isEqualTo("SELECT 2");
    assertThat(ran).containsExactly("ana: SELECT 2");
    assertThat(verdicts).containsExactly("RIGHT 2");
    assertThat(chosen.outcome())
        .isInstanceOfSatisfying(
            dev.parlance.domain.governance.QueryOutcome.Ran.class,
            r -> assertThat(r.result().rows()).containsExactly(List.of(2)));
    assertThatThrownBy(() -> choose.choose(ana, kept.id(), 3))
        .isInstanceOf(IllegalArgumentException.class)
        .hasMessageContaining("readings 1 to 2");
    assertThatThrownBy(() -> choose.choose(UserIdentity.of("bo", "analyst"), kept.id(), 1))
        .isInstanceOf(UnknownAnswerException.class);
    assertThat(ran).hasSize(1);
  }
}
