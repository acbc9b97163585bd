package dev.parlance.domain.evaluation;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.api.Test;

class SpiderRewritesTest {

  @Test
  void should_drop_every_distinct_token_when_removing_distinct() {
    assertThat(SpiderRewrites.removeDistinct("SELECT DISTINCT a FROM t"))
        .isEqualTo("SELECT  a FROM t");
    assertThat(SpiderRewrites.removeDistinct("select count(distinct a), Distinct(b) from t"))
        .isEqualTo("select count( a), (b) from t");
    assertThat(SpiderRewrites.removeDistinct("SELECT T1.distinct FROM t AS T1"))
        .isEqualTo("SELECT T1. FROM t AS T1");
  }

  @Test
  void should_keep_distinct_when_inside_a_string_an_identifier_or_a_longer_word() {
    assertThat(SpiderRewrites.removeDistinct("SELECT a FROM t WHERE b = 'distinct'"))
        .isEqualTo("SELECT a FROM t WHERE b = 'distinct'");
    assertThat(SpiderRewrites.removeDistinct("SELECT \"distinct\", distinct_count FROM t"))
        .isEqualTo("SELECT \"distinct\", distinct_count FROM t");
    assertThat(SpiderRewrites.removeDistinct("SELECT a FROM t WHERE b = 'it''s distinct'"))
        .isEqualTo("SELECT a FROM t WHERE b = 'it''s distinct'");
  }

  @Test
  void should_keep_only_the_first_statement_when_removing_distinct() {
    // parse.py takes sqlparse.parse(s)[0], the first statement.
    assertThat(SpiderRewrites.removeDistinct("SELECT a FROM t; DROP TABLE t"))
        .isEqualTo("SELECT a FROM t;");
    assertThat(SpiderRewrites.removeDistinct("SELECT a FROM t WHERE b = 'x;y'"))
        .isEqualTo("SELECT a FROM t WHERE b = 'x;y'");
  }

  @Test
  void should_close_up_spaced_comparisons_anywhere() {
    assertThat(SpiderRewrites.closeComparisons("a > = 1 AND b < = 2 AND c ! = 3 AND d = '> ='"))
        .isEqualTo("a >= 1 AND b <= 2 AND c != 3 AND d = '>='");
  }

  @Test
  void should_replace_the_current_year_and_the_blanks_after_it() {
    assertThat(SpiderRewrites.replaceCurrentYear("SELECT year ( curdate ( ) )  - 1"))
        .isEqualTo("SELECT 2020- 1");
  }

  @Test
  void should_let_order_matter_only_when_the_gold_says_order_by_with_one_space() {
    assertThat(SpiderRewrites.orderMatters("SELECT a FROM t Order By a")).isTrue();
    assertThat(SpiderRewrites.orderMatters("SELECT a FROM t ORDER  BY a")).isFalse();
    assertThat(SpiderRewrites.orderMatters("SELECT a FROM t WHERE b = 'order by'")).isTrue();
    assertThat(SpiderRewrites.orderMatters("SELECT max(a) FROM t")).isFalse();
  }

  @Test
  void should_fill_value_placeholders_only_between_spaces() {
    assertThat(SpiderRewrites.fillValuePlaceholders("WHERE a = value AND b = value "))
        .isEqualTo("WHERE a = 1 AND b = 1 ");
    // Python's str.replace does not overlap matches: the second 'value' lost its leading space.
    assertThat(SpiderRewrites.fillValuePlaceholders("x value value y")).isEqualTo("x 1 value y");
    assertThat(SpiderRewrites.fillValuePlaceholders("WHERE a = value"))
        .isEqualTo("WHERE a = value");
  }
}
