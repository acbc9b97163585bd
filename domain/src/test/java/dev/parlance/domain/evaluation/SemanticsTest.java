package dev.parlance.domain.evaluation;

import static dev.parlance.domain.evaluation.Results.empty;
import static dev.parlance.domain.evaluation.Results.r;
import static dev.parlance.domain.evaluation.Results.table;
import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.api.Test;

/**
 * Where BIRD's and Spider's official rules agree and where they differ, on result values. Each
 * expectation names the rule of the official code that gives it: BIRD {@code calculate_ex} is
 * {@code set(predicted) == set(gold)}; Spider {@code result_eq} is described on {@link
 * ResultComparison#sameUpToColumnPermutation}.
 */
class SemanticsTest {

  private static final String UNORDERED = "SELECT a FROM t";
  private static final String ORDERED = "SELECT a FROM t ORDER BY a";

  private static boolean bird(ResultTable gold, ResultTable predicted) {
    EvaluationSemantics s = EvaluationSemantics.bird();
    return s.sameResult(s.prepare(UNORDERED, UNORDERED), gold, predicted);
  }

  private static boolean spider(String goldSql, ResultTable gold, ResultTable predicted) {
    EvaluationSemantics s = EvaluationSemantics.spider();
    return s.sameResult(s.prepare(goldSql, "SELECT 1"), gold, predicted);
  }

  @Test
  void should_differ_on_duplicate_rows_when_only_spider_counts_them() {
    ResultTable gold = table(r(1), r(1), r(2));
    ResultTable predicted = table(r(1), r(2));
    assertThat(bird(gold, predicted)).isTrue(); // sets {1, 2} == {1, 2}
    assertThat(spider(UNORDERED, gold, predicted)).isFalse(); // row counts 3 != 2
    // Same row count, different multiplicities: Spider's multiset_eq still tells them apart.
    assertThat(bird(table(r(1), r(1), r(2)), table(r(1), r(2), r(2)))).isTrue();
    assertThat(spider(UNORDERED, table(r(1), r(1), r(2)), table(r(1), r(2), r(2)))).isFalse();
  }

  @Test
  void should_differ_on_row_order_when_the_gold_orders_and_only_spider_looks() {
    ResultTable gold = table(r(1), r(2), r(3));
    ResultTable reversed = table(r(3), r(2), r(1));
    assertThat(bird(gold, reversed)).isTrue(); // sets ignore order
    assertThat(spider(ORDERED, gold, reversed)).isFalse(); // 'order by' in gold: lists compared
    assertThat(spider(UNORDERED, gold, reversed)).isTrue(); // no 'order by': multisets
  }

  @Test
  void should_differ_on_column_order_when_only_spider_permutes_columns() {
    ResultTable gold = table(r(1, "a"), r(2, "b"));
    ResultTable swapped = table(r("a", 1), r("b", 2));
    assertThat(bird(gold, swapped)).isFalse(); // tuples (1,'a') != ('a',1)
    assertThat(spider(UNORDERED, gold, swapped)).isTrue(); // a column permutation matches
  }

  @Test
  void should_reject_a_column_permutation_that_fits_each_column_but_not_the_rows() {
    // Columns hold the same values but pair them differently: no permutation makes rows equal.
    ResultTable gold = table(r(1, 2), r(2, 1));
    ResultTable predicted = table(r(1, 1), r(2, 2));
    assertThat(spider(UNORDERED, gold, predicted)).isFalse();
    assertThat(bird(gold, predicted)).isFalse();
  }

  @Test
  void should_find_the_permutation_when_many_columns_repeat_values() {
    ResultTable gold = table(r(1, 1, 2, 3, "x"), r(1, 2, 2, 3, "y"));
    ResultTable predicted = table(r("x", 3, 2, 1, 1), r("y", 3, 2, 2, 1));
    assertThat(spider(UNORDERED, gold, predicted)).isTrue();
    assertThat(bird(gold, predicted)).isFalse();
  }

  @Test
  void should_agree_that_two_empty_results_are_equal_whatever_their_columns() {
    // BIRD: set() == set(). Spider: 'if len(result1) == 0 and len(result2) == 0: return True'.
    assertThat(bird(empty(1), empty(3))).isTrue();
    assertThat(spider(UNORDERED, empty(1), empty(3))).isTrue();
    assertThat(bird(empty(1), table(r(1)))).isFalse();
    assertThat(spider(UNORDERED, empty(1), table(r(1)))).isFalse();
    assertThat(spider(UNORDERED, table(r(1)), empty(1))).isFalse();
  }

