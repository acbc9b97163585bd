package dev.parlance.domain.governance;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.util.List;
import org.junit.jupiter.api.Test;

/** A result says when it is cut, by which limit, in a user's words. */
class ResultCutTest {

  private static final List<ResultColumn> ONE = List.of(new ResultColumn("n", "INTEGER"));

  @Test
  void should_name_the_row_cap_when_a_result_is_only_said_to_be_truncated() {
    QueryResult r = new QueryResult(ONE, List.of(List.of(1L), List.of(2L)), true, 1, "q", "q");
    assertThat(r.cuts()).containsExactly(new ResultCut(ResultCut.Reason.ROWS, 2, 2));
    assertThat(r.cutExplanation()).isEqualTo("cut at 2 rows (the row cap)");
  }

  @Test
  void should_be_truncated_when_the_byte_budget_cut_it() {
    QueryResult r =
        new QueryResult(
            ONE,
            List.of(List.of(1L)),
            false,
            1,
            "q",
            "q",
            List.of(
                new ResultCut(ResultCut.Reason.BYTES, 16L << 20, 1),
                new ResultCut(ResultCut.Reason.VALUE_BYTES, 32_767, 60)));
    assertThat(r.truncated()).isTrue();
    assertThat(r.cutExplanation())
        .isEqualTo(
            "cut after 1 row at 16 MiB of values (the result's memory budget); 60 values longer"
                + " than 32,767 bytes shortened (ending in …)");
  }

  @Test
  void should_not_be_truncated_when_only_values_were_shortened_or_columns_left_out() {
    QueryResult r =
        new QueryResult(
            ONE,
            List.of(List.of(1L)),
            false,
            1,
            "q",
            "q",
            List.of(new ResultCut(ResultCut.Reason.COLUMNS, 500, 1200)));
    assertThat(r.truncated()).isFalse();
    assertThat(r.cut(ResultCut.Reason.COLUMNS)).isPresent();
    assertThat(r.cutExplanation())
        .isEqualTo("1,200 columns left out: at most 500 columns are shown");
  }

  @Test
  void should_be_whole_when_nothing_cut_it() {
    QueryResult r = new QueryResult(ONE, List.of(List.of(1L)), false, 1, "q", "q");
    assertThat(r.cuts()).isEmpty();
    assertThat(r.cutExplanation()).isEmpty();
  }

  @Test
  void should_refuse_limits_that_leave_no_room() {
    assertThatThrownBy(() -> new ResultLimits(10, 100, 1))
        .isInstanceOf(IllegalArgumentException.class);
    assertThatThrownBy(() -> new ResultLimits(4096, 100, 0))
        .isInstanceOf(IllegalArgumentException.class);
    assertThat(ResultLimits.defaults().maxBytes()).isEqualTo(16L << 20);
  }
}
