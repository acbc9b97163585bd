package dev.parlance.application.answer;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;
import org.junit.jupiter.api.Test;

/** Questions at once: per user and in all, refused at once with when to try again. */
class AskAdmissionTest {

  @Test
  void should_refuse_the_users_question_over_their_limit_and_admit_it_once_one_ended() {
    AskAdmission admission = new AskAdmission(new AskAdmission.Limits(2, 10));
    AskAdmission.Ticket first = admission.enter("rita");
    AskAdmission.Ticket second = admission.enter("rita");
    assertThatThrownBy(() -> admission.enter("rita"))
        .isInstanceOfSatisfying(
            TooManyAsksException.class,
            e -> {
              assertThat(e.everyone()).isFalse();
              assertThat(e.getMessage()).contains("2 questions being answered");
              assertThat(e.retryAfter()).isBetween(Duration.ofSeconds(1), Duration.ofMinutes(1));
            });
    assertThat(admission.running("rita")).isEqualTo(2);
    admission.enter("ola").close();
    first.close();
    first.close(); // twice is once
    assertThat(admission.running("rita")).isEqualTo(1);
    admission.enter("rita").close();
    second.close();
    assertThat(admission.running()).isZero();
    assertThat(admission.running("rita")).isZero();
  }

  @Test
  void should_refuse_everyones_question_over_the_total_with_a_server_busy_reason() {
    AskAdmission admission = new AskAdmission(new AskAdmission.Limits(0, 2));
    AskAdmission.Ticket a = admission.enter("a");
    AskAdmission.Ticket b = admission.enter("b");
    assertThatThrownBy(() -> admission.enter("c"))
        .isInstanceOfSatisfying(
            TooManyAsksException.class,
            e -> {
              assertThat(e.everyone()).isTrue();
              assertThat(e.getMessage()).contains("as many questions as it may at once (2)");
            });
    // The refused question counts for nobody.
    assertThat(admission.running("c")).isZero();
    assertThat(admission.running()).isEqualTo(2);
    a.close();
    admission.enter("c").close();
    b.close();
  }

  @Test
  void should_admit_everything_when_there_is_no_limit() {
    AskAdmission admission = new AskAdmission(AskAdmission.Limits.none());
    List<AskAdmission.Ticket> tickets = new ArrayList<>();
    for (int i = 0; i < 100; i++) {
      tickets.add(admission.enter("rita"));
    }
    assertThat(admission.running()).isEqualTo(100);
    tickets.forEach(AskAdmission.Ticket::close);
    assertThat(admission.running()).isZero();
  }

  @Test
  void should_never_let_more_than_the_users_limit_in_when_questions_race() throws Exception {
    AskAdmission admission = new AskAdmission(new AskAdmission.Limits(3, 0));
    AtomicInteger inside = new AtomicInteger();
    AtomicInteger most = new AtomicInteger();
    AtomicInteger refused = new AtomicInteger();
    CountDownLatch go = new CountDownLatch(1);
    ExecutorService pool = Executors.newFixedThreadPool(16);
    try {
      List<Future<?>> all = new ArrayList<>();
      for (int i = 0; i < 16; i++) {
        all.add(
            pool.submit(
                () -> {
                  go.await();
                  for (int k = 0; k < 200; k++) {
                    try (AskAdmission.Ticket t = admission.enter("rita")) {
                      most.accumulateAndGet(inside.incrementAndGet(), Math::max);
                      Thread.onSpinWait();
                      inside.decrementAndGet();
                    } catch (TooManyAsksException e) {
                      refused.incrementAndGet();
                    }
                  }
                  return null;
                }));
      }
      go.countDown();
      for (Future<?> f : all) {
        f.get(60, TimeUnit.SECONDS);
      }
    } finally {
      pool.shutdownNow();
    }
    assertThat(most.get()).isBetween(1, 3);
    assertThat(admission.running("rita")).isZero();
    assertThat(admission.running()).isZero();
  }

  @Test
  void should_hold_the_users_place_from_arrival_while_everyones_is_taken_only_to_work() {
    AskAdmission admission = new AskAdmission(new AskAdmission.Limits(1, 1));
    AskAdmission.Ticket arrived = admission.enterUser("rita");
    // Waiting for a thread, Rita's question already holds her place: her next one is refused.
    assertThatThrownBy(() -> admission.enterUser("rita")).isInstanceOf(TooManyAsksException.class);
    // Ola's question arrives and is worked on; Rita's, when its turn comes, finds none free.
    AskAdmission.Ticket ola = admission.enter("ola");
    assertThatThrownBy(admission::enterEveryone)
        .isInstanceOfSatisfying(TooManyAsksException.class, e -> assertThat(e.everyone()).isTrue());
    ola.close();
    try (AskAdmission.Ticket working = admission.enterEveryone()) {
      assertThat(admission.running()).isEqualTo(1);
    }
    arrived.close();
    assertThat(admission.running("rita")).isZero();
    assertThat(admission.running()).isZero();
  }

  @Test
  void should_refuse_negative_limits() {
    assertThatThrownBy(() -> new AskAdmission.Limits(-1, 0))
        .isInstanceOf(IllegalArgumentException.class);
  }
}
