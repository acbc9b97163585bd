package dev.parlance.application.answer;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.parlance.domain.answer.AnswerRecord;
import dev.parlance.domain.governance.UserIdentity;
import java.math.BigDecimal;
import java.time.Instant;
import java.util.List;
import java.util.Optional;
import java.util.OptionalLong;
import org.junit.jupiter.api.Test;

/** A conversation's thread: from any of its answers, the first question and every follow-up. */
class ConversationServiceTest {

  private final InMemoryAnswers answers = new InMemoryAnswers();
  private final ConversationService service =
      new ConversationService(new AnswerHistoryService(answers), answers);
  private int minute;

  private AnswerRecord asked(String user, String question, OptionalLong follows, String restated) {
    return answers.save(
        new AnswerRecord(
            0,
            Instant.parse("2026-01-01T10:00:00Z").plusSeconds(60L * minute++),
            user,
            "demo",
            question,
            "answered",
            Optional.of("SELECT 1"),
            1,
            1,
            10,
            2,
            BigDecimal.ZERO,
            true,
            5,
            Optional.empty(),
            follows,
            List.of(),
            Optional.ofNullable(restated)));
  }

  @Test
  void should_list_the_first_question_and_every_follow_up_from_any_answer_of_the_thread() {
    AnswerRecord first = asked("ana", "How many orders are open?", OptionalLong.empty(), null);
    AnswerRecord other = asked("ana", "Something else?", OptionalLong.empty(), null);
    AnswerRecord second =
        asked(
            "ana",
            "only the emergency ones",
            OptionalLong.of(first.id()),
            "How many emergency orders are open?");
    AnswerRecord third =
        asked(
            "ana",
            "and in 2023?",
            OptionalLong.of(second.id()),
            "How many emergency orders were open in 2023?");

    for (long from : new long[] {first.id(), second.id(), third.id()}) {
      ConversationUseCase.Conversation thread =
          service.conversation(UserIdentity.of("ana", "analyst"), from);
      assertThat(thread.id()).isEqualTo(first.id());
      assertThat(thread.turns())
          .extracting(AnswerRecord::question)
          .containsExactly("How many orders are open?", "only the emergency ones", "and in 2023?");
    }
    assertThat(service.conversation(UserIdentity.of("ana", "analyst"), other.id()).turns())
        .extracting(AnswerRecord::id)
        .containsExactly(other.id());
  }

  @Test
  void should_show_no_one_else_a_users_conversation() {
    AnswerRecord first = asked("ana", "How many orders are open?", OptionalLong.empty(), null);

    assertThatThrownBy(() -> service.conversation(UserIdentity.of("bo", "analyst"), first.id()))
        .isInstanceOf(UnknownAnswerException.class);
  }
}
