package dev.parlance.application.answer;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.parlance.application.access.SourceAccess;
import dev.parlance.domain.answer.AnswerRecord;
import dev.parlance.domain.answer.Verdict;
import dev.parlance.domain.curation.Suggestion;
import dev.parlance.domain.curation.SuggestionKind;
import dev.parlance.domain.curation.SuggestionStatus;
import dev.parlance.domain.curation.SuggestionsPort;
import dev.parlance.domain.curation.VerifiedStatus;
import dev.parlance.domain.governance.QueryOutcome;
import dev.parlance.domain.governance.QueryResult;
import dev.parlance.domain.governance.Refusal;
import dev.parlance.domain.governance.RefusalKind;
import dev.parlance.domain.governance.ResultColumn;
import dev.parlance.domain.governance.UserIdentity;
import java.math.BigDecimal;
import java.time.Clock;
import java.time.Instant;
import java.time.ZoneOffset;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.OptionalLong;
import org.junit.jupiter.api.Test;

class GiveFeedbackServiceTest {

  private static final Clock CLOCK =
      Clock.fixed(Instant.parse("2026-03-02T11:00:00Z"), ZoneOffset.UTC);
  private static final UserIdentity ANA = UserIdentity.of("ana", "analyst");

  private final InMemoryAnswers history = new InMemoryAnswers();
  private final List<Suggestion> stored = new ArrayList<>();
  private final SuggestionsPort suggestions =
      new SuggestionsPort() {
        @Override
        public List<Suggestion> add(List<Suggestion> added) {
          List<Suggestion> out = new ArrayList<>();
          for (Suggestion s : added) {
            Suggestion numbered =
                new Suggestion(
                    stored.size() + 7,
                    s.source(),
                    s.kind(),
                    s.target(),
                    s.summary(),
                    s.proposal(),
                    s.status(),
                    s.decidedBy(),
                    s.createdAt());
            stored.add(numbered);
            out.add(numbered);
          }
          return out;
        }

        @Override
        public List<Suggestion> list(String source, SuggestionStatus status) {
          return stored;
        }

        @Override
        public Optional<Suggestion> find(String source, long id) {
          return Optional.empty();
        }

        @Override
        public Suggestion decide(String source, long id, SuggestionStatus d, String steward) {
          throw new UnsupportedOperationException();
        }
      };
  private final GiveFeedbackService service = new GiveFeedbackService(history, suggestions, CLOCK);

  private AnswerRecord asked(String user) {
    return history.save(InMemoryAnswers.spent(user, "demo", CLOCK.instant(), 10, "0"));
  }

  @Test
  void should_propose_a_right_answer_to_the_stewards_as_a_verified_question() {
    AnswerRecord answer = asked("ana");

    GiveFeedbackUseCase.FeedbackGiven given =
        service.give(
            new GiveFeedbackUseCase.Command(ANA, answer.id(), Verdict.RIGHT, "exactly this"));

    Suggestion s = given.suggestion();
    assertThat(s.kind()).isEqualTo(SuggestionKind.VERIFIED);
    assertThat(s.source()).isEqualTo("demo");
    assertThat(s.summary()).contains("marked right: exactly this").contains("ana");
    assertThat(s.proposal().verified())
        .singleElement()
        .satisfies(
            q -> {
              assertThat(q.question()).isEqualTo("a question");
              assertThat(q.sql()).isEqualTo("SELECT 1");
              assertThat(q.status()).isEqualTo(VerifiedStatus.PROPOSED);
              assertThat(q.owner()).isEqualTo("ana");
            });
    assertThat(history.find(answer.id()).orElseThrow().feedback())
        .hasValueSatisfying(
            f -> {
              assertThat(f.verdict()).isEqualTo(Verdict.RIGHT);
              assertThat(f.suggestion()).isEqualTo(s.id());
            });
  }

  @Test
  void should_propose_a_follow_ups_restated_question_never_its_fragment() {
    AnswerRecord first = asked("ana");
    AnswerRecord spent = InMemoryAnswers.spent("ana", "demo", CLOCK.instant(), 10, "0");
    AnswerRecord followUp =
        history.save(
            new AnswerRecord(
                0,
                spent.askedAt(),
                "ana",
                "demo",
                "only the emergency ones",
                "answered",
                Optional.of("SELECT 2"),
                1,
                1,
                10,
                2,
                java.math.BigDecimal.ZERO,
                true,
                5,
                Optional.empty(),
                java.util.OptionalLong.of(first.id()),
                List.of(),
                Optional.of("How many emergency orders are open?")));

    Suggestion s =
        service
            .give(new GiveFeedbackUseCase.Command(ANA, followUp.id(), Verdict.RIGHT, ""))
            .suggestion();

    assertThat(s.proposal().verified())
        .singleElement()
        .satisfies(q -> assertThat(q.question()).isEqualTo("How many emergency orders are open?"));
  }

  @Test
  void should_report_a_wrong_answer_to_the_stewards_with_the_comment() {
    AnswerRecord answer = asked("ana");

    Suggestion s =
        service
            .give(
                new GiveFeedbackUseCase.Command(
                    ANA, answer.id(), Verdict.WRONG, "it counts closed orders"))
            .suggestion();

    assertThat(s.kind()).isEqualTo(SuggestionKind.FEEDBACK);
    assertThat(s.summary()).contains("marked wrong: it counts closed orders").contains("SELECT 1");
    assertThat(s.proposal().verified()).isEmpty();
  }

