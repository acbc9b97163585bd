package dev.parlance.application.prompt;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.util.Map;
import org.junit.jupiter.api.Test;

class PromptTemplateTest {

  @Test
  void should_fill_every_placeholder_once_and_leave_braces_in_values_alone() {
    PromptTemplate t = PromptTemplate.of("t", "Q: {{question}}\nA: {{answer}} {{question}}");

    String filled = t.fill(Map.of("question", "what is {{answer}}?", "answer", "$1 \\ 2"));

    assertThat(filled).isEqualTo("Q: what is {{answer}}?\nA: $1 \\ 2 what is {{answer}}?");
  }

  @Test
  void should_refuse_when_a_placeholder_has_no_value_or_a_value_no_placeholder() {
    PromptTemplate t = PromptTemplate.of("t", "{{a}} {{b}}");

    assertThatThrownBy(() -> t.fill(Map.of("a", "1")))
        .isInstanceOf(IllegalArgumentException.class)
        .hasMessageContaining("[a, b]")
        .hasMessageContaining("[a]");
    assertThatThrownBy(() -> t.fill(Map.of("a", "1", "b", "2", "c", "3")))
        .isInstanceOf(IllegalArgumentException.class);
  }

  @Test
  void should_say_which_resource_is_missing() {
    assertThatThrownBy(() -> PromptTemplate.resource(PromptTemplateTest.class, "nope.txt"))
        .isInstanceOf(IllegalStateException.class)
        .hasMessageContaining("nope.txt");
  }
}
