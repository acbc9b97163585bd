package dev.parlance.application.answer;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatCode;
import static org.assertj.core.api.Assertions.catchThrowableOfType;

import java.math.BigDecimal;
import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.time.ZoneOffset;
import org.junit.jupiter.api.Test;

class AskQuotasTest {

  private final InMemoryAnswers history = new InMemoryAnswers();
  private Instant now = Instant.parse("2026-03-02T23:00:00Z");
  private final Clock clock =
      new Clock() {
        @Override
        public java.time.ZoneId getZone() {
          return ZoneOffset.UTC;
        }

        @Override
        public Clock withZone(java.time.ZoneId zone) {
          return this;
        }

        @Override
        public Instant instant() {
          return now;
        }
      };

  private AskQuotas quotas(
      int perMinute, long userTokens, String userUsd, long sourceTokens, String sourceUsd) {
    return new AskQuotas(
        new AskQuotas.Limits(
            perMinute,
            userTokens,
            new BigDecimal(userUsd),
            sourceTokens,
            new BigDecimal(sourceUsd)),
        history,
        clock);
  }

  @Test
  void should_refuse_the_question_past_the_rate_and_say_when_to_ask_again() {
    AskQuotas quotas = quotas(2, 0, "0", 0, "0");
    quotas.admit("ana", "demo");
    now = now.plusSeconds(20);
    quotas.admit("ana", "demo");

    QuotaExceededException refused =
        catchThrowableOfType(QuotaExceededException.class, () -> quotas.admit("ana", "demo"));

    assertThat(refused).hasMessageContaining("at most 2 questions a minute");
    assertThat(refused.retryAfter()).isEqualTo(Duration.ofSeconds(40));
    assertThatCode(() -> quotas.admit("bob", "demo")).doesNotThrowAnyException();
    now = now.plusSeconds(41);
    assertThatCode(() -> quotas.admit("ana", "demo")).doesNotThrowAnyException();
  }

  @Test
  void should_count_nothing_when_a_starting_server_prepares_the_budget_queries() {
    AskQuotas quotas = quotas(1, 1000, "0", 1000, "0");
    history.save(InMemoryAnswers.spent("ana", "demo", now.minusSeconds(60), 1000, "0"));

    // Even a spent budget: preparing reads, it refuses and counts nothing.
    assertThatCode(() -> quotas.prepare("ana", "demo")).doesNotThrowAnyException();
    quotas.prepare("bob", "other");

    // The one question a minute is still bob's to ask.
    assertThatCode(() -> quotas.admit("bob", "other")).doesNotThrowAnyException();
  }

  @Test
  void should_refuse_a_user_whose_daily_tokens_are_spent_until_midnight_utc() {
    AskQuotas quotas = quotas(0, 1000, "0", 0, "0");
    history.save(InMemoryAnswers.spent("ana", "demo", now.minusSeconds(3600), 999, "0"));
    quotas.admit("ana", "demo");
    history.save(InMemoryAnswers.spent("ana", "demo", now.minusSeconds(60), 1, "0"));

    QuotaExceededException refused =
        catchThrowableOfType(QuotaExceededException.class, () -> quotas.admit("ana", "demo"));

    assertThat(refused).hasMessageContaining("your daily budget of 1000 tokens is spent");
    assertThat(refused.retryAfter()).isEqualTo(Duration.ofHours(1));
    now = Instant.parse("2026-03-03T00:00:01Z");
    assertThatCode(() -> quotas.admit("ana", "demo")).doesNotThrowAnyException();
  }

  @Test
  void should_refuse_every_user_of_a_source_whose_daily_cost_is_spent() {
    AskQuotas quotas = quotas(0, 0, "0", 0, "0.50");
    history.save(InMemoryAnswers.spent("ana", "demo", now.minusSeconds(60), 10, "0.30"));
    history.save(InMemoryAnswers.spent("bob", "demo", now.minusSeconds(30), 10, "0.20"));

    QuotaExceededException refused =
        catchThrowableOfType(QuotaExceededException.class, () -> quotas.admit("cy", "demo"));

    assertThat(refused).hasMessageContaining("source demo's daily budget of US$0.50 is spent");
    assertThatCode(() -> quotas.admit("cy", "other")).doesNotThrowAnyException();
  }

  @Test
  void should_admit_everyone_when_no_limit_is_set() {
    AskQuotas quotas = new AskQuotas(AskQuotas.Limits.none(), history, clock);
    for (int i = 0; i < 100; i++) {
      quotas.admit("ana", "demo");
    }
    assertThat(history.all).isEmpty();
  }
}
