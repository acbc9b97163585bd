package dev.parlance.application.model;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.parlance.domain.completion.Completion;
import dev.parlance.domain.completion.CompletionFailure;
import dev.parlance.domain.completion.Completions;
import dev.parlance.domain.completion.Cost;
import dev.parlance.domain.completion.FailureKind;
import dev.parlance.domain.completion.FakeLanguageModels;
import dev.parlance.domain.completion.NoLanguageModelException;
import dev.parlance.domain.completion.TokenUsage;
import java.time.Duration;
import java.util.Optional;
import org.junit.jupiter.api.Test;

class CheckLanguageModelServiceTest {

  private static final Optional<String> NONE = Optional.empty();

  @Test
  void should_report_the_answer_when_the_model_answers() {
    Completion ready =
        new Completion(
            "ready",
            new TokenUsage(10, 1),
            Cost.unpriced(),
            "openai",
            "gpt-4o-mini",
            Duration.ofMillis(20),
            1,
            Completion.Ending.FINISHED);
    var check =
        new CheckLanguageModelService(FakeLanguageModels.of(request -> Completions.of(ready)))
            .check(NONE, NONE, "Reply with: ready");

    assertThat(check).isInstanceOf(CheckLanguageModelUseCase.Answered.class);
    assertThat(((CheckLanguageModelUseCase.Answered) check).completion().text()).isEqualTo("ready");
  }

  @Test
  void should_report_every_failure_when_nothing_answers() {
    CompletionFailure refused =
        new CompletionFailure(
            FailureKind.AUTHENTICATION,
            "openai",
            "gpt-4o-mini",
            "Incorrect API key provided",
            TokenUsage.NONE,
            Cost.ZERO,
            Duration.ofMillis(5),
            1);
    var check =
        new CheckLanguageModelService(FakeLanguageModels.of(request -> Completions.failed(refused)))
            .check(NONE, NONE, "hello");

    assertThat(check).isInstanceOf(CheckLanguageModelUseCase.NoAnswer.class);
    assertThat(((CheckLanguageModelUseCase.NoAnswer) check).failures()).containsExactly(refused);
  }

  @Test
  void should_say_how_to_configure_one_when_none_is_configured() {
    assertThatThrownBy(
            () -> new CheckLanguageModelService(FakeLanguageModels.none()).check(NONE, NONE, "x"))
        .isInstanceOfSatisfying(
            NoLanguageModelException.class,
            e -> assertThat(e.howToConfigure()).isEqualTo(FakeLanguageModels.HOW_TO_CONFIGURE));
  }
}
