package dev.parlance.deploy.portal;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.io.IOException;
import java.util.concurrent.CompletableFuture;
import org.junit.jupiter.api.Test;

class PortalLauncherTest {

  @Test
  void should_read_what_is_being_prepared_from_the_start_up_health_check() {
    String body =
        "{\"status\":\"DOWN\",\"checks\":[{\"name\":\"parlance-start\",\"status\":\"DOWN\","
            + "\"data\":{\"preparing\":\"indexing demo: embedding 400/613\"}}]}";

    assertThat(PortalReadiness.preparing(body)).isEqualTo("indexing demo: embedding 400/613");
  }

  @Test
  void should_say_the_body_as_it_is_when_it_is_not_the_health_check() {
    assertThat(PortalReadiness.preparing(" starting \n")).isEqualTo("starting");
  }

  @Test
  void should_fail_the_caller_with_the_step_s_own_failure_when_a_start_step_fails() {
    assertThat(PortalLaunchException.join(CompletableFuture.completedFuture("up"), "x"))
        .isEqualTo("up");
    assertThatThrownBy(
            () ->
                PortalLaunchException.join(
                    CompletableFuture.failedFuture(new PortalLaunchException("port 1 is in use")),
                    "the portal did not start"))
        .isInstanceOf(PortalLaunchException.class)
        .hasMessage("port 1 is in use");
    assertThatThrownBy(
            () ->
                PortalLaunchException.join(
                    CompletableFuture.failedFuture(new IOException("no such file")),
                    "cannot start Keycloak"))
        .isInstanceOf(PortalLaunchException.class)
        .hasMessage("cannot start Keycloak: no such file");
  }
}
