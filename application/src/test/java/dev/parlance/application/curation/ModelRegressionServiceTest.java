package dev.parlance.application.curation;

import static dev.parlance.application.curation.CurationFakes.ran;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.parlance.application.access.AccessDeniedException;
import dev.parlance.application.answer.InMemoryAnswers;
import dev.parlance.domain.completion.Completions;
import dev.parlance.domain.completion.Cost;
import dev.parlance.domain.completion.FakeLanguageModels;
import dev.parlance.domain.completion.InMemoryModelCalls;
import dev.parlance.domain.completion.LanguageModelsPort;
import dev.parlance.domain.completion.ModelCall;
import dev.parlance.domain.completion.ModelPurpose;
import dev.parlance.domain.completion.NoLanguageModelException;
import dev.parlance.domain.completion.TokenUsage;
import dev.parlance.domain.curation.AnswerQuestionPort;
import dev.parlance.domain.curation.CuratedView;
import dev.parlance.domain.curation.Curation;
import dev.parlance.domain.curation.VerifiedQuery;
import dev.parlance.domain.curation.VerifiedStatus;
import dev.parlance.domain.curation.ViewKind;
import dev.parlance.domain.governance.QueryOutcome;
import dev.parlance.domain.governance.UserIdentity;
import java.math.BigDecimal;
import java.time.Clock;
import java.time.Instant;
import java.time.ZoneOffset;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

class ModelRegressionServiceTest {

  private static final Instant NOW = Instant.parse("2026-11-27T10:00:00Z");
  private static final UserIdentity RITA = UserIdentity.of("rita", "admin");

  private final CurationFakes.Store store = new CurationFakes.Store();
  private final InMemoryModelCalls ledger = new InMemoryModelCalls();
  private final InMemoryAnswers answers = new InMemoryAnswers();
  private final List<String> asked = new ArrayList<>();

  private static VerifiedQuery verified(String id, String question, String sql) {
    return new VerifiedQuery(id, question, sql, "rita", VerifiedStatus.APPROVED, "simple");
  }

  @BeforeEach
  void published() {
    store.publish(
        Curation.empty("plant")
            .withView(
                CuratedView.of(
                    "orders",
                    ViewKind.CONCEPTUAL,
                    "orders",
                    "SELECT MO_ID AS id, MO_ST AS status FROM TB_MO"))
            .withVerified(verified("q1", "How many orders?", "SELECT count(*) FROM orders"))
            .withVerified(
                verified(
                    "q2", "How many open orders?", "SELECT count(*) FROM orders WHERE status = 1")),
        "rita",
        "",
        true);
  }

  // The fake database: a count by whether the statement filters on the status.
  private static QueryOutcome database(String sql) {
    long n = sql.contains("status = 1") ? 7 : 20;
    return ran(sql, List.of("count(*)"), List.of(List.<Object>of(n)));
  }

  private ModelRegressionService service(LanguageModelsPort models, AnswerQuestionPort pipeline) {
    return new ModelRegressionService(
        CurationFakes.sources(),
        CurationFakes.noPolicy(),
        store,
        new CurationFakes.Executor(ModelRegressionServiceTest::database),
        pipeline,
        models,
        ledger,
        answers,
        Clock.fixed(NOW, ZoneOffset.UTC));
  }

  private static LanguageModelsPort aModel() {
    return FakeLanguageModels.of(request -> Completions.of());
  }

  @Test
  void should_ask_each_approved_question_and_say_whether_its_rows_agree_with_the_verified_sql() {
    AnswerQuestionPort pipeline =
        (source, question) -> {
          asked.add(question);
          // Right for q1; for q2 the model forgot the filter.
          return Optional.of("SELECT count(*) FROM orders");
        };
    List<String> progress = new ArrayList<>();

    RegressionReport report =
        service(aModel(), pipeline)
            .run(RITA, "plant", (stage, done, total) -> progress.add(done + "/" + total));

    assertThat(asked).containsExactly("How many orders?", "How many open orders?");
    assertThat(report.checks())
        .extracting(RegressionReport.Check::id, RegressionReport.Check::pipeline)
        .containsExactly(
            org.assertj.core.groups.Tuple.tuple("q1", RegressionReport.Pipeline.AGREES),
            org.assertj.core.groups.Tuple.tuple("q2", RegressionReport.Pipeline.DISAGREES));
    assertThat(progress).containsSubsequence("0/2", "1/2", "2/2");
  }

  @Test
  void should_count_a_question_the_model_gave_no_sql_for_as_failed() {
    RegressionReport report =
        service(aModel(), (source, question) -> Optional.empty())
            .run(RITA, "plant", (stage, done, total) -> {});

    assertThat(report.checks())
        .extracting(RegressionReport.Check::pipeline)
        .containsOnly(RegressionReport.Pipeline.FAILED);
  }

  @Test
  void should_refuse_with_how_to_configure_when_no_model_is_configured() {
    assertThatThrownBy(
            () ->
                service(FakeLanguageModels.none(), (s, q) -> Optional.of("SELECT 1"))
                    .run(RITA, "plant", (stage, done, total) -> {}))
        .isInstanceOf(NoLanguageModelException.class);
  }

  @Test
  void should_estimate_from_the_sources_recent_answers_calls_and_tokens() {
    for (int i = 0; i < 4; i++) {
      answers.save(
          InMemoryAnswers.spent("ana", "plant", NOW.minusSeconds(3600L * (i + 1)), 1000, "0"));
      ledger.record(
          new ModelCall(
              NOW.minusSeconds(3600L * (i + 1)),
              ModelPurpose.ANSWER,
              "plant",
              "default",
              6,
              new TokenUsage(5000, 100),
              Cost.of(BigDecimal.ONE)));
    }
    // Another source's answers and older ones do not count.
    ledger.record(
        new ModelCall(
            NOW.minusSeconds(3600L * 24 * 40),
            ModelPurpose.ANSWER,
            "plant",
            "default",
            100,
            new TokenUsage(1, 1),
            Cost.ZERO));

    ModelRegressionUseCase.Estimate estimate =
        service(aModel(), (s, q) -> Optional.empty()).estimate(RITA, "plant");

    assertThat(estimate.questions()).isEqualTo(2);
    assertThat(estimate.version()).isEqualTo(1);
    assertThat(estimate.modelConfigured()).isTrue();
    assertThat(estimate.known()).isTrue();
    assertThat(estimate.calls()).isEqualTo(12);
    assertThat(estimate.tokens()).isEqualTo(10_200);
    assertThat(estimate.basis()).contains("4 answer(s) about plant");
  }

  @Test
  void should_give_a_lower_bound_when_nothing_was_asked_of_the_source_lately() {
    ModelRegressionUseCase.Estimate estimate =
        service(FakeLanguageModels.none(), (s, q) -> Optional.empty()).estimate(RITA, "plant");

    assertThat(estimate.known()).isFalse();
    assertThat(estimate.calls()).isEqualTo(2);
    assertThat(estimate.modelConfigured()).isFalse();
    assertThat(estimate.basis()).contains("at least one call a question");
  }

  @Test
  void should_refuse_an_analyst() {
    assertThatThrownBy(
            () ->
                service(aModel(), (s, q) -> Optional.empty())
                    .estimate(UserIdentity.of("ana", "analyst"), "plant"))
        .isInstanceOf(AccessDeniedException.class);
  }
}
