package dev.parlance.deploy.portal;

import static org.assertj.core.api.Assertions.assertThat;

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
}
