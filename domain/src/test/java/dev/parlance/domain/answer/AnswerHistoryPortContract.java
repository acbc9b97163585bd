package dev.parlance.domain.answer;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.math.BigDecimal;
import java.time.Instant;
import java.util.List;
import java.util.Optional;
import java.util.OptionalLong;
import org.junit.jupiter.api.Test;

/**
 * What every answer history must do: number and keep each answer whole, page a user's answers
 * newest first, keep feedback, and sum what a user or a source spent since a time.
 */
public abstract class AnswerHistoryPortContract {

  protected abstract AnswerHistoryPort port();

  private static AnswerRecord answer(String user, String source, Instant at, long tokens) {
    return new AnswerRecord(
        0,
        at,
        user,
        source,
        "how many open orders?",
        "answered",
        Optional.of("SELECT count(*) FROM maintenance_order WHERE status = 'open'"),
        0.67,
        1,
        tokens,
        60,
        new BigDecimal("0.000216"),
        true,
        1234,
        Optional.empty(),
        OptionalLong.empty(),
        List.of());
  }

  @Test
  void should_keep_what_an_answer_followed_up_and_the_readings_it_showed() {
    String user = "di-" + System.nanoTime();
    AnswerRecord first = port().save(answer(user, "demo", Instant.now(), 10));
    AnswerRecord a = answer(user, "demo", Instant.now(), 20);
    AnswerRecord followUp =
        port()
            .save(
                new AnswerRecord(
                    0,
                    a.askedAt(),
                    a.user(),
                    a.source(),
                    "and only the corrective ones?",
                    "unsure",
                    a.sql(),
                    0.4,
                    a.rowCount(),
                    a.promptTokens(),
                    a.completionTokens(),
                    a.usd(),
                    a.costKnown(),
                    a.wallMillis(),
                    Optional.empty(),
                    OptionalLong.of(first.id()),
                    List.of("SELECT 1 FROM t", "SELECT 2 FROM t"),
                    Optional.of("How many orders are open, only the corrective ones?")));

    AnswerRecord found = port().find(followUp.id()).orElseThrow();
    assertThat(found.followsUp()).hasValue(first.id());
    // What stewards read: the model's restatement, not the fragment.
    assertThat(found.standalone()).isEqualTo("How many orders are open, only the corrective ones?");
    assertThat(found.question()).isEqualTo("and only the corrective ones?");
    assertThat(port().find(first.id()).orElseThrow().standaloneQuestion()).isEmpty();
    assertThat(found.readings()).containsExactly("SELECT 1 FROM t", "SELECT 2 FROM t");
    assertThat(port().find(first.id()).orElseThrow().readings()).isEmpty();
    assertThat(port().find(first.id()).orElseThrow().followsUp()).isEmpty();
  }

  @Test
  void should_number_and_keep_each_answer_when_saved() {
    String user = "ana-" + System.nanoTime();
    AnswerRecord saved =
        port().save(answer(user, "demo", Instant.parse("2026-03-01T10:00:00Z"), 1200));

    assertThat(saved.id()).isPositive();
    AnswerRecord found = port().find(saved.id()).orElseThrow();
    assertThat(found.user()).isEqualTo(user);
    assertThat(found.sql())
        .contains("SELECT count(*) FROM maintenance_order WHERE status = 'open'");
    assertThat(found.totalTokens()).isEqualTo(1260);
    assertThat(found.usd()).isEqualByComparingTo("0.000216");
    assertThat(found.confidence()).isEqualTo(0.67);
    assertThat(found.feedback()).isEmpty();
    assertThat(port().find(Long.MAX_VALUE)).isEmpty();
  }

  @Test
  void should_page_a_users_answers_newest_first() {
    String user = "bo-" + System.nanoTime();
    for (int i = 0; i < 5; i++) {
      port().save(answer(user, "demo", Instant.parse("2026-03-01T10:00:0" + i + "Z"), 100 + i));
    }
    port().save(answer("someone-else-" + user, "demo", Instant.now(), 1));

    List<AnswerRecord> first = port().byUser(user, 0, 2);
    List<AnswerRecord> third = port().byUser(user, 4, 2);

    assertThat(port().countByUser(user)).isEqualTo(5);
    assertThat(first).extracting(AnswerRecord::promptTokens).containsExactly(104L, 103L);
    assertThat(third).extracting(AnswerRecord::promptTokens).containsExactly(100L);
  }

