package dev.parlance.deploy.cli;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.parlance.domain.governance.GovernancePolicy;
import java.time.Duration;
import org.junit.jupiter.api.Test;

/** The policy file's per-role timeouts: read, written back, and absent from older files. */
class PolicyJsonTest {

  @Test
  void should_read_and_write_per_role_timeouts() {
    GovernancePolicy read =
        PolicyJson.read(
            "demo", "{\"timeout_ms\": 5000, \"role_timeouts_ms\": {\"Steward\": 60000}}");

    assertThat(read.timeout()).isEqualTo(Duration.ofSeconds(5));
    assertThat(read.roleTimeouts())
        .containsExactly(java.util.Map.entry("steward", Duration.ofMinutes(1)));
    String written = PolicyJson.write(read);
    assertThat(written).contains("\"role_timeouts_ms\" : {").contains("\"steward\" : 60000");
    assertThat(PolicyJson.read("demo", written).sameRules(read)).isTrue();
  }

  @Test
  void should_read_a_file_without_role_timeouts_as_before_and_write_none() {
    GovernancePolicy read = PolicyJson.read("demo", "{\"row_cap\": 10}");

    assertThat(read.roleTimeouts()).isEmpty();
    assertThat(PolicyJson.write(read)).doesNotContain("role_timeouts_ms");
  }

  @Test
  void should_name_a_role_timeout_that_is_not_milliseconds() {
    assertThatThrownBy(
            () -> PolicyJson.read("demo", "{\"role_timeouts_ms\": {\"analyst\": \"soon\"}}"))
        .isInstanceOf(IllegalArgumentException.class)
        .hasMessageContaining("role analyst must be milliseconds");
    assertThatThrownBy(() -> PolicyJson.read("demo", "{\"role_timeouts_ms\": [1]}"))
        .hasMessageContaining("role_timeouts_ms must be an object");
    assertThatThrownBy(() -> PolicyJson.read("demo", "{\"role_timeouts_ms\": {\"analyst\": 0}}"))
        .hasMessageContaining("statement timeout of role analyst must be between 1 ms and 1 h");
  }
}
