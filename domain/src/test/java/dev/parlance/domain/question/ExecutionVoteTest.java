package dev.parlance.domain.question;

import static org.assertj.core.api.Assertions.assertThat;

import dev.parlance.domain.question.ExecutionVote.Ballot;
import java.math.BigDecimal;
import java.util.Arrays;
import java.util.List;
import org.junit.jupiter.api.Test;

class ExecutionVoteTest {

  private static List<List<Object>> rows(Object[]... rows) {
    return Arrays.stream(rows).map(r -> Arrays.asList(r)).toList();
  }

  private static Ballot ran(int i, boolean ordered, Object[]... rows) {
    return Ballot.ran(i, ResultKey.of(rows(rows), ordered));
  }

  @Test
  void should_choose_the_largest_group_and_report_its_share_when_results_differ() {
    var result =
        ExecutionVote.vote(
            List.of(
                ran(0, false, new Object[] {"IBX-15", 42L}),
                ran(1, false, new Object[] {"RJS-12", 40L}),
                ran(2, false, new Object[] {"IBX-15", 42L}),
                Ballot.failed(3),
                ran(4, false, new Object[] {"IBX-15", 42L})));

    assertThat(result.winner().orElseThrow().members()).containsExactly(0, 2, 4);
    assertThat(result.confidence()).isEqualTo(0.6);
    assertThat(result.groups()).hasSize(2);
    assertThat(result.sure(0.5)).isTrue();
    assertThat(result.sure(0.7)).isFalse();
  }

  @Test
  void should_give_a_tie_to_the_group_whose_member_came_first() {
    var result =
        ExecutionVote.vote(
            List.of(
                ran(0, false, new Object[] {"b"}),
                ran(1, false, new Object[] {"a"}),
                ran(2, false, new Object[] {"a"}),
                ran(3, false, new Object[] {"b"})));

    assertThat(result.winner().orElseThrow().first()).isZero();
    assertThat(result.confidence()).isEqualTo(0.5);
  }

  @Test
  void should_have_no_winner_and_zero_confidence_when_every_candidate_failed() {
    var result = ExecutionVote.vote(List.of(Ballot.failed(0), Ballot.failed(1)));

    assertThat(result.allFailed()).isTrue();
    assertThat(result.winner()).isEmpty();
    assertThat(result.confidence()).isZero();
    assertThat(result.sure(0.0)).isFalse();
  }

  @Test
  void should_ignore_row_order_when_no_statement_orders_its_result() {
    var result =
        ExecutionVote.vote(
            List.of(
                ran(0, false, new Object[] {"a"}, new Object[] {"b"}),
                ran(1, false, new Object[] {"b"}, new Object[] {"a"})));

    assertThat(result.groups()).hasSize(1);
    assertThat(result.confidence()).isEqualTo(1.0);
  }

  @Test
  void should_split_ordered_results_whose_orders_differ() {
    var result =
        ExecutionVote.vote(
            List.of(
                ran(0, true, new Object[] {"a"}, new Object[] {"b"}),
                ran(1, true, new Object[] {"b"}, new Object[] {"a"}),
                ran(2, true, new Object[] {"b"}, new Object[] {"a"})));

    assertThat(result.winner().orElseThrow().members()).containsExactly(1, 2);
    assertThat(result.groups()).hasSize(2);
  }

  @Test
  void should_let_an_unordered_result_agree_with_the_first_ordered_reading_of_its_rows() {
    var result =
        ExecutionVote.vote(
            List.of(
                ran(0, true, new Object[] {"a"}, new Object[] {"b"}),
                ran(1, true, new Object[] {"b"}, new Object[] {"a"}),
                ran(2, false, new Object[] {"b"}, new Object[] {"a"})));

    assertThat(result.winner().orElseThrow().members()).containsExactly(0, 2);
  }

  @Test
  void should_count_duplicate_rows_when_comparing_multisets() {
    var result =
        ExecutionVote.vote(
            List.of(
                ran(0, false, new Object[] {"a"}, new Object[] {"a"}),
                ran(1, false, new Object[] {"a"})));

    assertThat(result.groups()).hasSize(2);
  }

  @Test
  void should_treat_driver_number_types_alike_when_values_are_equal() {
    var result =
        ExecutionVote.vote(
            List.of(
                ran(0, false, new Object[] {42L, 2.5, null}),
                ran(1, false, new Object[] {42, new BigDecimal("2.50"), null}),
                ran(2, false, new Object[] {42.0, 2.5000000000001, null})));

    assertThat(result.groups()).hasSize(1);
  }

  @Test
  void should_keep_text_and_numbers_apart() {
    var result =
        ExecutionVote.vote(
            List.of(ran(0, false, new Object[] {"1"}), ran(1, false, new Object[] {1L})));

    assertThat(result.groups()).hasSize(2);
  }

  @Test
  void should_group_two_empty_results() {
    var result = ExecutionVote.vote(List.of(ran(0, false), ran(1, true), Ballot.failed(2)));

    assertThat(result.winner().orElseThrow().members()).containsExactly(0, 1);
    assertThat(result.winner().orElseThrow().rows()).isZero();
  }
}
