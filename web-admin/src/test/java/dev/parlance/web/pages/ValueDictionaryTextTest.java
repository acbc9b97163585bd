package dev.parlance.web.pages;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.parlance.domain.curation.ValueLabel;
import java.util.List;
import org.junit.jupiter.api.Test;

class ValueDictionaryTextTest {

  @Test
  void should_read_one_code_a_line_and_write_it_back_the_same_way() {
    List<ValueLabel> values =
        ValueDictionaryText.parse(" 1 = open \n\nPM01 = corrective = urgent\n");

    assertThat(values)
        .containsExactly(
            new ValueLabel("1", "open"), new ValueLabel("PM01", "corrective = urgent"));
    assertThat(ValueDictionaryText.format(values))
        .isEqualTo("1 = open\nPM01 = corrective = urgent");
    assertThat(ValueDictionaryText.parse("  \n")).isEmpty();
  }

  @Test
  void should_name_the_line_of_an_entry_without_a_code_or_a_meaning() {
    assertThatThrownBy(() -> ValueDictionaryText.parse("1 = open\n= nothing"))
        .hasMessageStartingWith("values, line 2: write CODE = meaning");
    assertThatThrownBy(() -> ValueDictionaryText.parse("1 = open\n2 = "))
        .hasMessage("values, line 2: value '2' needs a label");
  }
}
