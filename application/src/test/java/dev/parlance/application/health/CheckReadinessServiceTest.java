package dev.parlance.application.health;

import static org.assertj.core.api.Assertions.assertThat;

import dev.parlance.domain.health.ComponentStatus;
import java.util.List;
import java.util.Set;
import org.junit.jupiter.api.Test;

class CheckReadinessServiceTest {

  @Test
  void should_be_ready_when_every_required_component_answers() {
    var report =
        new CheckReadinessService(
                List.of(() -> ComponentStatus.up("store"), () -> ComponentStatus.up("identity")),
                Set.of("store", "identity"))
            .check();

    assertThat(report.ready()).isTrue();
    assertThat(report.components())
        .extracting(ComponentStatus::component)
        .containsExactly("store", "identity");
  }

  @Test
  void should_not_be_ready_when_a_required_component_has_no_probe() {
    var report =
        new CheckReadinessService(
                List.of(() -> ComponentStatus.up("identity")), Set.of("identity", "index"))
            .check();

    assertThat(report.ready()).isFalse();
    assertThat(report.components())
        .filteredOn(c -> c.component().equals("index"))
        .singleElement()
        .satisfies(c -> assertThat(c.detail()).contains("no probe"));
  }

  @Test
  void should_report_a_throwing_probe_as_down_instead_of_failing() {
    var report =
        new CheckReadinessService(
                List.of(
                    () -> {
                      throw new IllegalStateException("boom");
                    }),
                Set.of())
            .check();

    assertThat(report.ready()).isFalse();
    assertThat(report.components().getFirst().detail()).contains("boom");
  }

  // Issue 24: readiness must come back by itself after an OutOfMemoryError.
  @Test
  void should_report_down_then_up_again_when_a_probe_met_an_out_of_memory_error() {
    int[] calls = {0};
    var readiness =
        new CheckReadinessService(
            List.of(
                () -> {
                  if (calls[0]++ == 0) {
                    throw new OutOfMemoryError("Java heap space");
                  }
                  return ComponentStatus.up("store");
                }),
            Set.of("store"));

    var during = readiness.check();
    var after = readiness.check();

    assertThat(during.ready()).isFalse();
    assertThat(during.components().getFirst().detail()).contains("Java heap space");
    assertThat(after.ready()).isTrue();
  }

  @Test
  void should_not_be_ready_with_nothing_to_check() {
    assertThat(new CheckReadinessService(List.of(), Set.of()).check().ready()).isFalse();
  }
}
