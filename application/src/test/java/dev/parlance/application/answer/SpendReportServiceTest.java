package dev.parlance.application.answer;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.assertj.core.groups.Tuple.tuple;

import dev.parlance.application.access.AccessDeniedException;
import dev.parlance.application.answer.SpendReportUseCase.Line;
import dev.parlance.application.answer.SpendReportUseCase.PurposeTotal;
import dev.parlance.application.answer.SpendReportUseCase.SpendReport;
import dev.parlance.application.answer.SpendReportUseCase.Total;
import dev.parlance.domain.completion.Cost;
import dev.parlance.domain.completion.InMemoryModelCalls;
import dev.parlance.domain.completion.ModelCall;
import dev.parlance.domain.completion.ModelPurpose;
import dev.parlance.domain.completion.TokenUsage;
import dev.parlance.domain.governance.UserIdentity;
import java.math.BigDecimal;
import java.time.Clock;
import java.time.Instant;
import java.time.LocalDate;
import java.time.ZoneOffset;
import org.junit.jupiter.api.Test;

class SpendReportServiceTest {

  private final InMemoryAnswers answers = new InMemoryAnswers();
  private final InMemoryModelCalls ledger = new InMemoryModelCalls();
  private final SpendReportService spend =
      new SpendReportService(
          answers, ledger, Clock.fixed(Instant.parse("2026-11-24T09:00:00Z"), ZoneOffset.UTC));
  private final UserIdentity admin = UserIdentity.of("ada", "admin");

  @Test
  void should_count_every_model_call_of_the_range_by_purpose_with_purposes_without_calls() {
    ledger.record(call("2026-11-23T10:00:00Z", ModelPurpose.ANSWER, 5, 1200, "0.002"));
    ledger.record(call("2026-11-24T08:00:00Z", ModelPurpose.ANSWER, 1, 300, "0.001"));
    ledger.record(call("2026-11-24T08:10:00Z", ModelPurpose.REGRESSION, 6, 7000, "0.01"));
    ledger.record(call("2026-11-24T08:20:00Z", ModelPurpose.SUGGESTION, 1, 200, "0"));
    // Before the range.
    ledger.record(call("2026-11-21T23:59:59Z", ModelPurpose.EVALUATION, 90, 9000, "9"));

    SpendReport report = spend.spend(admin, 3);

    assertThat(report.byPurpose())
        .extracting(
            PurposeTotal::purpose,
            PurposeTotal::requests,
            PurposeTotal::calls,
            PurposeTotal::tokens)
        .containsExactly(
            tuple("answers", 2, 6L, 1620L),
            tuple("regressions", 1, 6L, 7060L),
            tuple("evaluations", 0, 0L, 0L),
            tuple("suggestions", 1, 1L, 260L),
            tuple("checks", 0, 0L, 0L));
    assertThat(report.byPurpose().get(0).usd()).isEqualByComparingTo(new BigDecimal("0.003"));
  }

  private static ModelCall call(
      String at, ModelPurpose purpose, int calls, long promptTokens, String usd) {
    return new ModelCall(
        Instant.parse(at),
        purpose,
        "demo",
        "default",
        calls,
        new TokenUsage(promptTokens, 60),
        Cost.of(new BigDecimal(usd)));
  }

  @Test
  void should_sum_tokens_and_cost_per_day_user_and_source_over_the_last_days() {
    answers.save(
        InMemoryAnswers.spent("ana", "demo", Instant.parse("2026-11-22T00:00:00Z"), 100, "0.10"));
    answers.save(
        InMemoryAnswers.spent("ana", "demo", Instant.parse("2026-11-22T23:59:59Z"), 50, "0.05"));
    answers.save(
        InMemoryAnswers.spent("bo", "demo", Instant.parse("2026-11-24T08:00:00Z"), 500, "0.5"));
    answers.save(
        InMemoryAnswers.spent("ana", "plant", Instant.parse("2026-11-24T08:30:00Z"), 10, "0"));
    // The last second before the range.
    answers.save(
        InMemoryAnswers.spent("ana", "demo", Instant.parse("2026-11-21T23:59:59Z"), 900, "9"));

    SpendReport report = spend.spend(admin, 3);

    assertThat(report.from()).isEqualTo(LocalDate.parse("2026-11-22"));
    assertThat(report.to()).isEqualTo(LocalDate.parse("2026-11-24"));
    assertThat(report.byDay())
        .extracting(Total::key, t -> t.spend().tokens(), Total::answers)
        .containsExactly(
            tuple("2026-11-22", 150L, 2), tuple("2026-11-23", 0L, 0), tuple("2026-11-24", 510L, 2));
    assertThat(report.lines())
        .extracting(l -> l.day().toString(), Line::user, Line::source, Line::answers)
        .containsExactly(
            tuple("2026-11-22", "ana", "demo", 2),
            tuple("2026-11-24", "ana", "plant", 1),
            tuple("2026-11-24", "bo", "demo", 1));
    assertThat(report.byUser()).extracting(Total::key).containsExactly("bo", "ana");
    assertThat(report.bySource()).extracting(Total::key).containsExactly("demo", "plant");
    assertThat(report.total().answers()).isEqualTo(4);
    assertThat(report.total().spend().usd()).isEqualByComparingTo(new BigDecimal("0.65"));
  }

  @Test
  void should_refuse_anyone_but_an_admin_and_a_range_out_of_bounds() {
    assertThatThrownBy(() -> spend.spend(UserIdentity.of("sam", "steward"), 7))
        .isInstanceOf(AccessDeniedException.class);
    assertThatThrownBy(() -> spend.spend(admin, 0)).isInstanceOf(IllegalArgumentException.class);
    assertThatThrownBy(() -> spend.spend(admin, 367)).isInstanceOf(IllegalArgumentException.class);
  }
}
