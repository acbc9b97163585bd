package dev.parlance.web.pages;

import static org.assertj.core.api.Assertions.assertThat;

import dev.parlance.application.answer.TooManyAsksException;
import java.time.Duration;
import org.junit.jupiter.api.Test;

/** How the pages word a question refused for being one too many at once (issue 24). */
class PageFailureTest {

  @Test
  void should_say_not_now_next_to_the_form_with_when_to_ask_again() {
    PageFailure mine =
        PageFailure.of(
                new TooManyAsksException(
                    "you already have 2 questions being answered; ask again when one has finished",
                    false,
                    Duration.ofSeconds(7)))
            .orElseThrow();
    PageFailure everyone =
        PageFailure.of(
                new TooManyAsksException(
                    "the server is answering as many questions as it may at once (16)",
                    true,
                    Duration.ofSeconds(3)))
            .orElseThrow();

    assertThat(mine.status()).isEqualTo(429);
    assertThat(mine.inline()).isTrue();
    assertThat(mine.message())
        .isEqualTo(
            "Not now: you already have 2 questions being answered; ask again when one has"
                + " finished (in about 7 s).");
    assertThat(everyone.status()).isEqualTo(503);
    assertThat(everyone.message()).contains("as many questions as it may at once");
  }
}
