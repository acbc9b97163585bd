package dev.parlance.domain.values;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.api.Test;

class QuestionPhrasesTest {

  @Test
  void should_keep_codes_whole_and_drop_phrases_that_start_or_end_with_stop_words() {
    var phrases = QuestionPhrases.of("Which IBX-15 recommendations are expired?", 2);

    assertThat(phrases)
        .contains("IBX-15", "recommendations", "expired", "IBX-15 recommendations")
        .doesNotContain("Which", "are", "recommendations are");
  }

  @Test
  void should_add_quoted_text_as_written() {
    assertThat(QuestionPhrases.of("orders described as \"vazamento na gaxeta\"", 1))
        .contains("vazamento na gaxeta");
  }
}
