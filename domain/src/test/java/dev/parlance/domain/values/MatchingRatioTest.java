package dev.parlance.domain.values;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;

import org.junit.jupiter.api.Test;

class MatchingRatioTest {

  @Test
  void should_agree_with_pythons_sequence_matcher_when_strings_share_blocks() {
    // difflib.SequenceMatcher(None, "ibx15", "ibx-15").ratio() == 0.9090909090909091
    assertThat(MatchingRatio.of("IBX15", "IBX-15")).isCloseTo(10.0 / 11, within(1e-12));
    // difflib.SequenceMatcher(None, "abcd", "bcde").ratio() == 0.75
    assertThat(MatchingRatio.of("abcd", "bcde")).isEqualTo(0.75);
    // difflib.SequenceMatcher(None, "fresno", "fresno county").ratio() == 0.631578947368421
    assertThat(MatchingRatio.of("Fresno", "Fresno County")).isCloseTo(12.0 / 19, within(1e-12));
  }

  @Test
  void should_be_one_for_equal_strings_whatever_the_case_and_zero_for_disjoint_ones() {
    assertThat(MatchingRatio.of("Macae", "MACAE")).isEqualTo(1.0);
    assertThat(MatchingRatio.of("abc", "xyz")).isZero();
    assertThat(MatchingRatio.of("", "")).isEqualTo(1.0);
  }
}
