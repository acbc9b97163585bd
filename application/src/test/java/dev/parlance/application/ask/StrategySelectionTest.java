package dev.parlance.application.ask;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.parlance.application.answer.AnswerQuestionUseCase;
import dev.parlance.domain.governance.UserIdentity;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.OptionalInt;
import java.util.OptionalLong;
import java.util.Set;
import org.junit.jupiter.api.Test;

class StrategySelectionTest {

  private static StrategySelection parse(List<String> names, String select) {
    return StrategySelection.parse(names, select, "strategy", "select");
  }

  @Test
  void should_read_one_strategy_alone_and_nothing_as_configured() {
    assertThat(parse(List.of("ta-sql"), null))
        .isEqualTo(new StrategySelection(Optional.of(StrategyName.TA_SQL), List.of()));
    assertThat(parse(List.of(), null)).isEqualTo(StrategySelection.configured());
    assertThat(parse(null, null).votes()).isFalse();
  }

  @Test
  void should_read_a_vote_across_a_list_in_its_order_each_strategy_once() {
    StrategySelection s = parse(List.of("direct,c3", "din", "c3", " rb-sql "), "vote");

    assertThat(s.votes()).isTrue();
    assertThat(s.strategy()).isEmpty();
    assertThat(s.voteAcross())
        .containsExactly(
            StrategyName.DIRECT, StrategyName.C3, StrategyName.DIN, StrategyName.RB_SQL);
  }

  @Test
  void should_word_every_wrong_use_with_the_callers_field_names() {
    assertThatThrownBy(() -> parse(List.of("direct,nope"), "vote"))
        .isInstanceOf(IllegalArgumentException.class)
        .hasMessageContaining("unknown strategy 'nope'");
    assertThatThrownBy(() -> parse(List.of("direct,c3"), "best"))
        .hasMessage("select takes vote, not 'best'");
    assertThatThrownBy(() -> parse(List.of("direct,c3"), null))
        .hasMessage("strategy names one strategy, or several with select vote");
    assertThatThrownBy(() -> parse(List.of("c3,c3"), "vote"))
        .hasMessageStartingWith("select vote needs at least two strategies in strategy");
  }

  @Test
  void should_keep_a_vote_in_the_users_question_and_refuse_candidates_beside_it() {
    UserIdentity ana = new UserIdentity("ana", Set.of("analyst"), Map.of());
    var voted =
        new AnswerQuestionUseCase.Command(
            ana,
            "demo",
            "how many?",
            Optional.empty(),
            OptionalInt.empty(),
            OptionalLong.empty(),
            Optional.empty(),
            List.of(StrategyName.DIRECT, StrategyName.DIN));

    assertThat(voted.voteAcross()).containsExactly(StrategyName.DIRECT, StrategyName.DIN);
    assertThatThrownBy(
            () ->
                new AnswerQuestionUseCase.Command(
                    ana,
                    "demo",
                    "how many?",
                    Optional.empty(),
                    OptionalInt.of(3),
                    OptionalLong.empty(),
                    Optional.empty(),
                    List.of(StrategyName.DIRECT, StrategyName.DIN)))
        .hasMessageContaining("one candidate from each strategy");
    assertThatThrownBy(
            () ->
                new AnswerQuestionUseCase.Command(
                    ana,
                    "demo",
                    "how many?",
                    Optional.empty(),
                    OptionalInt.empty(),
                    OptionalLong.empty(),
                    Optional.empty(),
                    List.of(StrategyName.DIRECT)))
        .hasMessageContaining("at least two strategies");
  }
}