  @Test
  void should_agree_that_null_equals_null_and_nothing_else() {
    // Python: None == None; None != 0, None != ''.
    assertThat(bird(table(r((Object) null)), table(r((Object) null)))).isTrue();
    assertThat(spider(UNORDERED, table(r((Object) null)), table(r((Object) null)))).isTrue();
    assertThat(bird(table(r((Object) null)), table(r(0)))).isFalse();
    assertThat(spider(UNORDERED, table(r((Object) null)), table(r("")))).isFalse();
    assertThat(spider(UNORDERED, table(r(null, 1)), table(r(1, null)))).isTrue();
  }

  @Test
  void should_agree_that_floats_compare_exactly_and_integers_equal_integral_reals() {
    // Python: 0.1 + 0.2 != 0.3, and 2 == 2.0.
    assertThat(bird(table(r(0.3)), table(r(0.1 + 0.2)))).isFalse();
    assertThat(spider(UNORDERED, table(r(0.3)), table(r(0.1 + 0.2)))).isFalse();
    assertThat(bird(table(r(2)), table(r(2.0)))).isTrue();
    assertThat(spider(UNORDERED, table(r(2)), table(r(2.0)))).isTrue();
  }

  @Test
  void should_agree_that_text_never_equals_a_number() {
    // Python: '1' != 1.
    assertThat(bird(table(r("1")), table(r(1)))).isFalse();
    assertThat(spider(UNORDERED, table(r("1")), table(r(1)))).isFalse();
    assertThat(bird(table(r("2.0")), table(r(2.0)))).isFalse();
  }

  @Test
  void should_reject_an_integral_real_next_to_text_in_spider_alone_as_its_quick_rejection_does() {
    // Spider's quick_rej sorts each row by str(v) + str(type(v)) before comparing:
    // gold (1, '1.5') sorts to ('1.5', 1) because "1<class 'int'>" > "1.5<class 'str'>", while
    // (1.0, '1.5') sorts to (1.0, '1.5') because "1.0<class 'float'>" < "1.5<class 'str'>";
    // the sorted rows differ, so result_eq returns False although (1, '1.5') == (1.0, '1.5').
    ResultTable gold = table(r(1, "1.5"));
    ResultTable predicted = table(r(1.0, "1.5"));
    assertThat(bird(gold, predicted)).isTrue();
    assertThat(spider(UNORDERED, gold, predicted)).isFalse();
  }

  @Test
  void should_refuse_different_widths_in_both_when_rows_are_present() {
    assertThat(bird(table(r(1)), table(r(1, 1)))).isFalse();
    assertThat(spider(UNORDERED, table(r(1)), table(r(1, 1)))).isFalse();
  }

  @Test
  void should_rewrite_both_queries_as_the_spider_evaluator_does_before_running_them() {
    var prepared =
        EvaluationSemantics.spider()
            .prepare(
                "SELECT DISTINCT name FROM t WHERE age > = 3 ORDER BY name",
                "select distinct name from t where x = value and y = YEAR(CURDATE()) ");
    assertThat(prepared.gold()).isEqualTo("SELECT  name FROM t WHERE age >= 3 ORDER BY name");
    assertThat(prepared.predicted()).isEqualTo("select  name from t where x = 1 and y = 2020");
    assertThat(prepared.orderMatters()).isTrue();
  }

  @Test
  void should_keep_distinct_when_asked() {
    var prepared =
        EvaluationSemantics.parse("spider-keep-distinct")
            .prepare("SELECT DISTINCT a FROM t", "SELECT DISTINCT a FROM t");
    assertThat(prepared.gold()).isEqualTo("SELECT DISTINCT a FROM t");
  }

  @Test
  void should_run_the_queries_as_given_when_bird() {
    var prepared =
        EvaluationSemantics.bird()
            .prepare(" SELECT DISTINCT a FROM t ORDER BY a ", "SELECT DISTINCT a FROM t");
    assertThat(prepared.gold()).isEqualTo("SELECT DISTINCT a FROM t ORDER BY a");
    assertThat(prepared.predicted()).isEqualTo("SELECT DISTINCT a FROM t");
    assertThat(prepared.orderMatters()).isFalse();
    assertThat(EvaluationSemantics.bird().timeout()).hasSeconds(30);
    assertThat(EvaluationSemantics.spider().timeout()).hasSeconds(60);
  }
}
