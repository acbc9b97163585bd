package dev.parlance.domain.completion;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.math.BigDecimal;
import java.time.Duration;
import org.junit.jupiter.api.Test;

class CompletionsTest {

  private static Completion completion(long in, long out, Cost cost) {
    return new Completion(
        "SELECT 1",
        new TokenUsage(in, out),
        cost,
        "openai",
        "gpt-4o-mini",
        Duration.ofMillis(300),
        1,
        Completion.Ending.FINISHED);
  }

  @Test
  void should_price_tokens_per_million_exactly() {
    ModelPrice price = ModelPrice.perMillion("0.15", "0.60");

    assertThat(price.costOf(new TokenUsage(1_000_000, 0)).usd()).isEqualByComparingTo("0.15");
    assertThat(price.costOf(new TokenUsage(212, 17)).usd()).isEqualByComparingTo("0.0000420");
    assertThat(price.times(new BigDecimal("0.5")).costOf(new TokenUsage(212, 17)).usd())
        .isEqualByComparingTo("0.0000210");
  }

  @Test
  void should_add_up_usage_and_cost_of_answers_and_failures() {
    CompletionFailure refused =
        new CompletionFailure(
            FailureKind.REFUSED,
            "anthropic",
            "claude",
            "no",
            new TokenUsage(54, 3),
            Cost.of(new BigDecimal("0.0001")),
            Duration.ofMillis(100),
            1);
    Completions all =
        Completions.of(completion(100, 10, Cost.of(new BigDecimal("0.0002"))))
            .plus(Completions.failed(refused));

    assertThat(all.usage()).isEqualTo(new TokenUsage(154, 13));
    assertThat(all.cost().usd()).isEqualByComparingTo("0.0003");
    assertThat(all.texts()).containsExactly("SELECT 1");
  }

  @Test
  void should_show_a_lower_bound_when_some_calls_have_no_price() {
    Cost cost = Cost.of(new BigDecimal("0.0004")).plus(Cost.unpriced());

    assertThat(cost.isKnown()).isFalse();
    assertThat(cost.display()).isEqualTo("≥ $0.000400 (1 call without a configured price)");
    assertThat(Cost.of(new BigDecimal("0.0007")).display()).isEqualTo("$0.000700");
  }

  @Test
  void should_throw_the_first_failure_when_an_answer_is_needed_and_none_came() {
    Completions none =
        Completions.failed(
            CompletionFailure.of(
                FailureKind.TIMEOUT,
                "ollama",
                "llama3.2",
                "no answer within 60000 ms",
                Duration.ZERO,
                1));

    assertThatThrownBy(none::first)
        .isInstanceOf(CompletionFailedException.class)
        .hasMessage(
            "the language model gave no answer: ollama llama3.2: TIMEOUT: no answer within 60000 ms");
  }

  @Test
  void should_reject_requests_that_no_vendor_would_take() {
    CompletionRequest ok = CompletionRequest.of("q?");

    assertThatThrownBy(() -> ok.withTemperature(2.5)).isInstanceOf(IllegalArgumentException.class);
    assertThatThrownBy(() -> ok.withSamples(0)).isInstanceOf(IllegalArgumentException.class);
    assertThatThrownBy(() -> ok.withMaxTokens(0)).isInstanceOf(IllegalArgumentException.class);
    assertThatThrownBy(
            () ->
                new CompletionRequest(
                    java.util.List.of(PromptMessage.system("only instructions")), 0, 10, 1))
        .hasMessageContaining("user message");
  }

  @Test
  void should_append_a_correction_round_to_the_conversation() {
    CompletionRequest first = CompletionRequest.of("You write SQL.", "Open orders?");

    CompletionRequest second =
        first.followedBy(
            PromptMessage.assistant("SELECT * FROM TB_MO WHERE MO_ST = 'open'"),
            PromptMessage.user("It returned no rows: MO_ST is 1 for open orders."));

    assertThat(second.messages()).hasSize(4);
    assertThat(second.messages().get(2).role()).isEqualTo(PromptMessage.Role.ASSISTANT);
  }

  @Test
  void should_collapse_a_vendors_multi_line_message_to_one_line() {
    CompletionFailure f =
        CompletionFailure.of(
            FailureKind.OTHER, "openai", "m", "line one\n   line two", Duration.ZERO, 1);

    assertThat(f.message()).isEqualTo("line one line two");
  }
}
