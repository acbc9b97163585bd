package dev.parlance.adapters.db.jdbc;

import static org.assertj.core.api.Assertions.assertThat;

import dev.parlance.domain.governance.ResultCut;
import dev.parlance.domain.governance.ResultLimits;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;

/** The budget a result is copied under: rows, bytes, the longest value, columns, the deadline. */
class ResultBudgetTest {

  private static final ResultLimits SMALL = new ResultLimits(4096, 100, 3);

  @Test
  void should_keep_a_value_whole_when_it_fits_and_shorten_it_with_an_ellipsis_when_not() {
    ResultBudget budget = new ResultBudget(SMALL, 10, Long.MAX_VALUE);
    String fits = "x".repeat(100);
    assertThat(budget.text(fits)).isSameAs(fits);
    String shortened = budget.text("y".repeat(101));
    assertThat(shortened).endsWith(ResultBudget.ELLIPSIS);
    assertThat(shortened.getBytes(StandardCharsets.UTF_8).length).isLessThanOrEqualTo(100);
    assertThat(budget.cuts()).containsExactly(new ResultCut(ResultCut.Reason.VALUE_BYTES, 100, 1));
    assertThat(budget.truncated()).isFalse();
  }

  @Test
  void should_never_split_a_character_when_it_shortens_text() {
    ResultBudget budget = new ResultBudget(SMALL, 10, Long.MAX_VALUE);
    String euros = "€".repeat(60); // 3 bytes each
    String fromJava = budget.text(euros);
    assertThat(fromJava).matches("€+…");
    byte[] utf8 = euros.getBytes(StandardCharsets.UTF_8);
    String fromEngine = budget.utf8(java.util.Arrays.copyOf(utf8, 100), utf8.length);
    assertThat(fromEngine).matches("€+…").doesNotContain("\uFFFD");
    String emoji = "😀".repeat(40); // a surrogate pair, 4 bytes each
    assertThat(budget.text(emoji)).matches("(😀)+…");
  }

  @Test
  void should_stop_before_the_row_that_passes_the_byte_budget() {
    ResultBudget budget = new ResultBudget(SMALL, 1000, Long.MAX_VALUE);
    List<List<Object>> rows = new ArrayList<>();
    List<Object> row = List.of("z".repeat(100), 7L, "w".repeat(100));
    while (budget.roomForRow(rows.size()) && budget.fits(row, rows.size())) {
      rows.add(row);
    }
    // (16 + 100) + (16 + 16) + (16 + 100) = 264 bytes a row: 15 rows fit 4,096.
    assertThat(rows).hasSize(15);
    assertThat(budget.truncated()).isTrue();
    assertThat(budget.cuts()).containsExactly(new ResultCut(ResultCut.Reason.BYTES, 4096, 15));
    assertThat(budget.bytes()).isLessThanOrEqualTo(4096);
  }

  @Test
  void should_stop_at_the_row_cap_and_say_so() {
    ResultBudget budget = new ResultBudget(SMALL, 2, Long.MAX_VALUE);
    int rows = 0;
    while (budget.roomForRow(rows) && budget.fits(List.of(1L), rows)) {
      rows++;
    }
    assertThat(rows).isEqualTo(2);
    assertThat(budget.cuts()).containsExactly(new ResultCut(ResultCut.Reason.ROWS, 2, 2));
  }

  @Test
  void should_leave_out_the_columns_beyond_the_most_and_count_them() {
    ResultBudget budget = new ResultBudget(SMALL, 10, Long.MAX_VALUE);
    assertThat(budget.columns(3)).isEqualTo(3);
    assertThat(budget.cuts()).isEmpty();
    assertThat(budget.columns(1700)).isEqualTo(3);
    assertThat(budget.cuts()).containsExactly(new ResultCut(ResultCut.Reason.COLUMNS, 3, 1697));
  }

  @Test
  void should_say_the_deadline_passed_when_it_did() {
    assertThat(new ResultBudget(SMALL, 10, System.nanoTime() - 1).expired()).isTrue();
    assertThat(new ResultBudget(SMALL, 10, System.nanoTime() + 60_000_000_000L).expired())
        .isFalse();
  }

  @Test
  void should_end_the_result_at_the_byte_budget_when_the_driver_refuses_to_buffer_more() {
    ResultBudget budget = new ResultBudget(SMALL, 10, Long.MAX_VALUE);
    budget.stopAtBytes(3);
    assertThat(budget.stoppedByDriver()).isTrue();
    assertThat(budget.roomForRow(3)).isFalse();
    assertThat(budget.cuts()).containsExactly(new ResultCut(ResultCut.Reason.BYTES, 4096, 3));
  }

  @Test
  void should_never_cut_when_it_is_parlances_own_statement() {
    ResultBudget budget = ResultBudget.unlimited(5);
    String big = "q".repeat(1_000_000);
    assertThat(budget.text(big)).isSameAs(big);
    assertThat(budget.columns(5_000)).isEqualTo(5_000);
    assertThat(budget.fits(List.of(big), 0)).isTrue();
    assertThat(budget.cuts()).isEmpty();
  }
}
