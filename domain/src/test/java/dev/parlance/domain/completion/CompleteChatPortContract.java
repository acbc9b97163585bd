package dev.parlance.domain.completion;

import static org.assertj.core.api.Assertions.assertThat;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import java.util.Optional;
import org.junit.jupiter.api.Test;

/**
 * What every language-model adapter must do. A vendor's test extends this class and plays the
 * vendor with a local server speaking its wire format; each method below scripts one situation.
 * Ports must be built with {@link #PRICE}, two retries and a pause that does not sleep.
 */
public abstract class CompleteChatPortContract {

  /** The price every port under contract is configured with: $2.50 / $10 per million tokens. */
  protected static final ModelPrice PRICE = ModelPrice.perMillion("2.50", "10.00");

  /** What the vendor's recorded successful answer says. */
  public record RecordedAnswer(
      String textFragment, long promptTokens, long completionTokens, String model) {}

  protected static final CompletionRequest QUESTION =
      CompletionRequest.of(
          "You write SQL.", "Which installation has the most open maintenance orders?");

  /** A port whose vendor answers every call with its recorded successful answer. */
  protected abstract CompleteChatPort answering();

  protected abstract RecordedAnswer recordedAnswer();

  /** A port whose vendor answers 429 once, then its recorded successful answer. */
  protected abstract CompleteChatPort rateLimitedOnce();

  /** A port whose vendor answers every call with a server error (5xx). */
  protected abstract CompleteChatPort failingOnTheServer();

  /** A port whose vendor answers later than the port's timeout. */
  protected abstract CompleteChatPort tooSlow();

  /** A port whose vendor answers 200 with a body that is not JSON. */
  protected abstract CompleteChatPort answeringGarbage();

  /** A port whose model refuses, the vendor's way; empty if the vendor has no refusal signal. */
  protected abstract Optional<CompleteChatPort> refusing();

  /** A port whose key the vendor rejects; empty for vendors without keys. */
  protected abstract Optional<CompleteChatPort> rejectingTheKey();

  /** How many requests the vendor's server received so far. */
  protected abstract int requestsReceived();

  @Test
  void should_return_the_text_tokens_and_cost_when_the_vendor_answers() {
    Completions result = answering().complete(QUESTION);

    RecordedAnswer recorded = recordedAnswer();
    Completion c = result.first();
    assertThat(result.failures()).isEmpty();
    assertThat(c.text()).contains(recorded.textFragment());
    assertThat(c.usage())
        .isEqualTo(new TokenUsage(recorded.promptTokens(), recorded.completionTokens()));
    assertThat(c.cost().usd()).isEqualByComparingTo(PRICE.costOf(c.usage()).usd());
    assertThat(c.cost().isKnown()).isTrue();
    assertThat(c.model()).isEqualTo(recorded.model());
    assertThat(c.vendor()).isNotBlank();
    assertThat(c.attempts()).isEqualTo(1);
    assertThat(c.latency()).isPositive();
    assertThat(c.ending()).isEqualTo(Completion.Ending.FINISHED);
    assertThat(requestsReceived()).isEqualTo(1);
  }

  @Test
  void should_return_one_completion_per_sample_when_several_are_asked() {
    Completions result = answering().complete(QUESTION.withSamples(3).withTemperature(0.7));

    RecordedAnswer recorded = recordedAnswer();
    assertThat(result.completions()).hasSize(3);
    assertThat(result.usage())
        .isEqualTo(new TokenUsage(3 * recorded.promptTokens(), 3 * recorded.completionTokens()));
    assertThat(result.cost().usd()).isEqualByComparingTo(PRICE.costOf(result.usage()).usd());
    assertThat(requestsReceived()).isEqualTo(3);
  }

  @Test
  void should_answer_after_a_retry_when_rate_limited_once() {
    Completions result = rateLimitedOnce().complete(QUESTION);

    assertThat(result.failures()).isEmpty();
    assertThat(result.first().attempts()).isEqualTo(2);
    assertThat(requestsReceived()).isEqualTo(2);
  }

  @Test
  void should_fail_as_unavailable_after_the_retries_when_the_vendor_keeps_failing() {
    Completions result = failingOnTheServer().complete(QUESTION);

    assertThat(result.isEmpty()).isTrue();
    CompletionFailure failure = result.firstFailure().orElseThrow();
    assertThat(failure.kind()).isEqualTo(FailureKind.UNAVAILABLE);
    assertThat(failure.attempts()).isEqualTo(3);
    assertThat(failure.message()).isNotBlank();
    assertThat(requestsReceived()).isEqualTo(3);
  }

  @Test
  void should_fail_as_timeout_without_retrying_when_the_vendor_is_too_slow() {
    Completions result = tooSlow().complete(QUESTION);

    CompletionFailure failure = result.firstFailure().orElseThrow();
    assertThat(result.isEmpty()).isTrue();
    assertThat(failure.kind()).isEqualTo(FailureKind.TIMEOUT);
    assertThat(failure.attempts()).isEqualTo(1);
  }

  @Test
  void should_fail_as_malformed_when_the_answer_is_not_json() {
    Completions result = answeringGarbage().complete(QUESTION);

    assertThat(result.isEmpty()).isTrue();
    assertThat(result.firstFailure().orElseThrow().kind()).isEqualTo(FailureKind.MALFORMED_ANSWER);
  }

  @Test
  void should_fail_as_refused_when_the_model_refuses() {
    Optional<CompleteChatPort> port = refusing();
    assumeTrue(port.isPresent(), "this vendor has no refusal signal");

    Completions result = port.get().complete(QUESTION);

    assertThat(result.isEmpty()).isTrue();
    CompletionFailure failure = result.firstFailure().orElseThrow();
    assertThat(failure.kind()).isEqualTo(FailureKind.REFUSED);
    assertThat(failure.message()).isNotBlank();
    assertThat(requestsReceived()).isEqualTo(1);
  }

  @Test
  void should_fail_as_authentication_without_retrying_when_the_key_is_rejected() {
    Optional<CompleteChatPort> port = rejectingTheKey();
    assumeTrue(port.isPresent(), "this vendor takes no key");

    Completions result = port.get().complete(QUESTION);

    CompletionFailure failure = result.firstFailure().orElseThrow();
    assertThat(failure.kind()).isEqualTo(FailureKind.AUTHENTICATION);
    assertThat(failure.attempts()).isEqualTo(1);
    assertThat(failure.message()).doesNotContain("\n").isNotBlank();
    assertThat(requestsReceived()).isEqualTo(1);
  }
}
