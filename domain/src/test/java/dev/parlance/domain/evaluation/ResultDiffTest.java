package dev.parlance.domain.evaluation;

import static dev.parlance.domain.evaluation.Results.r;
import static dev.parlance.domain.evaluation.Results.table;
import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.api.Test;

class ResultDiffTest {

  @Test
  void should_list_missing_and_extra_rows_as_multisets() {
    ResultDiff diff =
        ResultDiff.between(
            table(r(1, "a"), r(1, "a"), r(2, null)), table(r(1, "a"), r(3, "c"), r(4, "d")), 1);
    assertThat(diff.missingCount()).isEqualTo(2);
    assertThat(diff.extraCount()).isEqualTo(2);
    assertThat(diff.summary())
        .isEqualTo(
            "gold 3 rows × 2 columns, predicted 3 rows × 2 columns; 2 gold rows missing:"
                + " (1, 'a'), …; 2 extra rows: (3, 'c'), …");
  }

  @Test
  void should_say_so_when_only_the_order_differs() {
    assertThat(ResultDiff.between(table(r(1), r(2)), table(r(2), r(1)), 3).summary())
        .isEqualTo(
            "gold 2 rows × 1 column, predicted 2 rows × 1 column; same rows as multisets (they"
                + " differ in order, or in column order)");
  }
}