  private AnswerRecord askedWithReadings(String user) {
    return history.save(
        new AnswerRecord(
            0,
            CLOCK.instant(),
            user,
            "demo",
            "how many open orders?",
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
            List.of("SELECT 2", "SELECT 3")));
  }

  private static QueryOutcome ran(String sql) {
    return new QueryOutcome.Ran(
        new QueryResult(
            List.of(new ResultColumn("n", "INTEGER")), List.of(List.of(2)), false, 1, sql, sql));
  }

  @Test
  void should_propose_the_sql_of_the_reading_a_verdict_names_and_refuse_a_reading_not_shown() {
    AnswerRecord answer = askedWithReadings("ana");

    Suggestion s =
        service
            .give(new GiveFeedbackUseCase.Command(ANA, answer.id(), Verdict.RIGHT, "", 2))
            .suggestion();

    assertThat(s.summary()).contains("reading 2");
    assertThat(s.proposal().verified())
        .singleElement()
        .satisfies(q -> assertThat(q.sql()).isEqualTo("SELECT 3"));
    assertThat(history.find(answer.id()).orElseThrow().feedback())
        .hasValueSatisfying(f -> assertThat(f.reading()).isEqualTo(2));
    assertThatThrownBy(
            () ->
                service.give(
                    new GiveFeedbackUseCase.Command(ANA, answer.id(), Verdict.RIGHT, "", 3)))
        .isInstanceOf(IllegalArgumentException.class)
        .hasMessageContaining("readings 1 to 2");
    assertThat(stored).hasSize(1);
  }

  @Test
  void should_record_a_chosen_reading_as_the_owners_verdict_once_and_propose_its_sql() {
    AnswerRecord answer = askedWithReadings("ana");
    List<String> runs = new ArrayList<>();
    ChooseReadingService choose =
        new ChooseReadingService(
            new AnswerHistoryService(history),
            c -> {
              runs.add(c.user().name() + ": " + c.sql());
              return ran(c.sql());
            },
            service);

    ChooseReadingUseCase.ChosenReading chosen = choose.choose(ANA, answer.id(), 1);

    assertThat(runs).containsExactly("ana: SELECT 2");
    assertThat(chosen.proposed())
        .hasValueSatisfying(
            s -> {
              assertThat(s.kind()).isEqualTo(SuggestionKind.VERIFIED);
              assertThat(s.proposal().verified())
                  .singleElement()
                  .satisfies(
                      q -> {
                        assertThat(q.sql()).isEqualTo("SELECT 2");
                        assertThat(q.question()).isEqualTo("how many open orders?");
                      });
            });
    assertThat(history.find(answer.id()).orElseThrow().feedback())
        .hasValueSatisfying(
            f -> {
              assertThat(f.saysRight(1)).isTrue();
              assertThat(f.suggestion()).isEqualTo(chosen.proposed().orElseThrow().id());
            });
    // The same choice again (a reload) proposes nothing new; another reading does.
    assertThat(choose.choose(ANA, answer.id(), 1).proposed()).isEmpty();
    assertThat(stored).hasSize(1);
    assertThat(choose.choose(ANA, answer.id(), 2).proposed()).isPresent();
    assertThat(stored).hasSize(2);
    // An admin looking at ana's answer sees the reading's rows; it is not ana's verdict.
    UserIdentity admin = UserIdentity.of("root", SourceAccess.ADMIN);
    assertThat(choose.choose(admin, answer.id(), 1).proposed()).isEmpty();
    assertThat(stored).hasSize(2);
  }

  @Test
  void should_not_record_a_chosen_reading_that_did_not_run() {
    AnswerRecord answer = askedWithReadings("ana");
    ChooseReadingService choose =
        new ChooseReadingService(
            new AnswerHistoryService(history),
            c ->
                new QueryOutcome.Refused(
                    new Refusal(RefusalKind.EMPTY, "not allowed"), c.sql(), Optional.empty(), 1),
            service);

    assertThat(choose.choose(ANA, answer.id(), 1).proposed()).isEmpty();
    assertThat(stored).isEmpty();
    assertThat(history.find(answer.id()).orElseThrow().feedback()).isEmpty();
  }

  @Test
  void should_not_take_feedback_on_someone_elses_answer() {
    AnswerRecord bobs = asked("bob");

    assertThatThrownBy(
            () -> service.give(new GiveFeedbackUseCase.Command(ANA, bobs.id(), Verdict.RIGHT, "")))
        .isInstanceOf(UnknownAnswerException.class);
    assertThat(stored).isEmpty();
  }

  @Test
  void should_show_each_user_only_their_own_history_and_admins_any_answer() {
    AnswerRecord bobs = asked("bob");
    asked("ana");
    asked("ana");
    AnswerHistoryService answers = new AnswerHistoryService(history);

    AnswerHistoryUseCase.HistoryPage page = answers.history(ANA, 0, 1);

    assertThat(page.total()).isEqualTo(2);
    assertThat(page.answers()).singleElement().extracting(AnswerRecord::id).isEqualTo(3L);
    assertThatThrownBy(() -> answers.answer(ANA, bobs.id()))
        .isInstanceOf(UnknownAnswerException.class);
    assertThat(answers.answer(UserIdentity.of("ad", "admin"), bobs.id()).user()).isEqualTo("bob");
    assertThatThrownBy(() -> answers.history(ANA, 0, 101))
        .isInstanceOf(IllegalArgumentException.class);
  }
}
