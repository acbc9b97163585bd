package dev.parlance.adapters.llm.tokens;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.api.Test;

class TokenizersTest {

  @Test
  void should_count_tokens_offline_with_the_models_tokenizer() {
    var counter = Tokenizers.openAi("gpt-4o");

    assertThat(counter.count("")).isZero();
    assertThat(counter.count("hello world")).isEqualTo(2);
    assertThat(counter.count("CREATE TABLE TB_MO (MO_ID INTEGER PRIMARY KEY)")).isBetween(8L, 20L);
    assertThat(counter.tokenizer()).contains("gpt-4o");
  }
}
