package dev.parlance.domain.evaluation;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.Set;
import org.junit.jupiter.api.Test;

class SqlValueTest {

  @Test
  void should_equal_a_real_of_the_same_value_when_an_integer_like_python() {
    assertThat(SqlValue.of(2)).isEqualTo(SqlValue.of(2.0));
    assertThat(SqlValue.of(2.0)).isEqualTo(SqlValue.of(2));
    assertThat(SqlValue.of(2).hashCode()).isEqualTo(SqlValue.of(2.0).hashCode());
    assertThat(Set.of(SqlValue.of(2))).contains(SqlValue.of(2.0));
  }

  @Test
  void should_compare_integers_and_reals_exactly_when_beyond_double_precision() {
    // Python: 2**53 + 1 == float(2**53 + 1) is False, the float rounds to 2**53.
    long big = (1L << 53) + 1;
    assertThat(SqlValue.of(big)).isNotEqualTo(SqlValue.of((double) big));
    assertThat(SqlValue.of(1L << 53)).isEqualTo(SqlValue.of((double) (1L << 53)));
  }

  @Test
  void should_equal_positive_zero_when_negative_zero() {
    assertThat(SqlValue.of(-0.0)).isEqualTo(SqlValue.of(0.0));
    assertThat(SqlValue.of(-0.0).hashCode()).isEqualTo(SqlValue.of(0.0).hashCode());
    assertThat(SqlValue.of(-0.0)).isEqualTo(SqlValue.of(0));
  }

  @Test
  void should_never_equal_a_number_when_text() {
    assertThat(SqlValue.of("1")).isNotEqualTo(SqlValue.of(1));
    assertThat(SqlValue.of("1.0")).isNotEqualTo(SqlValue.of(1.0));
  }

  @Test
  void should_equal_only_null_when_null() {
    assertThat(SqlValue.NULL).isEqualTo(new SqlValue.Null());
    assertThat(SqlValue.NULL).isNotEqualTo(SqlValue.of(0));
    assertThat(SqlValue.NULL).isNotEqualTo(SqlValue.of(""));
    assertThat(SqlValue.NULL).isNotEqualTo(SqlValue.of("None"));
  }

  @Test
  void should_compare_blobs_by_content_and_never_with_text() {
    assertThat(SqlValue.of(new byte[] {1, 2})).isEqualTo(SqlValue.of(new byte[] {1, 2}));
    assertThat(SqlValue.of(new byte[] {'a'})).isNotEqualTo(SqlValue.of("a"));
  }

  @Test
  void should_display_values_as_a_report_shows_them() {
    assertThat(Results.row(1, 2.5, "it's", null, new byte[] {'a', (byte) 0xff}))
        .extracting(SqlValue::display)
        .containsExactly("1", "2.5", "'it''s'", "NULL", "b'a\\xff'");
  }
}
