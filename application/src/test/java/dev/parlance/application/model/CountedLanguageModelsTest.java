package dev.parlance.application.model;

import static org.assertj.core.api.Assertions.assertThat;

import dev.parlance.domain.completion.CompleteChatPort;
import dev.parlance.domain.completion.Completion;
import dev.parlance.domain.completion.CompletionRequest;
import dev.parlance.domain.completion.Completions;
import dev.parlance.domain.completion.Cost;
import dev.parlance.domain.completion.FakeLanguageModels;
import dev.parlance.domain.completion.InMemoryModelCalls;
import dev.parlance.domain.completion.LanguageModelsPort.ModelRequest;
import dev.parlance.domain.completion.ModelCall;
import dev.parlance.domain.completion.ModelCallsPort;
import dev.parlance.domain.completion.ModelPurpose;
import dev.parlance.domain.completion.TokenUsage;
import java.math.BigDecimal;
import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.time.ZoneOffset;
import java.util.List;
import java.util.Optional;
import org.junit.jupiter.api.Test;

class CountedLanguageModelsTest {

  private static final Instant NOW = Instant.parse("2026-11-27T10:00:00Z");

  private final InMemoryModelCalls ledger = new InMemoryModelCalls();

  private static Completion answer(String text) {
    return new Completion(
        text,
        new TokenUsage(1200, 60),
        Cost.of(new BigDecimal("0.001")),
        "openai",
        "gpt-4o-mini",
        Duration.ofMillis(5),
        1,
        Completion.Ending.FINISHED);
  }

  private CountedLanguageModels counted(ModelCallsPort into) {
    return new CountedLanguageModels(
        FakeLanguageModels.of(request -> Completions.of(answer("a"), answer("b"))),
        into,
        Clock.fixed(NOW, ZoneOffset.UTC));
  }

  @Test
  void should_write_each_request_with_its_purpose_source_calls_tokens_and_cost() {
    var model =
        counted(ledger)
            .choose(ModelRequest.forSource("demo").forPurpose(ModelPurpose.REGRESSION))
            .orElseThrow();

    Completions answered = model.chat().complete(CompletionRequest.of("Say OK."));

    assertThat(answered.texts()).containsExactly("a", "b");
    assertThat(ledger.all())
        .containsExactly(
            new ModelCall(
                NOW,
                ModelPurpose.REGRESSION,
                "demo",
                "default",
                2,
                new TokenUsage(2400, 120),
                Cost.of(new BigDecimal("0.002"))));
  }

  @Test
  void should_pass_a_rehearsal_to_the_model_and_count_nothing() {
    var rehearsals = new java.util.concurrent.atomic.AtomicInteger();
    CompleteChatPort rehearsing =
        new CompleteChatPort() {
          @Override
          public Completions complete(CompletionRequest request) {
            return Completions.of(answer("a"));
          }

          @Override
          public boolean rehearse() {
            rehearsals.incrementAndGet();
            return true;
          }
        };
    var model =
        new CountedLanguageModels(
                FakeLanguageModels.of(rehearsing), ledger, Clock.fixed(NOW, ZoneOffset.UTC))
            .choose(ModelRequest.forSource("demo"))
            .orElseThrow();

    assertThat(model.chat().rehearse()).isTrue();
    assertThat(rehearsals).hasValue(1);
    assertThat(ledger.all()).isEmpty();
  }

  @Test
  void should_count_a_request_as_an_answer_unless_it_names_another_purpose() {
    counted(ledger)
        .choose(ModelRequest.of(Optional.empty(), Optional.empty()))
        .orElseThrow()
        .chat()
        .complete(CompletionRequest.of("q"));

    assertThat(ledger.all()).extracting(ModelCall::purpose).containsExactly(ModelPurpose.ANSWER);
    assertThat(ledger.all()).extracting(ModelCall::source).containsExactly("");
  }

  @Test
  void should_still_answer_when_the_ledger_cannot_write() {
    ModelCallsPort broken =
        new ModelCallsPort() {
          @Override
          public void record(ModelCall call) {
            throw new IllegalStateException("store down");
          }

          @Override
          public List<ModelCall> between(Instant since, Instant until) {
            return List.of();
          }
        };

    Completions answered =
        counted(broken)
            .choose(ModelRequest.forSource("demo"))
            .orElseThrow()
            .chat()
            .complete(CompletionRequest.of("q"));

    assertThat(answered.texts()).containsExactly("a", "b");
  }
}
