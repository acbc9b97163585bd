package dev.parlance.domain.evaluation;

import static dev.parlance.domain.evaluation.Results.empty;
import static dev.parlance.domain.evaluation.Results.r;
import static dev.parlance.domain.evaluation.Results.table;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.assertj.core.api.Assertions.within;

import org.junit.jupiter.api.Test;

class JaccardProcedureTest {

  private static final JaccardThresholds DEFAULTS = JaccardThresholds.DEFAULTS;

  @Test
  void should_accept_identical_tables() {
    var outcome = JaccardProcedure.compare(table(r(1, "a")), table(r(1, "a")), DEFAULTS);
    assertThat(outcome.correct()).isTrue();
    assertThat(outcome.tableSimilarity()).isEqualTo(1.0);
  }

  @Test
  void should_accept_extra_predicted_columns_and_another_column_order() {
    var outcome =
        JaccardProcedure.compare(
            table(r(1, "a"), r(2, "b")), table(r("b", 2, 9.5), r("a", 1, 7.0)), DEFAULTS);
    assertThat(outcome.correct()).isTrue();
    assertThat(outcome.matched()).containsExactly(1, 0);
  }

  @Test
  void should_fail_when_a_gold_column_finds_no_partner_and_tn_is_one() {
    var outcome =
        JaccardProcedure.compare(table(r(1, "a"), r(2, "b")), table(r(1), r(2)), DEFAULTS);
    assertThat(outcome.correct()).isFalse();
    assertThat(outcome.coverage()).isEqualTo(0.5);
    // With tn = 0.5 the matched column alone decides.
    assertThat(
            JaccardProcedure.compare(
                    table(r(1, "a"), r(2, "b")),
                    table(r(1), r(2)),
                    new JaccardThresholds(0.5, 0.5, 0.9))
                .correct())
        .isTrue();
  }

  @Test
  void should_tolerate_a_few_different_rows_down_to_tq() {
    Object[][] gold = new Object[10][];
    Object[][] predicted = new Object[10][];
    for (int i = 0; i < 10; i++) {
      gold[i] = r(i);
      predicted[i] = r(i == 9 ? 99 : i);
    }
    var outcome = JaccardProcedure.compare(table(gold), table(predicted), DEFAULTS);
    // 9 common rows of 11 distinct: 0.818 < 0.9.
    assertThat(outcome.tableSimilarity()).isCloseTo(9.0 / 11, within(1e-9));
    assertThat(outcome.correct()).isFalse();
    assertThat(
            JaccardProcedure.compare(
                    table(gold), table(predicted), new JaccardThresholds(0.5, 1, 0.8))
                .correct())
        .isTrue();
  }

  @Test
  void should_accept_two_empty_results_and_reject_one() {
    assertThat(JaccardProcedure.compare(empty(2), empty(2), DEFAULTS).correct()).isTrue();
    assertThat(JaccardProcedure.compare(empty(1), table(r(1)), DEFAULTS).correct()).isFalse();
  }

  @Test
  void should_match_each_predicted_column_once() {
    // Both gold columns are most similar to the single predicted column; only one may take it.
    var outcome = JaccardProcedure.compare(table(r(1, 1), r(2, 2)), table(r(1), r(2)), DEFAULTS);
    assertThat(outcome.matched()).containsExactly(0, -1);
    assertThat(outcome.correct()).isFalse();
  }

  @Test
  void should_refuse_thresholds_outside_zero_to_one() {
    assertThatThrownBy(() -> new JaccardThresholds(1.5, 1, 1))
        .isInstanceOf(IllegalArgumentException.class)
        .hasMessageContaining("tc");
    assertThat(DEFAULTS.describe()).isEqualTo("tc=0.5 tn=1.0 tq=0.9");
  }
}