  @Test
  void should_keep_feedback_when_a_user_gives_it() {
    AnswerRecord saved = port().save(answer("cy-" + System.nanoTime(), "demo", Instant.now(), 10));

    AnswerRecord withFeedback =
        port()
            .giveFeedback(
                saved.id(),
                new Feedback(Verdict.WRONG, "counts closed ones too", Instant.now(), 42));

    assertThat(withFeedback.feedback()).isPresent();
    Feedback kept = port().find(saved.id()).orElseThrow().feedback().orElseThrow();
    assertThat(kept.verdict()).isEqualTo(Verdict.WRONG);
    assertThat(kept.comment()).isEqualTo("counts closed ones too");
    assertThat(kept.suggestion()).isEqualTo(42);
    assertThatThrownBy(
            () ->
                port()
                    .giveFeedback(
                        Long.MAX_VALUE, new Feedback(Verdict.RIGHT, "", Instant.now(), 0)))
        .isInstanceOf(IllegalArgumentException.class);
  }

  @Test
  void should_keep_which_reading_a_user_chose_as_the_right_one() {
    AnswerRecord saved = port().save(answer("cr-" + System.nanoTime(), "demo", Instant.now(), 10));
    assertThat(saved.feedback()).isEmpty();

    port().giveFeedback(saved.id(), new Feedback(Verdict.RIGHT, "", Instant.now(), 7, 2));

    Feedback kept = port().find(saved.id()).orElseThrow().feedback().orElseThrow();
    assertThat(kept.reading()).isEqualTo(2);
    assertThat(kept.saysRight(2)).isTrue();
    assertThat(kept.saysRight(0)).isFalse();
  }

  @Test
  void should_sum_what_a_user_and_a_source_spent_since_a_time() {
    String user = "di-" + System.nanoTime();
    String source = "src-" + System.nanoTime() % 1_000_000;
    Instant midnight = Instant.parse("2026-03-02T00:00:00Z");
    port().save(answer(user, source, midnight.minusSeconds(1), 1000));
    port().save(answer(user, source, midnight, 200));
    port().save(answer(user, source, midnight.plusSeconds(3600), 300));

    Spend byUser = port().spentByUser(user, midnight);
    Spend onSource = port().spentOnSource(source, midnight);

    assertThat(byUser.tokens()).isEqualTo(200 + 60 + 300 + 60);
    assertThat(byUser.usd()).isEqualByComparingTo("0.000432");
    assertThat(onSource).isEqualTo(byUser);
    assertThat(port().spentByUser("nobody-" + user, midnight)).isEqualTo(Spend.NONE);
  }

  @Test
  void should_list_what_each_answer_in_a_time_range_cost_oldest_first() {
    String user = "sp-" + System.nanoTime();
    Instant day = Instant.parse("2026-04-02T00:00:00Z");
    port().save(answer(user, "a", day.minusSeconds(1), 1000));
    port().save(answer(user, "b", day.plusSeconds(7200), 300));
    port().save(answer(user, "a", day, 200));
    port().save(answer(user, "a", day.plusSeconds(86_400), 400));

    List<SpentOnAnswer> spent =
        port().spending(day, day.plusSeconds(86_400)).stream()
            .filter(s -> s.user().equals(user))
            .toList();

    assertThat(spent)
        .extracting(SpentOnAnswer::askedAt, SpentOnAnswer::source, s -> s.spend().tokens())
        .containsExactly(
            org.assertj.core.groups.Tuple.tuple(day, "a", 260L),
            org.assertj.core.groups.Tuple.tuple(day.plusSeconds(7200), "b", 360L));
    assertThat(spent.get(0).usd()).isEqualByComparingTo("0.000216");
  }
}
