package dev.parlance.web.ask;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.parlance.application.answer.AnswerQuestionUseCase;
import dev.parlance.application.answer.UnknownAnswerException;
import dev.parlance.application.ask.StrategyName;
import dev.parlance.domain.governance.UserIdentity;
import dev.parlance.web.problem.ProblemTable;
import java.util.List;
import org.junit.jupiter.api.Test;

class AskResourceTest {

  private static final UserIdentity ANA = UserIdentity.of("ana", "analyst");

  @Test
  void should_pass_the_answer_a_question_follows_up_to_the_use_case() {
    AnswerQuestionUseCase.Command command =
        AskResource.command(ANA, "demo", new AskRequest("and in 2023?", null, 1, 42L, null));

    assertThat(command.followUp()).hasValue(42);
    assertThat(command.user()).isEqualTo(ANA);
    assertThat(
            AskResource.command(ANA, "demo", new AskRequest("how many?", null, null, null, null))
                .followUp())
        .isEmpty();
  }

  @Test
  void should_answer_400_for_a_bad_follow_up_and_404_for_an_unknown_one() {
    assertThatThrownBy(
            () ->
                AskResource.command(ANA, "demo", new AskRequest("and in 2023?", null, 1, 0L, null)))
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

  @Test
  void should_pass_a_vote_across_a_comma_separated_list_of_strategies() {
    AnswerQuestionUseCase.Command command =
        AskResource.command(
            ANA, "demo", new AskRequest("how many?", "direct, c3,din", null, null, "vote"));

    assertThat(command.voteAcross())
        .containsExactly(StrategyName.DIRECT, StrategyName.C3, StrategyName.DIN);
    assertThat(command.strategy()).isEmpty();
    assertThat(AskResource.command(ANA, "demo", new AskRequest("how many?", "din", 2, null, null)))
        .satisfies(
            c -> {
              assertThat(c.strategy()).contains(StrategyName.DIN);
              assertThat(c.voteAcross()).isEmpty();
            });
  }

  @Test
  void should_answer_400_for_an_unknown_strategy_or_selection_and_a_vote_without_two() {
    for (AskRequest bad :
        List.of(
            new AskRequest("how many?", "direct,best", null, null, "vote"),
            new AskRequest("how many?", "direct,c3", null, null, "best"),
            new AskRequest("how many?", "direct,c3", null, null, null),
            new AskRequest("how many?", "direct", null, null, "vote"),
            new AskRequest("how many?", "direct,c3", 3, null, "vote"))) {
      assertThatThrownBy(() -> AskResource.command(ANA, "demo", bad))
          .isInstanceOfSatisfying(
              IllegalArgumentException.class,
              e ->
                  assertThat(ProblemTable.problemFor(e, "/api/v1/sources/demo/ask"))
                      .hasValueSatisfying(p -> assertThat(p.status()).isEqualTo(400)));
    }
    assertThatThrownBy(
            () ->
                AskResource.command(
                    ANA, "demo", new AskRequest("how many?", "direct,c3", null, null, "best")))
        .hasMessage("select takes vote, not 'best'");
    assertThatThrownBy(
            () ->
                AskResource.command(
                    ANA, "demo", new AskRequest("how many?", "direct", null, null, "vote")))
        .hasMessageStartingWith("select vote needs at least two strategies in strategy");
  }
}
