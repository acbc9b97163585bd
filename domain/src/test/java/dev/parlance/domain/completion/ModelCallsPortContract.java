package dev.parlance.domain.completion;

import static org.assertj.core.api.Assertions.assertThat;

import java.math.BigDecimal;
import java.time.Instant;
import org.junit.jupiter.api.Test;

/** What every ledger of model calls must do: keep each request whole, read back by time. */
public abstract class ModelCallsPortContract {

  protected abstract ModelCallsPort port();

  @Test
  void should_read_back_the_requests_of_a_time_range_oldest_first() {
    // A range of its own (a shared store keeps other tests' calls).
    Instant base = Instant.parse("2031-03-0" + (1 + System.nanoTime() % 8) + "T10:00:00Z");
    ModelCall answer =
        new ModelCall(
            base.plusSeconds(60),
            ModelPurpose.ANSWER,
            "demo",
            "default",
            5,
            new TokenUsage(1200, 60),
            Cost.of(new BigDecimal("0.00123")));
    ModelCall regression =
        new ModelCall(
            base,
            ModelPurpose.REGRESSION,
            "demo",
            "default",
            2,
            new TokenUsage(900, 30),
            new Cost(BigDecimal.ZERO, 2));
    ModelCall later =
        new ModelCall(
            base.plusSeconds(3600),
            ModelPurpose.SUGGESTION,
            "",
            "cheap",
            1,
            new TokenUsage(10, 1),
            Cost.ZERO);

    port().record(answer);
    port().record(regression);
    port().record(later);

    assertThat(port().between(base, base.plusSeconds(3600))).containsExactly(regression, answer);
    assertThat(port().between(base.plusSeconds(3600), base.plusSeconds(3601)))
        .containsExactly(later);
  }
}
