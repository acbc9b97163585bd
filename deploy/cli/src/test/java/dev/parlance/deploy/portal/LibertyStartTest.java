package dev.parlance.deploy.portal;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.api.Test;

class LibertyStartTest {

  @Test
  void should_run_liberty_on_the_client_compiler_when_the_user_gives_no_jvm_options() {
    assertThat(LibertyStart.jvmArgs(null)).isEqualTo("-XX:TieredStopAtLevel=1");
    assertThat(LibertyStart.jvmArgs("  ")).isEqualTo("-XX:TieredStopAtLevel=1");
  }

  @Test
  void should_put_the_users_jvm_options_last_so_that_they_win() {
    assertThat(LibertyStart.jvmArgs(" -Xmx6g -XX:TieredStopAtLevel=4 "))
        .isEqualTo("-XX:TieredStopAtLevel=1 -Xmx6g -XX:TieredStopAtLevel=4");
  }
}
