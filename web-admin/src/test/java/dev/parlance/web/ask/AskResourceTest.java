package dev.parlance.web.ask;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.parlance.application.answer.AnswerQuestionUseCase;
import dev.parlance.application.answer.UnknownAnswerException;
import dev.parlance.domain.governance.UserIdentity;
import dev.parlance.web.problem.ProblemTable;
import org.junit.jupiter.api.Test;

class AskResourceTest {

  private static final UserIdentity ANA = UserIdentity.of("ana", "analyst");

  @Test
  void should_pass_the_answer_a_question_follows_up_to_the_use_case() {
    AnswerQuestionUseCase.Command command =
        AskResource.command(ANA, "demo", new AskRequest("and in 2023?", null, 1, 42L));

    assertThat(command.followUp()).hasValue(42);
    assertThat(command.user()).isEqualTo(ANA);
    assertThat(
            AskResource.command(ANA, "demo", new AskRequest("how many?", null, null, null))
                .followUp())
        .isEmpty();
  }

  @Test
  void should_answer_400_for_a_bad_follow_up_and_404_for_an_unknown_one() {
    assertThatThrownBy(
            () -> AskResource.command(ANA, "demo", new AskRequest("and in 2023?", null, 1, 0L)))
        .isInstanceOfSatisfying(
            IllegalArgumentException.class,
            e ->
                assertThat(ProblemTable.problemFor(e, "/api/v1/sources/demo/ask"))
                    .hasValueSatisfying(p -> assertThat(p.status()).isEqualTo(400)));
    assertThat(ProblemTable.problemFor(new UnknownAnswerException(7), "/x"))
        .hasValueSatisfying(
            p -> {
              assertThat(p.status()).isEqualTo(404);
              assertThat(p.detail()).contains("no answer number 7");
            });
  }
}
