package dev.parlance.adapters.llm.chat;

import static dev.parlance.adapters.llm.testing.WireServer.recorded;
import static org.assertj.core.api.Assertions.assertThat;

import dev.parlance.adapters.llm.anthropic.AnthropicChats;
import dev.parlance.adapters.llm.openai.OpenAiChats;
import dev.parlance.adapters.llm.testing.WireServer;
import dev.parlance.domain.completion.CompleteChatPort;
import dev.parlance.domain.completion.Completion;
import dev.parlance.domain.completion.CompletionFailure;
import dev.parlance.domain.completion.CompletionRequest;
import dev.parlance.domain.completion.Completions;
import dev.parlance.domain.completion.FailureKind;
import dev.parlance.domain.completion.ModelPrice;
import java.time.Duration;
import java.util.List;
import java.util.concurrent.atomic.AtomicInteger;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

class FallbackTest {

  private static final CompletionRequest QUESTION =
      CompletionRequest.of("Which installation has the most open maintenance orders?");
  private static final RetryPolicy NO_SLEEP =
      RetryPolicy.defaults().withMaxRetries(1).withPause(d -> {});

  private final WireServer openai = WireServer.start();
  private final WireServer anthropic = WireServer.start();

  @AfterEach
  void stop() {
    openai.close();
    anthropic.close();
  }

  private CompleteChatPort chain() {
    return ChatPorts.withFallback(
        List.of(
            OpenAiChats.builder()
                .baseUrl(openai.baseUrl() + "/v1")
                .apiKey("sk-test")
                .model("gpt-4o-mini")
                .retry(NO_SLEEP)
                .price(ModelPrice.perMillion("0.15", "0.60"))
                .build(),
            AnthropicChats.builder()
                .baseUrl(anthropic.baseUrl() + "/v1/")
                .apiKey("sk-ant-test")
                .model("claude-3-5-haiku-latest")
                .retry(NO_SLEEP)
                .price(ModelPrice.perMillion("0.80", "4.00"))
                .build()));
  }

  @Test
  void should_rehearse_every_vendor_of_the_chain_without_a_request_to_any() {
    assertThat(chain().rehearse()).isTrue();
    assertThat(openai.received()).isEmpty();
    assertThat(anthropic.received()).isEmpty();
  }

  @Test
  void should_answer_from_the_next_vendor_when_the_first_keeps_failing() {
    openai.replies(recorded(500, "openai/server-error.json"));
    anthropic.replies(recorded(200, "anthropic/messages-success.json"));

    Completions result = chain().complete(QUESTION);

    Completion c = result.first();
    assertThat(c.vendor()).isEqualTo("anthropic");
    assertThat(result.failures())
        .singleElement()
        .satisfies(
            f -> {
              assertThat(f.vendor()).isEqualTo("openai");
              assertThat(f.kind()).isEqualTo(FailureKind.UNAVAILABLE);
              assertThat(f.attempts()).isEqualTo(2);
            });
    assertThat(openai.received()).hasSize(2);
    assertThat(anthropic.received()).hasSize(1);
    // Anthropic's recorded 212 + 17 tokens at $0.80 / $4.00 per million.
    assertThat(result.cost().usd()).isEqualByComparingTo("0.0002376");
  }

  @Test
  void should_not_ask_the_next_vendor_when_the_first_answers() {
    openai.replies(recorded(200, "openai/chat-success.json"));

    Completions result = chain().complete(QUESTION.withSamples(2).withTemperature(0.8));

    assertThat(result.completions()).extracting(Completion::vendor).containsOnly("openai");
    assertThat(anthropic.received()).isEmpty();
  }

  @Test
  void should_not_shop_for_a_vendor_that_complies_when_the_model_refuses() {
    openai.replies(recorded(200, "openai/refusal.json"));
    anthropic.replies(recorded(200, "anthropic/messages-success.json"));

    Completions result = chain().complete(QUESTION);

    assertThat(result.isEmpty()).isTrue();
    assertThat(result.firstFailure().orElseThrow().kind()).isEqualTo(FailureKind.REFUSED);
    assertThat(anthropic.received()).isEmpty();
  }

  @Test
  void should_ask_the_next_vendor_only_for_the_samples_the_first_missed() {
    AtomicInteger calls = new AtomicInteger();
    CompleteChatPort flaky =
        request -> {
          Completions c = new Completions(List.of(), List.of());
          for (int i = 0; i < request.samples(); i++) {
            c =
                c.plus(
                    calls.incrementAndGet() % 2 == 0
                        ? Completions.failed(
                            CompletionFailure.of(
                                FailureKind.TIMEOUT, "a", "m", "slow", Duration.ofSeconds(1), 1))
                        : Completions.of(completion("a")));
          }
          return c;
        };
    AtomicInteger asked = new AtomicInteger();
    CompleteChatPort backup =
        request -> {
          asked.set(request.samples());
          Completions c = new Completions(List.of(), List.of());
          for (int i = 0; i < request.samples(); i++) {
            c = c.plus(Completions.of(completion("b")));
          }
          return c;
        };

    Completions result =
        ChatPorts.withFallback(List.of(flaky, backup)).complete(QUESTION.withSamples(4));

    assertThat(asked).hasValue(2);
    assertThat(result.completions())
        .extracting(Completion::vendor)
        .containsExactly("a", "a", "b", "b");
    assertThat(result.failures()).hasSize(2);
  }

  private static Completion completion(String vendor) {
    return new Completion(
        "SELECT 1",
        dev.parlance.domain.completion.TokenUsage.NONE,
        dev.parlance.domain.completion.Cost.ZERO,
        vendor,
        "m",
        Duration.ofMillis(5),
        1,
        Completion.Ending.FINISHED);
  }
}
