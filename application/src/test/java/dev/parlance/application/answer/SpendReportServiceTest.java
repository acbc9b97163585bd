package dev.parlance.application.answer;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.assertj.core.groups.Tuple.tuple;

import dev.parlance.application.access.AccessDeniedException;
import dev.parlance.application.answer.SpendReportUseCase.Line;
import dev.parlance.application.answer.SpendReportUseCase.SpendReport;
import dev.parlance.application.answer.SpendReportUseCase.Total;
import dev.parlance.domain.governance.UserIdentity;
import java.math.BigDecimal;
import java.time.Clock;
import java.time.Instant;
import java.time.LocalDate;
import java.time.ZoneOffset;
import org.junit.jupiter.api.Test;

class SpendReportServiceTest {

  private final InMemoryAnswers answers = new InMemoryAnswers();
  private final SpendReportService spend =
      new SpendReportService(
          answers, Clock.fixed(Instant.parse("2026-11-24T09:00:00Z"), ZoneOffset.UTC));
  private final UserIdentity admin = UserIdentity.of("ada", "admin");

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
